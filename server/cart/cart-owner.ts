import { createHash, randomBytes } from "node:crypto";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Env } from "../env.ts";

/** Who a cart belongs to: a signed-in user, or a guest known by an opaque cookie token. */
export type CartOwner = { kind: "user"; userId: string } | { kind: "guest"; tokenHash: string | null };

const GUEST_MAX_AGE = 60 * 60 * 24 * 60; // 60 days

/** `__Host-` in production binds the cookie to our origin over HTTPS (ARCHITECTURE.md, "Identity"). */
export function guestCookieName(env: Env): string {
  return env.NODE_ENV === "production" && env.PUBLIC_URL?.startsWith("https:")
    ? "__Host-mana_cart"
    : "mana_cart";
}

/** Only the token's hash is stored, so a database leak does not hand out carts. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function readGuestTokenHash(c: Context, env: Env): string | null {
  const token = getCookie(c, guestCookieName(env));
  return token && /^[A-Za-z0-9_-]{32,64}$/.test(token) ? hashToken(token) : null;
}

/** Issues a new guest token cookie (httpOnly, SameSite=Lax, Secure in production); returns its hash. */
export function issueGuestToken(c: Context, env: Env): string {
  const token = randomBytes(32).toString("base64url");
  const secure = env.NODE_ENV === "production" && env.PUBLIC_URL?.startsWith("https:") === true;
  setCookie(c, guestCookieName(env), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: GUEST_MAX_AGE,
  });
  return hashToken(token);
}

export function dropGuestToken(c: Context, env: Env): void {
  deleteCookie(c, guestCookieName(env), { path: "/" });
}
