import { and, eq, sql } from "drizzle-orm";
import type { CartItemView } from "../../core/contracts/cart.ts";
import { MAX_LINE_QUANTITY } from "../../core/pricing.ts";
import type { Catalogue } from "../catalogue.ts";
import type { Db } from "../db/client.ts";
import { cartGiftCards, cartItems, carts, stacks } from "../db/schema.ts";
import { InvalidInput, LimitExceeded, notFound, words } from "../domain-errors.ts";
import type { CartOwner } from "./cart-owner.ts";
import { cartQueries, isMissingCart, ownerKey } from "./cart-queries.ts";
import { stockError } from "./stock-error.ts";

type Tx = Pick<Db, "select" | "insert" | "update" | "delete">;

/** The owner's cart id, or null when they have none (a prepared statement: server/cart/cart-queries.ts). */
export async function findCartId(db: Db, owner: CartOwner): Promise<string | null> {
  const key = ownerKey(owner);
  if (!key) return null;
  const [row] = await cartQueries(db).cartId[owner.kind].execute({ owner: key });
  return row?.id ?? null;
}

/**
 * Creates the owner's cart unless it exists (a racing request may have made it; unique keys), then finds
 * it with `find` (the prepared lookup, or a builder query inside a transaction).
 */
async function createCart(db: Tx, owner: CartOwner, find: () => Promise<string | null>): Promise<string> {
  const values =
    owner.kind === "user" ? { userId: owner.userId } : { guestTokenHash: owner.tokenHash as string };
  await db.insert(carts).values(values).onConflictDoNothing();
  const created = await find();
  if (!created) throw new Error("cart could not be created");
  return created;
}

/** The owner's cart: its id (null when it holds no line) and its lines, in the order they were added. */
export interface OwnerCart {
  cartId: string | null;
  items: CartItemView[];
}

/**
 * The owner's cart in one prepared statement: the lines joined to their cart by its owner key and to
 * their bundle, products from the in-process catalogue. The one listing of a cart: the drawer
 * (GET /api/cart), every cart write's answer, the checkout page and the checkout itself read it alike.
 */
export async function listCart(db: Db, catalogue: Catalogue, owner: CartOwner): Promise<OwnerCart> {
  const key = ownerKey(owner);
  if (!key) return { cartId: null, items: [] };
  const rows = await cartQueries(db).lines[owner.kind].execute({ owner: key });
  if (rows.length === 0) return { cartId: null, items: [] };
  const products = await catalogue.list();
  const items = rows.flatMap((r) => {
    const p = products.find((x) => x.id === r.item.productId);
    if (!p) return [];
    return [lineView(r.item, p, r.bundle ?? undefined)];
  });
  return { cartId: rows[0]?.item.cartId ?? null, items };
}

type CartItemRow = typeof cartItems.$inferSelect;
type StackRow = typeof stacks.$inferSelect;
type ProductRow = NonNullable<Awaited<ReturnType<Catalogue["byId"]>>>;

function lineView(r: CartItemRow, p: ProductRow, b: StackRow | undefined): CartItemView {
  return {
    id: r.id,
    productId: r.productId,
    quantity: r.quantity,
    isSubscription: r.isSubscription,
    bundleId: r.bundleId || null,
    product: {
      name: p.name,
      slug: p.slug,
      imageUrl: p.imageUrl,
      price: p.price,
      subscriptionDiscount: p.subscriptionDiscount,
    },
    bundle: b
      ? {
          id: b.slug,
          name: b.name,
          productIds: b.productIds,
          bundlePriceCents: b.bundlePriceCents,
          subscriptionDiscount: b.subscriptionDiscount,
        }
      : null,
  };
}

export interface AddItem {
  productId: number;
  quantity: number;
  isSubscription: boolean;
  bundleId?: string | null;
}

/**
 * Adds to the owner's line for this product, mode and bundle, or creates it (and the owner's cart when
 * they have none). One statement in the usual case, so concurrent adds meet at the unique index and add
 * up; a total over the line cap is refused, never silently clipped.
 */
