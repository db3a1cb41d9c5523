import type { MiddlewareHandler } from "hono";

/**
 * PostgreSQL text cannot hold U+0000, so a NUL in a path or query would reach the database as an
 * error (a 5xx). No URL of the shop needs one: refuse it up front.
 */
const hasNul = (url: string) => url.includes("%00") || url.includes("\u0000");

export function refuseNul(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    if (!hasNul(url)) return next();
    const message = "The address contains a NUL character.";
    return c.req.path.startsWith("/api/")
      ? c.json({ message, code: "invalid_input" }, 400)
      : c.text(message, 400, { "cache-control": "no-store" });
  };
}
