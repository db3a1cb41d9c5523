/**
 * What a wishlist saves, one product or one stack, and how the browser compares and reads its keys. Kept
 * apart from the wishlist's wire contract (core/contracts/wishlist.ts), so the hearts on every page do not
 * carry its schema library.
 */
export type WishlistKey = { productId: number } | { stackId: number };

/** The most items a wishlist keeps (a guest's list posted at sign-in included). */
export const MAX_WISHLIST_ITEMS = 100;

/** The largest id a key may name (the contract's schema refuses more). */
const MAX_ID = 1_000_000;

/** The key of a saved entry, as the browser keeps it. */
export const keyOf = (e: { productId: number | null; stackId: number | null }): WishlistKey =>
  e.productId !== null ? { productId: e.productId } : { stackId: e.stackId as number };

export const sameKey = (a: WishlistKey, b: WishlistKey): boolean =>
  "productId" in a
    ? "productId" in b && a.productId === b.productId
    : "stackId" in b && a.stackId === b.stackId;

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= MAX_ID;

/** A key read back from storage, or null when it is not one (anything unreadable is dropped, not trusted). */
export function readWishlistKey(value: unknown): WishlistKey | null {
  if (!value || typeof value !== "object") return null;
  const entries = Object.entries(value);
  if (entries.length !== 1) return null;
  const [[name, id]] = entries as [[string, unknown]];
  if (!isId(id)) return null;
  return name === "productId" ? { productId: id } : name === "stackId" ? { stackId: id } : null;
}
