import type { MiddlewareHandler } from "hono";

/**
 * A page has one address: '/knowledge/' redirects permanently to '/knowledge', the query string kept
 * (301 for GET and HEAD, 308 for other methods so the body is sent again). The home page '/' and the
 * API under /api/ are left alone. Leading slashes collapse to one, so '//host/' cannot become a
 * redirect to another site.
 */
export function redirectTrailingSlash(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const path = url.pathname;
    if (path === "/" || !path.endsWith("/") || path === "/api" || path.startsWith("/api/")) return next();
    const canonical = `/${path.replace(/^\/+/, "").replace(/\/+$/, "")}`;
    const status = c.req.method === "GET" || c.req.method === "HEAD" ? 301 : 308;
    return c.redirect(`${canonical}${url.search}`, status);
  };
}
