import { createHash, randomBytes } from "node:crypto";
import type { CartVisitor } from "../cart/cart-owner.ts";
import type { AppServices } from "../context.ts";
import type { Env } from "../env.ts";

/**
 * The guest cart cookie: its name, how a request's Cookie header is read for it, and the cookie a new
 * guest is given. Only adapters read and set cookies (docs/decisions/038-narrow-dependencies.md): the
 * cart domain is handed the token's hash (server/cart/cart-owner.ts).
 */

type CookieEnv = Pick<Env, "NODE_ENV" | "PUBLIC_URL">;

const GUEST_MAX_AGE = 60 * 60 * 24 * 60; // 60 days

const isSecureSite = (env: CookieEnv) =>
  env.NODE_ENV === "production" && env.PUBLIC_URL?.startsWith("https:") === true;

/**
 * `__Host-` in production binds the cookie to our origin over HTTPS: no subdomain and no plain-HTTP page
 * can set or overwrite it.
 */
export function guestCookieName(env: CookieEnv): string {
  return isSecureSite(env) ? "__Host-mana_cart" : "mana_cart";
}

/** Only the token's hash is stored, so a database leak does not hand out carts. */
function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The value of the first cookie called `name` in a Cookie header. */
export function cookieValue(header: string, name: string): string | undefined {
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
export function guestTokenHash(headers: Headers, env: CookieEnv): string | null {
  const token = cookieValue(headers.get("cookie") ?? "", guestCookieName(env));
  return token && /^[A-Za-z0-9_-]{32,64}$/.test(token) ? hashToken(token) : null;
}

/**
 * Who is asking for a cart, from the request's headers alone, so the cart API and the route loaders agree:
 * the signed-in user, and the guest token's hash the cart cookie carries.
 */
export async function cartVisitor(
  services: Pick<AppServices, "identity" | "env">,
  headers: Headers,
): Promise<CartVisitor> {
  const user = await services.identity.getUser(headers);
  return { user, guestTokenHash: user ? null : guestTokenHash(headers, services.env) };
}

/** A cookie the adapter is to set on the answer. */
export interface CookieToSet {
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: "Lax"; secure: boolean; path: "/"; maxAge: number };
}

/**
 * The cart cookie for a guest who has none yet (httpOnly, SameSite=Lax, Secure in production), and the
 * hash of its new token, which owns their cart from now on.
 */
export function newGuestCookie(env: CookieEnv): { cookie: CookieToSet; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return {
    cookie: {
      name: guestCookieName(env),
      value: token,
      options: {
        httpOnly: true,
        sameSite: "Lax",
        secure: isSecureSite(env),
        path: "/",
        maxAge: GUEST_MAX_AGE,
      },
    },
    tokenHash: hashToken(token),
  };
}

/** The Set-Cookie line that drops the guest cart cookie (after its cart has been merged at sign-in). */
export function guestCookieRemoval(env: CookieEnv): string {
  const name = guestCookieName(env);
  const secure = name.startsWith("__Host-") ? "; Secure" : "";
  return `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`;
}
