import { and, desc, eq, inArray, ne, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { trackingUrl } from "../../core/carriers.ts";
import type { OrderView } from "../../core/contracts/orders.ts";
import { formatCents } from "../../core/money.ts";
import { type LineFigures, type OrderTaxLine, orderTotals, paymentState } from "../../core/order-totals.ts";
import { UUID } from "../../core/uuid.ts";
import type { Db } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import { orderLines, orders } from "../db/schema.ts";
import { loadOrderEvents, type OrderEventRow, toTimeline } from "./order-events.ts";
import { ORDER_NUMBER_PATTERN } from "./order-number.ts";
import { loadOrderTaxLines, type OrderLineRow, type OrderRow } from "./order-rows.ts";

export function toOrderView(
  o: OrderRow,
  lines: OrderLineRow[],
  events: OrderEventRow[] = [],
  taxLines: OrderTaxLine[] = [],
): OrderView {
  const { lines: figures, balanced: _balanced, ...totals } = orderTotals({ ...o, lines, taxLines });
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    date: o.createdAt.toISOString(),
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    items: lines.map((l, i) => {
      const f = figures[i] as LineFigures;
      return {
        productId: l.productId,
        productName: l.productName,
        quantity: l.quantity,
        price: formatCents(l.lineTotalCents),
        isSubscription: l.isSubscription,
        bundleId: l.bundleId || null,
        unitCents: f.unitCents,
        discountPercent: f.discountPercent,
        subscriptionDiscountCents: f.subscriptionDiscountCents,
        lineCents: f.lineCents,
      };
    }),
    total: totals.totalCents / 100,
    totalAmount: formatCents(totals.totalCents),
    currency: totals.currency,
    trackingCode: o.trackingCode,
    isRenewal: o.subscriptionId !== null,
    carrier: o.carrier,
    trackingUrl: trackingUrl(o.carrier, o.trackingCode),
    totals,
    payment: {
      state: paymentState(o),
      paidAt: o.paidAt ? o.paidAt.toISOString() : null,
      refundedCents: o.refundedCents,
    },
    shippingAddress: o.shippingAddress ?? null,
    timeline: toTimeline(events),
  };
}

/** At most this many of a customer's orders are listed, newest first. */
const ORDERS_LISTED = 200;

/** A customer's orders, the ones still waiting for payment left out. */
const ordersOfUser = (userId: string | SQLWrapper) =>
  and(eq(orders.userId, userId), ne(orders.status, "pending"));

/** The account's and the order list's read (every signed-in visit to them). */
const allOrdersOf = perDatabase((db) =>
  db
    .select()
    .from(orders)
    .where(ordersOfUser(sql.placeholder("userId")))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_LISTED)
    .prepare("orders_of_user"),
);

/**
 * A user's orders, newest first; with `ref` (an order number, or the internal id old links carry) only
 * that order, and only when it is this user's. Pending orders are checkouts not (yet) paid, not orders the
 * customer placed, so they are left out (docs/decisions/004-payments-one-event-path.md).
 */
export async function listOrdersForUser(db: Db, userId: string, ref?: string): Promise<OrderView[]> {
  let only: SQL | undefined;
  if (ref !== undefined) {
    const wanted = ref.trim();
    if (UUID.test(wanted)) only = eq(orders.id, wanted);
    else if (ORDER_NUMBER_PATTERN.test(wanted.toUpperCase()))
      only = eq(orders.orderNumber, wanted.toUpperCase());
    else return [];
  }
  const rows = only
    ? await db
        .select()
        .from(orders)
        .where(and(ordersOfUser(userId), only))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(ORDERS_LISTED)
    : await allOrdersOf(db).execute({ userId });
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(orderLines.productId, orderLines.isSubscription, orderLines.bundleId);
  const [events, taxLines] = await Promise.all([loadOrderEvents(db, ids), loadOrderTaxLines(db, ids)]);
  return rows.map((o) =>
    toOrderView(
      o,
      lines.filter((l) => l.orderId === o.id),
      events.get(o.id) ?? [],
      taxLines.get(o.id) ?? [],
    ),
  );
}

/** The newest orders of the shop, every status, for the owner's order list. */
export function latestOrders(db: Db, limit = 50): Promise<OrderRow[]> {
  return db.select().from(orders).orderBy(desc(orders.createdAt)).limit(limit);
}
