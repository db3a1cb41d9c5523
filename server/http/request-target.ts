import type { MiddlewareHandler } from "hono";

/**
 * Refuses a request whose request line carries an absolute URL (`GET http://evil.example/ HTTP/1.1`) naming
 * another host than its Host header. The URL a handler sees is built from that absolute URL, while the page
 * cache files the answer under the Host header: a page's links would otherwise name a host the visitor never
 * asked for, and be served to every later visitor of the real one (docs/decisions/030-one-shop-origin.md).
 * In-process requests (tests) have no request line and pass.
 */
export function refuseForeignRequestTarget(): MiddlewareHandler {
  return async (c, next) => {
    const target = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
    if (!target || target.startsWith("/") || target === "*") return next();
    const host = c.req.header("host")?.toLowerCase();
    let named: string | undefined;
    try {
      named = new URL(target).host;
    } catch {
      named = undefined;
    }
    if (host && host === named) return next();
    return c.json(
      {
        message: "The host in the request line and the Host header differ: send one host.",
        code: "host_mismatch",
      },
      400,
      { "Cache-Control": "no-store" },
    );
  };
}
