/**
 * The wishlist's wire contract: GET /api/wishlist, PUT /api/wishlist/items, DELETE /api/wishlist/items/…,
 * DELETE /api/wishlist, POST /api/wishlist/merge; and "Notify Me", POST /api/products/:id/notify.
 * A saved item is a product or a stack. A guest's list stays in the browser as the same keys.
 */
import { z } from "zod";
import { MAX_WISHLIST_ITEMS } from "../wishlist-key.ts";

// The keys and their helpers live where pages that need no schema library can import them.
export * from "../wishlist-key.ts";

const id = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .int(`${what} must be a whole number.`)
    .positive(`${what} must be positive.`)
    .max(1_000_000, `${what} is not a known id.`);

/** What is saved: one product or one stack. */
export const wishlistKeySchema = z.union(
  [z.strictObject({ productId: id("productId") }), z.strictObject({ stackId: id("stackId") })],
  { error: "Send either a productId or a stackId." },
);

/** POST /api/wishlist/merge: the browser-held list, posted once after sign-in. */
export const wishlistMergeBody = z.strictObject({
  items: z
    .array(wishlistKeySchema)
    .max(MAX_WISHLIST_ITEMS, `A wishlist holds at most ${MAX_WISHLIST_ITEMS} items.`),
});

/** A saved product or stack, with what the wishlist page shows and what Add to Cart needs. */
export interface WishlistEntry {
  kind: "product" | "stack";
  productId: number | null;
  stackId: number | null;
  slug: string;
  name: string;
  description: string;
  /** The product's or the stack's page. */
  href: string;
  imageUrl: string;
  /** A product's monthly price; a stack's stack price. */
  priceCents: number;
  /** A stack is available only while every product in it is. */
  inStock: boolean;
  /** The products Add to Cart puts in the cart (a stack's, each once, under its slug). */
  productIds: number[];
  /** The products out of stock, the ones Notify Me waits for. */
  soldOutProductIds: number[];
}

export interface WishlistItemView extends WishlistEntry {
  addedAt: string;
}

/** Every wishlist answer: the customer's whole list, newest first. */
export interface WishlistResponse {
  items: WishlistItemView[];
}

/** POST /api/products/:id/notify: a guest gives an e-mail; a signed-in customer's account e-mail is used. */
export const notifyBody = z.strictObject({
  email: z
    .string({ error: "Enter your e-mail address." })
    .trim()
    .min(1, "Enter your e-mail address.")
    .max(254, "That e-mail address is too long.")
    .pipe(z.email("Enter a valid e-mail address."))
    .optional(),
});

export interface NotifyResponse {
  productId: number;
  email: string;
  /** False when this address was already waiting for this product (nothing new was registered). */
  created: boolean;
}
