import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Currency } from "../../core/markets.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import type { Tender } from "../../core/tenders.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { orders, orderTenders } from "../db/schema.ts";
import { addLedgerEntry, redeemFromLedger } from "./customer-ledger.ts";
import { addGiftCardEntry, redeemGiftCard } from "./gift-cards.ts";

/**
 * What paid an order besides the card (docs/decisions/047-gift-cards-credit-and-points.md): held by the
 * checkout in the order's transaction (taken from the balances then), captured by the payment, released
 * by a cancellation before payment (given back to the balances). A cart checked out again releases what
 * its earlier pending orders held.
 */

export type OrderTenderRow = typeof orderTenders.$inferSelect;

export async function tendersOf(db: DbOrTx, orderId: string): Promise<OrderTenderRow[]> {
  return db
    .select()
    .from(orderTenders)
    .where(eq(orderTenders.orderId, orderId))
    .orderBy(orderTenders.createdAt, orderTenders.id);
}

/**
 * Holds the order's tenders: each gift card, the store credit and the points (those of the order's
 * `currency`) are taken under their row locks (a balance that no longer covers its part answers 409). A
 * pending order found again for the same cart keeps what it already holds.
 */
export async function holdTenders(
  tx: Tx,
  input: { orderId: string; cartId: string; userId: string | null; tenders: Tender[]; currency: Currency },
): Promise<void> {
  const others = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.cartId, input.cartId), eq(orders.status, "pending"), ne(orders.id, input.orderId)));
  await releaseTenders(
    tx,
    others.map((o) => o.id),
  );
  const held = await tx
    .select({ id: orderTenders.id })
    .from(orderTenders)
    .where(and(eq(orderTenders.orderId, input.orderId), eq(orderTenders.status, "held")))
    .limit(1);
  if (held.length > 0) return;
  for (const t of input.tenders) {
    if (t.kind === "gift_card") await redeemGiftCard(tx, t.giftCardId, input.orderId, t.cents);
    else {
      if (!input.userId) throw new Error("store credit and points belong to a signed-in customer");
      const amount = t.kind === "credit" ? t.cents : t.points;
      await redeemFromLedger(tx, {
        userId: input.userId,
        kind: t.kind,
        amount,
        currency: input.currency,
        orderId: input.orderId,
      });
    }
    await tx.insert(orderTenders).values({
      orderId: input.orderId,
      kind: t.kind,
      giftCardId: t.kind === "gift_card" ? t.giftCardId : null,
      amountCents: t.cents,
      points: t.kind === "points" ? t.points : null,
      status: "held",
    });
  }
}

/** The payment makes the held tenders final (in the payment's transaction). */
export async function captureTenders(tx: DbOrTx, orderId: string): Promise<void> {
  await tx
    .update(orderTenders)
    .set({ status: "captured" })
    .where(and(eq(orderTenders.orderId, orderId), eq(orderTenders.status, "held")));
}

/** Gives back what orders cancelled before payment held (in the cancellation's transaction). */
export async function releaseTenders(tx: DbOrTx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const released = await tx
    .update(orderTenders)
    .set({ status: "released" })
    .where(and(inArray(orderTenders.orderId, orderIds), eq(orderTenders.status, "held")))
    .returning();
  if (released.length === 0) return;
  const owners = await tx
    .select({ id: orders.id, userId: orders.userId, currency: orders.currency })
    .from(orders)
    .where(inArray(orders.id, [...new Set(released.map((t) => t.orderId))]));
  for (const t of released) {
    if (t.kind === "gift_card" && t.giftCardId) {
      await addGiftCardEntry(tx, {
        giftCardId: t.giftCardId,
        kind: "released",
        amountCents: t.amountCents,
        orderId: t.orderId,
      });
      continue;
    }
    const owner = owners.find((o) => o.id === t.orderId);
    if (!owner?.userId) continue;
    await addLedgerEntry(tx, {
      userId: owner.userId,
      kind: t.kind === "credit" ? "credit" : "points",
      reason: "released",
      amount: t.kind === "credit" ? t.amountCents : (t.points ?? 0),
      currency: storedCurrency(owner.currency),
      orderId: t.orderId,
    });
  }
}

/** What the order's tenders paid together (held or captured), for the order's `tendered_cents`. */
export async function tenderedCents(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${orderTenders.amountCents}), 0)::int` })
    .from(orderTenders)
    .where(and(eq(orderTenders.orderId, orderId), inArray(orderTenders.status, ["held", "captured"])));
  return row?.n ?? 0;
}
