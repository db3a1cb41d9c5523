import { and, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { ShippingAddress } from "../../core/address.ts";
import { assertMove } from "../../core/order-status.ts";
import { type AuditActor, recordAudit } from "../audit/audit.ts";
import { activateOrderGiftCards, dropPendingGiftCards } from "../balances/issue-gift-cards.ts";
import { captureTenders, releaseTenders } from "../balances/order-tenders.ts";
import { creditOrderPoints, reversePointsAfterRefund } from "../balances/points.ts";
import type { Db, DbOrTx, Tx } from "../db/client.ts";
import { orderEvents, orders, refunds, subscriptions, user } from "../db/schema.ts";
import { markCodeUsed, releaseCodeUses } from "../promotions/discount-codes.ts";
import { recordReferral } from "../promotions/referrals.ts";
import { recordOrderEvent } from "./order-events.ts";
import { newOrderNumber } from "./order-number.ts";
import type { OrderRow } from "./order-rows.ts";

/**
 * The life of an order: its birth, every move of its status, and the other changes of an order once it
 * exists (its checkout session, its refunded amount, a guest order joining an account). Each move is
 * checked against core/order-status.ts and writes the status, its date, its step on the order's
 * timeline and, for the owner's moves, the audit row, all in the caller's transaction. No other module
 * updates the orders table (decision 033).
 */

/** An order's columns as its creator gives them: the order number is drawn here. */
export type NewOrderRow = Omit<PgInsertValue<typeof orders>, "id" | "orderNumber">;

/**
 * Inserts an order under a fresh order number, drawing another on the rare collision with an existing
 * one, and records its "placed" step. Checkouts (pending) and renewals (paid) are both born here.
 */
export async function insertOrder(tx: Tx, values: NewOrderRow): Promise<OrderRow> {
  let order: OrderRow | undefined;
  while (!order) {
    [order] = await tx
      .insert(orders)
      .values({ ...values, orderNumber: newOrderNumber() })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning();
  }
  await recordOrderEvent(tx, order.id, "placed");
  return order;
}

/**
 * A pending order taken up again by a checkout in another language: its e-mails follow the newer page.
 */
export async function setPendingOrderLocale(tx: Tx, order: OrderRow, locale: string): Promise<OrderRow> {
  if (order.locale === locale) return order;
  const [row] = await tx
    .update(orders)
    .set({ locale, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), eq(orders.status, "pending")))
    .returning();
  return row ?? order;
}

/**
 * pending → processing: the provider reported the payment. The order takes the address the payment
 * carries and the provider's payment id, and its "paid" step. The caller holds the order's row lock.
 */
export async function markOrderPaid(
  tx: Tx,
  order: OrderRow,
  paid: {
    shippingAddress: ShippingAddress | null;
    paymentId: string | null;
    /** Which card paid, when the provider said it with the payment (never the number). */
    cardFingerprint?: string | null;
  },
): Promise<void> {
  assertMove(order.orderNumber, order.status, "processing");
  const [row] = await tx
    .update(orders)
    .set({
      status: "processing",
      paidAt: sql`now()`,
      shippingAddress: paid.shippingAddress,
      providerPaymentId: paid.paymentId,
      cardFingerprint: paid.cardFingerprint ?? null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, "pending")))
    .returning({ paidAt: orders.paidAt });
  if (!row) throw new Error(`order ${order.id} changed while it was locked`);
  await markCodeUsed(tx, order.id);
  await recordReferral(tx, order);
  await captureTenders(tx, order.id);
  await activateOrderGiftCards(tx, order.id);
  await recordOrderEvent(tx, order.id, "paid", { amountCents: order.totalCents });
}

/** Which card paid an order, read from the provider after the payment; a fingerprint already kept stays. */
export async function recordCardFingerprint(db: DbOrTx, orderId: string, fingerprint: string): Promise<void> {
  await db
    .update(orders)
    .set({ cardFingerprint: fingerprint })
    .where(and(eq(orders.id, orderId), isNull(orders.cardFingerprint)));
}

