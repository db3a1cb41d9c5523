import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  MAX_WISHLIST_ITEMS,
  type WishlistEntry,
  type WishlistItemView,
  type WishlistKey,
} from "../../core/contracts/wishlist.ts";
import type { Catalogue, Product } from "../catalogue.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { type StackRow, stacks, wishlistItems } from "../db/schema.ts";
import { Conflict } from "../domain-errors.ts";

/** A product as a wishlist entry. */
function productEntry(p: Product): WishlistEntry {
  return {
    kind: "product",
    productId: p.id,
    stackId: null,
    slug: p.slug,
    name: p.name,
    description: p.tagline,
    href: `/products/${p.slug}`,
    imageUrl: p.imageUrl,
    priceCents: p.priceCents,
    inStock: p.inStock,
    productIds: [p.id],
    soldOutProductIds: p.inStock ? [] : [p.id],
  };
}

/** A stack as a wishlist entry: available while every product in it is; pictured by its first product. */
function stackEntry(row: StackRow, products: Product[]): WishlistEntry {
  const own = row.productIds.flatMap((id) => products.filter((p) => p.id === id));
  const soldOut = own.filter((p) => !p.inStock).map((p) => p.id);
  return {
    kind: "stack",
    productId: null,
    stackId: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    href: `/stacks/${row.slug}`,
    imageUrl: own[0]?.imageUrl ?? "/favicon.svg",
    priceCents: row.bundlePriceCents,
    inStock: own.length > 0 && soldOut.length === 0,
    productIds: own.map((p) => p.id),
    soldOutProductIds: soldOut,
  };
}

/** Every product and stack as a wishlist entry: what a guest's browser-held keys are shown with. */
export async function wishlistEntries(db: DbOrTx, catalogue: Catalogue): Promise<WishlistEntry[]> {
  const products = await catalogue.list();
  const stackRows = await db.select().from(stacks).orderBy(asc(stacks.id));
  return [...products.map(productEntry), ...stackRows.map((s) => stackEntry(s, products))];
}

/** The customer's own list, newest first, each item with what the page shows. */
export async function listWishlist(
  db: DbOrTx,
  catalogue: Catalogue,
  userId: string,
): Promise<WishlistItemView[]> {
  const rows = await db
    .select()
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
  if (rows.length === 0) return [];
  const products = await catalogue.list();
  const stackIds = rows.flatMap((r) => (r.stackId === null ? [] : [r.stackId]));
  const stackRows = stackIds.length ? await db.select().from(stacks).where(inArray(stacks.id, stackIds)) : [];
  return rows.flatMap((r) => {
    const product = r.productId === null ? undefined : products.find((p) => p.id === r.productId);
    const stack = r.stackId === null ? undefined : stackRows.find((s) => s.id === r.stackId);
    const entry = product ? productEntry(product) : stack ? stackEntry(stack, products) : null;
    return entry ? [{ ...entry, addedAt: new Date(r.createdAt).toISOString() }] : [];
  });
}

/** Which of `keys` name a product or stack that exists. */
export async function knownKeys(db: DbOrTx, catalogue: Catalogue, keys: WishlistKey[]) {
  const products = new Set((await catalogue.list()).map((p) => p.id));
  const stackIds = keys.flatMap((k) => ("stackId" in k ? [k.stackId] : []));
  const found = new Set(
    stackIds.length
      ? (await db.select({ id: stacks.id }).from(stacks).where(inArray(stacks.id, stackIds))).map((s) => s.id)
      : [],
  );
  return keys.filter((k) => ("productId" in k ? products.has(k.productId) : found.has(k.stackId)));
}

/** The list holds its most already: one must go before another is saved. */
export class WishlistFull extends Conflict {
  constructor() {
    super(
      "wishlist_full",
      `Your wishlist holds up to ${MAX_WISHLIST_ITEMS} items. Remove one to save another.`,
    );
  }
}

/**
 * Saves the keys on the customer's list; ones already there stay as they are (saving twice is no
 * change). One customer's saves run one at a time (a lock per customer for the transaction), so two tabs
 * cannot pass the limit together. Throws WishlistFull when the list would hold more than the limit.
 */
export async function saveToWishlist(db: Db, userId: string, keys: WishlistKey[]): Promise<void> {
  if (keys.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wishlist|${userId}`}, 0))`);
    const existing = await tx
      .select({ productId: wishlistItems.productId, stackId: wishlistItems.stackId })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId));
    const fresh = keys.filter(
      (k, i) =>
        keys.findIndex((o) => JSON.stringify(o) === JSON.stringify(k)) === i &&
        !existing.some((e) => ("productId" in k ? e.productId === k.productId : e.stackId === k.stackId)),
    );
    if (fresh.length === 0) return;
    if (existing.length + fresh.length > MAX_WISHLIST_ITEMS) throw new WishlistFull();
    // Oldest first, so a merged list keeps its order (the newest is shown first).
    for (const k of fresh) {
      await tx
        .insert(wishlistItems)
        .values({ userId, ...k })
        .onConflictDoNothing();
    }
  });
}

/** Removes one item from the customer's own list; false when it was not there. */
export async function removeFromWishlist(db: Db, userId: string, key: WishlistKey): Promise<boolean> {
  const match =
    "productId" in key ? eq(wishlistItems.productId, key.productId) : eq(wishlistItems.stackId, key.stackId);
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), match))
    .returning({ id: wishlistItems.id });
  return removed.length > 0;
}

/** Empties the customer's own list. */
export async function clearWishlist(db: Db, userId: string): Promise<void> {
  await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}
