import type { MiddlewareHandler } from "hono";
import type { Env } from "../env.ts";
import { isLoopbackAddress, isLoopbackHostname } from "./shop-origin.ts";

/** Headers a reverse proxy adds: a request that went through one did not come from this machine's user. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip"];

/**
 * Whether this shop may show its outbox at all (docs/decisions/013-dev-outbox.md): with DEV_OUTBOX=true
 * (end-to-end tests), or on a machine that is trying the shop out: nothing is sent for real (no SMTP, no
 * Twilio: the outbox is the only place a reset link or a sign-in code can be read) and the shop's public
 * origin, if named, is this machine.
 */
export function outboxMayOpen(env: Env): boolean {
  if (env.DEV_OUTBOX) return true;
  if (env.SMTP_URL || env.TWILIO_ACCOUNT_SID) return false;
  return !env.PUBLIC_URL || isLoopbackHostname(new URL(env.PUBLIC_URL).hostname);
}

/**
 * Whether one request may read the outbox: the shop may show it, and (unless DEV_OUTBOX=true) the request
 * comes straight from this machine: the socket's peer is a loopback address (never a header's say-so), no
 * proxy forwarded it, and its Host header names this machine (a page of another site that a DNS record
 * points at 127.0.0.1 sends its own name: docs/decisions/029-dev-outbox-checked-by-its-page.md).
 * `peer` is undefined for an in-process request (tests), which has no socket.
 */
export function outboxReadable(env: Env, peer: string | undefined, headers: Headers): boolean {
  if (env.DEV_OUTBOX) return true;
  if (!outboxMayOpen(env)) return false;
  if (peer !== undefined && !isLoopbackAddress(peer)) return false;
  if (FORWARDING_HEADERS.some((h) => headers.has(h))) return false;
  // A browser always sends Host; a request without one (HTTP/1.0, in-process) names no other site.
  const host = headers.get("host");
  return host === null || isLoopbackHostname(hostnameOf(host));
}

/** The name in a Host header (`[::1]:3000` -> `[::1]`); "" when it is no host at all. */
function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).host === host.toLowerCase() ? new URL(`http://${host}`).hostname : "";
  } catch {
    return "";
  }
}

/** The socket peer of a request Hono got from Node; undefined for an in-process request (tests). */
export function socketPeer(env: unknown): string | undefined {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming ? (incoming.socket?.remoteAddress ?? "") : undefined;
}

/**
 * Answers 404 to a request for /dev/outbox, in any letter case (React Router matches paths whatever their
 * case), that may not read it. The page's loader applies the same rule, so the page never depends on this.
 */
export function devOutboxGuard(env: Env): MiddlewareHandler {
  return async (c, next) => {
    if (!c.req.path.toLowerCase().startsWith("/dev/outbox")) return next();
    if (outboxReadable(env, socketPeer(c.env), c.req.raw.headers)) return next();
    return c.text("Not found", 404, { "Cache-Control": "no-store" });
  };
}
