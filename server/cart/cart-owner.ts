import { createHash, randomBytes } from "node:crypto";
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { parse } from "hono/utils/cookie";
import type { AppServices, SessionUser } from "../context.ts";
import type { Env } from "../env.ts";

/** Who a cart belongs to: a signed-in user, or a guest known by an opaque cookie token. */
export type CartOwner = { kind: "user"; userId: string } | { kind: "guest"; tokenHash: string | null };

const GUEST_MAX_AGE = 60 * 60 * 24 * 60; // 60 days

const isSecureSite = (env: Env) =>
  env.NODE_ENV === "production" && env.PUBLIC_URL?.startsWith("https:") === true;

/**
 * `__Host-` in production binds the cookie to our origin over HTTPS: no subdomain and no plain-HTTP page
 * can set or overwrite it.
 */
export function guestCookieName(env: Env): string {
  return isSecureSite(env) ? "__Host-mana_cart" : "mana_cart";
}

/** Only the token's hash is stored, so a database leak does not hand out carts. */
function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The hash of the guest cart token the request's cookie carries; null without a well-formed one. */
export function guestTokenHash(headers: Headers, env: Env): string | null {
  const name = guestCookieName(env);
  const token = parse(headers.get("cookie") ?? "", name)[name];
  return token && /^[A-Za-z0-9_-]{32,64}$/.test(token) ? hashToken(token) : null;
}

/**
 * Whose cart a request reaches, from its headers alone, so the cart API and the route loaders agree: the
 * signed-in user's, else the guest's by the cart cookie.
 */
export async function resolveCartOwner(
  services: Pick<AppServices, "identity" | "env">,
  headers: Headers,
): Promise<{ owner: CartOwner; user: SessionUser | null }> {
  const user = await services.identity.getUser(headers);
  if (user) return { owner: { kind: "user", userId: user.id }, user };
  return { owner: { kind: "guest", tokenHash: guestTokenHash(headers, services.env) }, user: null };
}

/**
 * The owner for a cart write: as `resolveCartOwner`, and a guest without a cart cookie is given one now
 * (httpOnly, SameSite=Lax, Secure in production); `isNew` says they cannot have a cart yet.
 */
export async function resolveCartOwnerForWrite(
  services: Pick<AppServices, "identity" | "env">,
  c: Context,
): Promise<CartOwner & { isNew?: boolean }> {
  const { owner } = await resolveCartOwner(services, c.req.raw.headers);
  if (owner.kind === "user" || owner.tokenHash) return owner;
  const token = randomBytes(32).toString("base64url");
  setCookie(c, guestCookieName(services.env), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecureSite(services.env),
    path: "/",
    maxAge: GUEST_MAX_AGE,
  });
  return { kind: "guest", tokenHash: hashToken(token), isNew: true };
}
