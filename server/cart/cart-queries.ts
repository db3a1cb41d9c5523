import { and, asc, eq, sql } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "../../core/pricing.ts";
import type { Db } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import { cartItems, carts, stacks } from "../db/schema.ts";
import type { CartOwner } from "./cart-owner.ts";

/**
 * The cart API's statements, built once per database and run as prepared statements: Drizzle writes each
 * statement's SQL once instead of on every request, and PostgreSQL parses and plans it once per pooled
 * connection. A cart request was ~1 ms of the server's CPU, a fifth of it Drizzle building SQL
 * (docs/performance.md, "Performance work, fifth pass: the cart cycle"). Each owner kind has its own statement, so
 * every plan looks up one unique index.
 */
function prepare(db: Db) {
  const owner = sql.placeholder("owner");
  const byOwner = (kind: CartOwner["kind"]) =>
    kind === "user" ? eq(carts.userId, owner) : eq(carts.guestTokenHash, owner);
  const cartId = (kind: CartOwner["kind"]) =>
    db.select({ id: carts.id }).from(carts).where(byOwner(kind)).limit(1).prepare(`cart_id_${kind}`);
  const lines = (kind: CartOwner["kind"]) =>
    db
      .select({ item: cartItems, bundle: stacks })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .leftJoin(stacks, and(sql`${cartItems.bundleId} <> ''`, eq(stacks.slug, cartItems.bundleId)))
      .where(byOwner(kind))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
      .prepare(`cart_lines_${kind}`);
  // How many units of a product the owner's cart holds, over all its lines (stock checks, decision 019).
  const productUnits = (kind: CartOwner["kind"]) =>
    db
      .select({ units: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(byOwner(kind), eq(cartItems.productId, sql.placeholder("productId"))))
      .prepare(`cart_product_units_${kind}`);
  const clear = (kind: CartOwner["kind"]) =>
    db
      .delete(cartItems)
      .where(eq(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(byOwner(kind)).limit(1)))
      .returning({ id: cartItems.id })
      .prepare(`cart_clear_${kind}`);

  // The line's upsert into the owner's cart (found by a subquery: no separate lookup), and the cart's
  // updatedAt bump only when a line was written, in one statement. An owner without a cart makes the
  // subquery null, which the NOT NULL cart_id refuses (`isMissingCart`).
  const upsertLine = (kind: CartOwner["kind"]) => {
    const ownerCart = db.select({ id: carts.id }).from(carts).where(byOwner(kind)).limit(1);
    const upsert = db.$with("upsert").as(
      db
        .insert(cartItems)
        .values({
          cartId: sql`(${ownerCart})`,
          productId: sql.placeholder("productId"),
          quantity: sql.placeholder("quantity"),
          isSubscription: sql.placeholder("isSubscription"),
          bundleId: sql.placeholder("bundleId"),
        })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.productId, cartItems.isSubscription, cartItems.bundleId],
          set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
          setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${MAX_LINE_QUANTITY}`,
        })
        .returning(),
    );
    const touch = db
      .$with("touch")
      .as(
        db
          .update(carts)
          .set({ updatedAt: sql`now()` })
          .where(sql`${carts.id} in (select cart_id from ${upsert})`),
      );
    return db.with(upsert, touch).select().from(upsert).prepare(`cart_upsert_line_${kind}`);
  };

  return {
    cartId: { user: cartId("user"), guest: cartId("guest") },
    lines: { user: lines("user"), guest: lines("guest") },
    productUnits: { user: productUnits("user"), guest: productUnits("guest") },
    clear: { user: clear("user"), guest: clear("guest") },
    upsertLine: { user: upsertLine("user"), guest: upsertLine("guest") },
  };
}

export type CartQueries = ReturnType<typeof prepare>;

/** The prepared cart statements of this database (built on first use). */
export const cartQueries: (db: Db) => CartQueries = perDatabase(prepare);

/** Whether a failed statement was refused for want of the owner's cart (cart_id NOT NULL). */
export function isMissingCart(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) {
    const { code, column } = e as Error & { code?: string; column?: string };
    if (code === "23502" && (column === undefined || column === "cart_id")) return true;
  }
  return false;
}

/** The owner's key for the statements above; null for a guest without a cart cookie. */
export function ownerKey(owner: CartOwner): string | null {
  return owner.kind === "user" ? owner.userId : owner.tokenHash;
}
