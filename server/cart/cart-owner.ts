import { createHash, randomBytes } from "node:crypto";
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

/** The value of the first cookie called `name` in a Cookie header. */
function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq > 0 && pair.slice(0, eq).trim() === name)
      return pair
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, "$1");
  }
  return undefined;
}

/** The hash of the guest cart token the request's cookie carries; null without a well-formed one. */
export function guestTokenHash(headers: Headers, env: Env): string | null {
  const token = cookieValue(headers.get("cookie") ?? "", guestCookieName(env));
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

/** A cookie the adapter is to set on the answer; the domain decides it, the adapter writes the header. */
export interface CookieToSet {
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: "Lax"; secure: boolean; path: "/"; maxAge: number };
}

/**
 * The owner for a cart write: as `resolveCartOwner`, and a guest without a cart cookie is given one now
 * (`cookie`, httpOnly, SameSite=Lax, Secure in production, for the adapter to set); `isNew` says they
 * cannot have a cart yet.
 */
export async function resolveCartOwnerForWrite(
  services: Pick<AppServices, "identity" | "env">,
  headers: Headers,
): Promise<{ owner: CartOwner & { isNew?: boolean }; cookie: CookieToSet | null }> {
  const { owner } = await resolveCartOwner(services, headers);
  if (owner.kind === "user" || owner.tokenHash) return { owner, cookie: null };
  const token = randomBytes(32).toString("base64url");
  const cookie: CookieToSet = {
    name: guestCookieName(services.env),
    value: token,
    options: {
      httpOnly: true,
      sameSite: "Lax",
      secure: isSecureSite(services.env),
      path: "/",
      maxAge: GUEST_MAX_AGE,
    },
  };
  return { owner: { kind: "guest", tokenHash: hashToken(token), isNew: true }, cookie };
}
