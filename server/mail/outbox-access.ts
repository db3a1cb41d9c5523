import { isIP } from "node:net";
import type { MiddlewareHandler } from "hono";
import type { Env } from "../env.ts";

/** Headers a reverse proxy adds: a request that went through one did not come from this machine's user. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip"];

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || isLoopbackAddress(host);
}

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const a = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(a) === 4) return a.startsWith("127.");
  return a === "::1";
}

/**
 * Whether this shop may show its outbox at all (docs/decisions/013-dev-outbox.md): with DEV_OUTBOX=true
 * (end-to-end tests), or on a machine that is trying the shop out: nothing is sent for real (no SMTP, no
 * Twilio: the outbox is the only place a reset link or a sign-in code can be read) and the shop's public
 * origin, if named, is this machine.
 */
export function outboxMayOpen(env: Env): boolean {
  if (env.DEV_OUTBOX) return true;
  if (env.SMTP_URL || env.TWILIO_ACCOUNT_SID) return false;
  return !env.PUBLIC_URL || isLoopbackHost(new URL(env.PUBLIC_URL).hostname);
}

/**
 * Whether one request may read the outbox: the shop may show it, and (unless DEV_OUTBOX=true) the request
 * comes straight from this machine: the socket's peer is a loopback address (never a header's say-so) and
 * no proxy forwarded it. `peer` is undefined for an in-process request (tests), which has no socket.
 */
export function outboxReadable(env: Env, peer: string | undefined, headers: Headers): boolean {
  if (env.DEV_OUTBOX) return true;
  if (!outboxMayOpen(env)) return false;
  if (peer !== undefined && !isLoopbackAddress(peer)) return false;
  return !FORWARDING_HEADERS.some((h) => headers.has(h));
}

/** Answers 404 to a request for /dev/outbox that may not read it; the page's loader checks `outboxMayOpen` too. */
export function devOutboxGuard(env: Env): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
    const peer = incoming ? (incoming.socket?.remoteAddress ?? "") : undefined;
    if (outboxReadable(env, peer, c.req.raw.headers)) return next();
    return c.text("Not found", 404, { "Cache-Control": "no-store" });
  };
}
