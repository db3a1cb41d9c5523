import type { MiddlewareHandler } from "hono";

/**
 * A page has one address: '/knowledge/' redirects permanently to '/knowledge', the query string kept
 * (301 for GET and HEAD, 308 for other methods so the body is sent again). The home page '/' and the
 * API under /api/ are left alone. Leading slashes collapse to one, so '//host/' cannot become a
 * redirect to another site. A language prefix in capitals redirects to it in lower case ('/FR/x' → '/fr/x').
 */
export function redirectTrailingSlash(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const path = url.pathname;
    if (path === "/api" || path.startsWith("/api/")) return next();
    const languageCase = LANGUAGE_IN_CAPITALS.exec(path);
    if (path !== "/" && (path.endsWith("/") || languageCase)) {
      const collapsed = `/${path.replace(/^\/+/, "").replace(/\/+$/, "")}`;
      const canonical = languageCase
        ? collapsed.replace(LANGUAGE_IN_CAPITALS, (p) => p.toLowerCase())
        : collapsed;
      const status = c.req.method === "GET" || c.req.method === "HEAD" ? 301 : 308;
      return c.redirect(`${canonical}${url.search}`, status);
    }
    return next();
  };
}

/**
 * A language prefix spelled in capitals (`/FR/knowledge`, `/Es`): the page's one address has it in lower case
 * (core/i18n/locales.ts), so it redirects there like a trailing slash does, rather than answering the English
 * page under a Spanish or French address (the router matches paths whatever their case).
 */
const LANGUAGE_IN_CAPITALS = /^\/+(?!es(?:\/|$)|fr(?:\/|$))(?:[eE][sS]|[fF][rR])(?=\/|$)/;
