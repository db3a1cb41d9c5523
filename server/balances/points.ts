import { and, eq, sql } from "drizzle-orm";
import { storedCurrency } from "../../core/order-totals.ts";
import { pointsEarned } from "../../core/tenders.ts";
import type { DbOrTx } from "../db/client.ts";
import { customerLedger, orderTenders } from "../db/schema.ts";
import type { OrderRow } from "../orders/order-rows.ts";
import { addLedgerEntry } from "./customer-ledger.ts";

/**
 * Wellness Points (docs/decisions/047-gift-cards-credit-and-points.md): 1 point per whole unit of the
 * order's currency the card paid for its goods and shipping (one-time orders and renewals alike), credited
 * when the order is delivered, once, to the points of that currency (decision 051: a Canadian order's
 * points pay Canadian orders); taken back in them in proportion when it is refunded. Not for gift cards
 * bought, nor for what gift cards, store credit or points paid. A guest's order earns none.
 */

/** What earns points on an order: the card's part of it, less the gift cards it bought. */
export function pointsBase(order: Pick<OrderRow, "totalCents" | "giftCardCents" | "tenderedCents">): number {
  return Math.max(0, order.totalCents - order.giftCardCents - order.tenderedCents);
}

/** What of the order's refunds went to the card (or to store credit instead of it): not to its tenders. */
async function cardRefunded(tx: DbOrTx, order: OrderRow): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${orderTenders.refundedCents}), 0)::int` })
    .from(orderTenders)
    .where(eq(orderTenders.orderId, order.id));
  return Math.max(0, order.refundedCents - (row?.n ?? 0));
}

/** Credits the delivered order's points (in the delivery's transaction); a second time adds nothing. */
export async function creditOrderPoints(tx: DbOrTx, order: OrderRow): Promise<number> {
  if (!order.userId) return 0;
  const points = pointsEarned(pointsBase(order) - (await cardRefunded(tx, order)));
  if (points <= 0) return 0;
  const added = await addLedgerEntry(tx, {
    userId: order.userId,
    kind: "points",
    reason: "earned",
    amount: points,
    currency: storedCurrency(order.currency),
    orderId: order.id,
  });
  return added ? points : 0;
}

/**
 * After a refund: the order's earned points are brought down to what what is left paid would earn (a
 * `reversed` row for the difference). Points already spent may take the balance below zero: the next
 * orders earn it back.
 */
export async function reversePointsAfterRefund(tx: DbOrTx, order: OrderRow): Promise<number> {
  if (!order.userId) return 0;
  const rows = await tx
    .select({
      reason: customerLedger.reason,
      n: sql<number>`coalesce(sum(${customerLedger.amount}), 0)::int`,
    })
    .from(customerLedger)
    .where(
      and(
        eq(customerLedger.userId, order.userId),
        eq(customerLedger.kind, "points"),
        eq(customerLedger.orderId, order.id),
      ),
    )
    .groupBy(customerLedger.reason);
  const earned = rows.find((r) => r.reason === "earned")?.n ?? 0;
  if (earned <= 0) return 0;
  const reversed = -(rows.find((r) => r.reason === "reversed")?.n ?? 0);
  const keep = Math.min(earned, pointsEarned(pointsBase(order) - (await cardRefunded(tx, order))));
  const more = earned - keep - reversed;
  if (more <= 0) return 0;
  await addLedgerEntry(tx, {
    userId: order.userId,
    kind: "points",
    reason: "reversed",
    amount: -more,
    currency: storedCurrency(order.currency),
    orderId: order.id,
  });
  return more;
}
