import type { SessionUser } from "../context.ts";

/** Who a cart belongs to: a signed-in user, or a guest known by an opaque cookie token. */
export type CartOwner = { kind: "user"; userId: string } | { kind: "guest"; tokenHash: string | null };

/**
 * Who is asking for a cart: the signed-in user or null, and the hash of the guest cart token their
 * request carries or null. The adapters read it from the request (server/http/cart-cookie.ts); the
 * domain never reads a cookie (docs/decisions/038-narrow-dependencies.md).
 */
export interface CartVisitor {
  user: SessionUser | null;
  guestTokenHash: string | null;
}

/** Whose cart a visitor reaches: the signed-in user's, else the guest's by their cart token. */
export function resolveCartOwner(visitor: CartVisitor): CartOwner {
  return visitor.user
    ? { kind: "user", userId: visitor.user.id }
    : { kind: "guest", tokenHash: visitor.guestTokenHash };
}
