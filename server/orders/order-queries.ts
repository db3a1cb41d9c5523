import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { OrderView, SubscriptionView } from "../../core/contracts/orders.ts";
import { formatCents } from "../../core/money.ts";
import type { Db } from "../db/client.ts";
import { orderLines, orders, subscriptions } from "../db/schema.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";

export function toOrderView(o: OrderRow, lines: OrderLineRow[]): OrderView {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    date: o.createdAt.toISOString(),
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    items: lines.map((l) => ({
      productId: l.productId,
      productName: l.productName,
      name: l.productName,
      quantity: l.quantity,
      price: formatCents(l.lineTotalCents),
      isSubscription: l.isSubscription,
    })),
    subtotal: formatCents(o.subtotalCents),
    discount: formatCents(o.discountCents),
    shipping: formatCents(o.shippingCents),
    total: o.totalCents / 100,
    totalAmount: formatCents(o.totalCents),
    totalCents: o.totalCents,
    trackingCode: o.trackingCode,
  };
}

/**
 * A user's orders, newest first. Pending orders are checkouts not (yet) paid, not orders the customer
 * placed, so they are left out (docs/decisions/004-payments-one-event-path.md).
 */
export async function listOrdersForUser(db: Db, userId: string, orderId?: string): Promise<OrderView[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        ne(orders.status, "pending"),
        orderId ? eq(orders.id, orderId) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderLines.productId, orderLines.isSubscription, orderLines.bundleId);
  return rows.map((o) =>
    toOrderView(
      o,
      lines.filter((l) => l.orderId === o.id),
    ),
  );
}

export async function listSubscriptionsForUser(db: Db, userId: string): Promise<SubscriptionView[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(200);
  return rows.map((s) => ({
    id: s.id,
    productName: s.productName,
    amount: formatCents(s.amountCents),
    interval: s.interval,
    status: s.status,
    nextBillingDate: s.nextBillingDate.toISOString(),
  }));
}

/** The newest orders of the shop, every status, for the owner's order list. */
export function latestOrders(db: Db, limit = 50): Promise<OrderRow[]> {
  return db.select().from(orders).orderBy(desc(orders.createdAt)).limit(limit);
}
