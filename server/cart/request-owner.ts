import { parse } from "hono/utils/cookie";
import type { AppServices, SessionUser } from "../context.ts";
import { type CartOwner, guestCookieName, hashToken } from "./cart-owner.ts";

/**
 * Whose cart a request reaches, from its headers alone (so route loaders and API handlers agree): the
 * signed-in user's, else the guest's by the cart cookie. Same rules as the cart API (server/api/cart.ts).
 */
export async function resolveCartOwner(
  services: Pick<AppServices, "identity" | "env">,
  headers: Headers,
): Promise<{ owner: CartOwner; user: SessionUser | null }> {
  const user = await services.identity.getUser(headers);
  if (user) return { owner: { kind: "user", userId: user.id }, user };
  const name = guestCookieName(services.env);
  const token = parse(headers.get("cookie") ?? "", name)[name];
  const tokenHash = token && /^[A-Za-z0-9_-]{32,64}$/.test(token) ? hashToken(token) : null;
  return { owner: { kind: "guest", tokenHash }, user: null };
}