export async function addItem(
  db: Db,
  catalogue: Catalogue,
  owner: CartOwner & { isNew?: boolean },
  item: AddItem,
): Promise<CartItemView> {
  const product = await catalogue.byId(item.productId);
  if (!product) {
    throw new InvalidInput("unknown_product", `There is no product with id ${item.productId}.`);
  }
  await assertCartFits(db, catalogue, owner, product, item.quantity);
  const bundleId = item.bundleId ?? "";
  let stack: StackRow | undefined;
  if (bundleId) {
    [stack] = await db.select().from(stacks).where(eq(stacks.slug, bundleId)).limit(1);
    if (!stack) throw new InvalidInput("unknown_bundle", `There is no bundle '${bundleId}'.`);
    if (!stack.productIds.includes(item.productId)) {
      throw new InvalidInput("not_in_bundle", `Product ${item.productId} is not part of '${bundleId}'.`);
    }
  }
  const upsert = () =>
    cartQueries(db).upsertLine[owner.kind].execute({
      owner: ownerKey(owner),
      productId: item.productId,
      quantity: item.quantity,
      isSubscription: item.isSubscription,
      bundleId,
    });
  const makeCart = () => createCart(db, owner, () => findCartId(db, owner));
  // A visitor given a cart cookie just now has no cart yet: make it first rather than fail once.
  if (owner.isNew) await makeCart();
  let rows: Awaited<ReturnType<typeof upsert>>;
  try {
    rows = await upsert();
  } catch (err) {
    if (!isMissingCart(err)) throw err;
    await makeCart();
    rows = await upsert();
  }
  const [row] = rows;
  if (!row) {
    throw new LimitExceeded("quantity_limit", words("errors.quantityLimit", { max: MAX_LINE_QUANTITY }));
  }
  return lineView(row, product, stack);
}

/** How many units of a product the owner's cart holds, over all its lines. */
export async function unitsInCart(db: Db, owner: CartOwner, productId: number): Promise<number> {
  const key = ownerKey(owner);
  if (!key) return 0;
  const [row] = await cartQueries(db).productUnits[owner.kind].execute({ owner: key, productId });
  return row?.units ?? 0;
}

/**
 * Refuses (409, with how many are left) adding `more` units of a product beyond its stock on hand, with
 * what the cart holds already: the stock as the catalogue last read it, which every process re-reads when
 * it changes. The payment takes the units for certain (server/orders/take-stock.ts).
 */
export async function assertCartFits(
  db: Db,
  catalogue: Catalogue,
  owner: CartOwner & { isNew?: boolean },
  product: { id: number; name: string },
  more: number,
): Promise<void> {
  const stock = await catalogue.stockOf(product.id);
  if (more > stock) throw stockError(product.name, stock);
  const held = owner.isNew ? 0 : await unitsInCart(db, owner, product.id);
  if (held + more > stock) throw stockError(product.name, stock, held);
}

export async function setQuantity(
  db: Db,
  cartId: string | null,
  itemId: string,
  quantity: number,
): Promise<void> {
  if (!cartId) throw notFound("Cart item not found.");
  const rows = await db
    .update(cartItems)
    .set({ quantity, updatedAt: sql`now()` })
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
    .returning({ id: cartItems.id });
  if (rows.length === 0) throw notFound("Cart item not found.");
}

export async function removeItem(db: Db, cartId: string | null, itemId: string): Promise<void> {
  if (!cartId) throw notFound("Cart item not found.");
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
    .returning({ id: cartItems.id });
  if (rows.length === 0) throw notFound("Cart item not found.");
}

/** Empties a paid order's cart: its lines and its discount code (a code is for one order). */
export async function clearCart(db: Tx, cartId: string | null): Promise<number> {
  if (!cartId) return 0;
  await db.update(carts).set({ discountCode: null }).where(eq(carts.id, cartId));
  const rows = await db.delete(cartItems).where(eq(cartItems.cartId, cartId)).returning({ id: cartItems.id });
  return rows.length;
}