/** Why an order that was never paid is cancelled by the shop (its "cancelled" step's reason). */
export type UnpaidCancelReason = "payment_failed" | "sold_out" | "abandoned";

/**
 * The one write of a move to cancelled, whoever makes it: the status, its date, and what the caller adds
 * (a refund recorded with it). A cancelled order gives its discount code's use back and, never paid,
 * what its gift cards, store credit and points held. Returns the rows it moved.
 */
async function writeCancelled(tx: Tx, where: SQL | undefined, more: { refundedCents?: number } = {}) {
  const moved = await tx
    .update(orders)
    .set({ ...more, status: "cancelled", cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(where)
    .returning();
  await releaseCodeUses(
    tx,
    moved.filter((o) => o.discountCode).map((o) => o.id),
  );
  // What balances held for an order never paid goes back; gift cards it would have bought go with it.
  const unpaid = moved.filter((o) => !o.paidAt).map((o) => o.id);
  await releaseTenders(tx, unpaid);
  await dropPendingGiftCards(tx, unpaid);
  return moved;
}

/**
 * pending → cancelled for orders never paid: the given ids (or a subquery of ids), each still pending and
 * unpaid when the statement runs, become cancelled with a "cancelled" step giving the reason. Returns the
 * orders cancelled; one already paid or cancelled is left as it is.
 */
export async function cancelUnpaidOrders(
  tx: Tx,
  ids: string[] | SQLWrapper,
  reason: UnpaidCancelReason,
): Promise<{ id: string; orderNumber: string }[]> {
  assertMove("(a pending order)", "pending", "cancelled");
  if (Array.isArray(ids) && ids.length === 0) return [];
  const cancelled = await writeCancelled(
    tx,
    and(inArray(orders.id, ids), eq(orders.status, "pending"), isNull(orders.paidAt)),
  );
  if (cancelled.length > 0) {
    await tx
      .insert(orderEvents)
      .values(cancelled.map((o) => ({ orderId: o.id, type: "cancelled", detail: { reason } })));
  }
  return cancelled.map((o) => ({ id: o.id, orderNumber: o.orderNumber }));
}

/** One of the owner's moves, with what it carries. */
export type OwnerMoveChange =
  | { to: "shipped"; carrier: string; trackingCode: string }
  /** `at`: when it was delivered, for a late entry (null: now). */
  | { to: "delivered"; at?: Date | null }
  /** `refundedCents`: given back outside the shop and recorded with the cancellation (0 for none). */
  | { to: "cancelled"; refundedCents: number };

/**
 * The owner's move of an order (shipped, delivered, cancelled): the status and its date, its timeline
 * step (shipped with carrier and tracking code; cancelled, then refunded with an amount recorded), and
 * the audit row. Cancelling also cancels the order's subscriptions. The caller holds the row lock.
 */
export async function moveOrderByOwner(
  tx: Tx,
  order: OrderRow,
  move: OwnerMoveChange,
  actor: AuditActor,
): Promise<OrderRow> {
  assertMove(order.orderNumber, order.status, move.to);
  let moved: OrderRow;
  if (move.to === "shipped") {
    [moved] = (await tx
      .update(orders)
      .set({
        status: "shipped",
        carrier: move.carrier,
        trackingCode: move.trackingCode,
        shippedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
      .returning()) as [OrderRow];
    await recordOrderEvent(tx, order.id, "shipped", {
      carrier: move.carrier,
      trackingCode: move.trackingCode,
    });
  } else if (move.to === "delivered") {
    [moved] = (await tx
      .update(orders)
      .set({ status: "delivered", deliveredAt: move.at ?? sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning()) as [OrderRow];
    await recordOrderEvent(tx, order.id, "delivered", null, move.at ?? undefined);
    await creditOrderPoints(tx, moved);
  } else {
    const refund = move.refundedCents;
    [moved] = (await writeCancelled(
      tx,
      eq(orders.id, order.id),
      refund > 0 ? { refundedCents: order.refundedCents + refund } : {},
    )) as [OrderRow];
    await recordOrderEvent(tx, order.id, "cancelled");
    if (refund > 0) await recordOrderEvent(tx, order.id, "refunded", { amountCents: refund });
    await tx
      .update(subscriptions)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(eq(subscriptions.orderId, order.id));
  }
  await recordAudit(tx, {
    actor,
    action: `order.${move.to}`,
    targetType: "order",
    targetId: order.id,
    before: { status: order.status, carrier: order.carrier, trackingCode: order.trackingCode },
    after: { status: moved.status, carrier: moved.carrier, trackingCode: moved.trackingCode },
  });
  return moved;
}

/**
 * Marks a paid order whose units were not in stock: an "oversold" step on its timeline for the owner
 * (customers' timelines show only their own steps, server/orders/order-events.ts).
 */
export async function recordOversold(
  tx: Tx,
  orderId: string,
  short: { productId: number; name: string; wanted: number; onHand: number }[],
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    type: "oversold",
    detail: {
      products: short.map((s) => `${s.name}: ${s.wanted} wanted, ${s.onHand} on hand`).join("; "),
    },
  });
}

/**
 * Stores the provider's session on the order. When two requests raced to create it, the first stored
 * wins and both answer with it (Stripe's idempotency key makes them the same session anyway).
 */
export async function attachSession(
  db: Db,
  orderId: string,
  session: { sessionId: string; url: string },
): Promise<{ sessionId: string; url: string }> {
  const [updated] = await db
    .update(orders)
    .set({ providerSessionId: session.sessionId, checkoutUrl: session.url, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), sql`${orders.providerSessionId} is null`))
    .returning({ sessionId: orders.providerSessionId, url: orders.checkoutUrl });
  if (updated?.sessionId && updated.url) return { sessionId: updated.sessionId, url: updated.url };
  const [stored] = await db
    .select({ sessionId: orders.providerSessionId, url: orders.checkoutUrl })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!stored?.sessionId || !stored.url) throw new Error(`order ${orderId} has no checkout session`);
  return { sessionId: stored.sessionId, url: stored.url };
}

/** The order's refunded amount is the sum of its succeeded refunds; written after any refund moves. */
export async function settleRefundedCents(tx: Tx, orderId: string): Promise<OrderRow> {
  const [order] = await tx
    .update(orders)
    .set({
      refundedCents: sql`(select coalesce(sum(${refunds.amountCents}), 0)::int from ${refunds} where ${refunds.orderId} = ${orderId} and ${refunds.status} = 'succeeded')`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId))
    .returning();
  // A refund takes back the points the refunded part earned.
  await reversePointsAfterRefund(tx, order as OrderRow);
  return order as OrderRow;
}

/** The statuses of an order that was paid: the only guest orders that join an account. */
const PAID_STATUSES = ["processing", "shipped", "delivered"];

/**
 * The paid guest orders placed with `address` (lower case) join the user, in one statement with the
 * check that the user's e-mail is verified and still that address (server/auth/attach-guest-orders.ts).
 * Returns how many joined.
 */
export async function attachGuestOrdersToUser(db: Db, userId: string, address: string): Promise<number> {
  const attached = await db
    .update(orders)
    .set({ userId, updatedAt: sql`now()` })
    .where(
      and(
        isNull(orders.userId),
        inArray(orders.status, PAID_STATUSES),
        sql`lower(${orders.email}) = ${address}`,
        sql`exists (select 1 from ${user} where ${eq(user.id, userId)} and ${user.emailVerified} and lower(${user.email}) = ${address})`,
      ),
    )
    .returning({ id: orders.id });
  return attached.length;
}
