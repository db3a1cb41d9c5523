import type { MiddlewareHandler } from "hono";
import { isCrossSite } from "./cross-site.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** Refuses (403) a state-changing /api request sent from another site (the rule: cross-site.ts). */
export function sameOrigin(trusted: string[] = []): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    if (!isCrossSite(c.req.raw.headers, new URL(c.req.url).origin, trusted)) return next();
    return c.json({ message: "Cross-site requests are not allowed.", code: "forbidden_origin" }, 403);
  };
}