/** Empties the owner's cart in one statement (the cart found by a subquery); answers the lines removed. */
export async function clearOwnerCart(db: Db, owner: CartOwner): Promise<number> {
  const key = ownerKey(owner);
  if (!key) return 0;
  const rows = await cartQueries(db).clear[owner.kind].execute({ owner: key });
  return rows.length;
}

/**
 * Moves a guest cart's lines into the user's cart at sign-in: quantities add up for the same product,
 * mode and bundle (capped at the line maximum), and the guest cart is deleted, in one transaction. The
 * guest cart row is locked first, so two sign-ins merging it at once count every line once.
 *
 * Its lookups are builder queries, not the prepared statements of cart-queries.ts: those are bound to the
 * pool and would run on another connection, outside this transaction (and the guest cart's needs a lock).
 */
export async function mergeGuestCart(db: Db, guestTokenHash: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [guest] = await tx
      .select({ id: carts.id, discountCode: carts.discountCode, giftCardIds: carts.giftCardIds })
      .from(carts)
      .where(eq(carts.guestTokenHash, guestTokenHash))
      .for("update");
    if (!guest) return;
    const userCart = eq(carts.userId, userId);
    const findUserCart = async () =>
      (await tx.select({ id: carts.id }).from(carts).where(userCart).limit(1))[0]?.id ?? null;
    const userCartId =
      (await findUserCart()) ?? (await createCart(tx, { kind: "user", userId }, findUserCart));
    await tx.execute(sql`
      insert into cart_items (cart_id, product_id, quantity, is_subscription, bundle_id)
      select ${userCartId}, product_id, quantity, is_subscription, bundle_id from cart_items where cart_id = ${guest.id}
      on conflict (cart_id, product_id, is_subscription, bundle_id)
      do update set quantity = least(cart_items.quantity + excluded.quantity, ${MAX_LINE_QUANTITY}), updated_at = now()`);
    // The code applied as a guest comes along unless the account's cart has one of its own.
    if (guest.discountCode)
      await tx
        .update(carts)
        .set({ discountCode: sql`coalesce(${carts.discountCode}, ${guest.discountCode})` })
        .where(eq(carts.id, userCartId));
    // Gift cards to buy move over; gift cards applied as a guest stay applied.
    await tx.update(cartGiftCards).set({ cartId: userCartId }).where(eq(cartGiftCards.cartId, guest.id));
    if (guest.giftCardIds.length > 0) {
      const [mine] = await tx.select({ ids: carts.giftCardIds }).from(carts).where(eq(carts.id, userCartId));
      const ids = [...new Set([...(mine?.ids ?? []), ...guest.giftCardIds])];
      await tx.update(carts).set({ giftCardIds: ids }).where(eq(carts.id, userCartId));
    }
    await tx.delete(carts).where(eq(carts.id, guest.id));
  });
}

/** The discount code the owner's cart carries (canonical), or null. */
export async function cartDiscountCode(db: Db, owner: CartOwner): Promise<string | null> {
  const key = ownerKey(owner);
  if (!key) return null;
  const where = owner.kind === "user" ? eq(carts.userId, key) : eq(carts.guestTokenHash, key);
  const [row] = await db.select({ code: carts.discountCode }).from(carts).where(where).limit(1);
  return row?.code ?? null;
}

/** Sets (or, with null, removes) the cart's discount code, making the owner's cart when they have none. */
export async function setCartDiscountCode(db: Db, owner: CartOwner, code: string | null): Promise<void> {
  const key = ownerKey(owner);
  if (!key) throw new Error("a cart needs an owner");
  if (owner.kind === "user") {
    await db
      .insert(carts)
      .values({ userId: key, discountCode: code })
      .onConflictDoUpdate({ target: carts.userId, set: { discountCode: code, updatedAt: sql`now()` } });
  } else {
    await db
      .insert(carts)
      .values({ guestTokenHash: key, discountCode: code })
      .onConflictDoUpdate({
        target: carts.guestTokenHash,
        set: { discountCode: code, updatedAt: sql`now()` },
      });
  }
}
