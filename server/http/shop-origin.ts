import { isIP } from "node:net";
import type { Env } from "../env.ts";

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const a = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(a) === 4) return a.startsWith("127.");
  return a === "::1";
}

/** `localhost`, `*.localhost`, 127.0.0.0/8 or [::1]: a name that only ever reaches this machine. */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || isLoopbackAddress(host);
}

/** host[:port] as a URL may carry it: a name or IPv4 address, or a bracketed IPv6 address. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The `Host` header of a request (an in-process request without one: its URL's host), lower-cased. */
export function requestHost(request: Pick<Request, "headers" | "url">): string {
  return (request.headers.get("host") ?? new URL(request.url).host).toLowerCase();
}

/** The origins this machine's shop answers at on its own port: the ones a newcomer may open it at. */
export function loopbackOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}

/**
 * Where every absolute URL the shop writes begins: canonical and Open Graph links, JSON-LD, the sitemap,
 * payment return URLs, and the links in e-mails (docs/decisions/030-one-shop-origin.md).
 * - With PUBLIC_URL (required in production), always PUBLIC_URL's origin.
 * - Without it, a page (`use: "page"`) links to the host it was asked for, when the Host header is a
 *   well-formed host: the page cache keeps each host's pages apart (server/http/page-cache.ts), and a
 *   request whose absolute request line names another host is refused (server/http/request-target.ts).
 * - An e-mail (`use: "mail"`) reaches someone else, so an attacker's Host must never name its links: it
 *   uses the request's host only when that is a loopback host on the shop's own port (or with no port), else
 *   `http://localhost:PORT`. With no request at all (jobs, the command line), `http://localhost:PORT`.
 */
export function shopOrigin(
  env: Pick<Env, "PUBLIC_URL" | "PORT">,
  host?: string | null,
  use: "page" | "mail" = "mail",
): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, "");
  const fallback = `http://localhost:${env.PORT}`;
  if (!host || !HOST.test(host)) return fallback;
  const url = new URL(`http://${host}`);
  if (use === "page") return url.origin;
  // No port: this machine's default port, as in-process requests (tests) name it; never another machine.
  const port = url.port === "" ? env.PORT : Number(url.port);
  return isLoopbackHostname(url.hostname) && port === env.PORT ? url.origin : fallback;
}
