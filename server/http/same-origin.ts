import type { MiddlewareHandler } from "hono";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent from another site (CSRF). Browsers send `Origin` on every
 * cross-site POST/PUT/DELETE; a request whose Origin is neither this host nor a trusted origin gets 403.
 * Requests without Origin (server-to-server, curl) carry no ambient browser cookies to abuse.
 */
export function sameOrigin(trusted: string[] = []): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    // A browser that leaves Origin out still says where the request comes from (Fetch Metadata).
    if (!origin && c.req.header("sec-fetch-site") !== "cross-site") return next();
    const own = new URL(c.req.url).origin;
    if (origin && (origin === own || trusted.includes(origin))) return next();
    return c.json({ message: "Cross-site requests are not allowed.", code: "forbidden_origin" }, 403);
  };
}
