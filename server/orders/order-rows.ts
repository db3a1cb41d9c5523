import { and, asc, eq, inArray } from "drizzle-orm";
import type { OrderTaxLine } from "../../core/order-totals.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { orderLines, orders, orderTaxLines } from "../db/schema.ts";

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** An order's lines in a stable order (product, kind, bundle): the same order always lists the same way. */
export function loadOrderLines(db: DbOrTx, orderId: string): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.productId, orderLines.isSubscription, orderLines.bundleId);
}

/**
 * The tax lines of orders, by order, each order's in their order: one query for any number of orders. An
 * order without lines (no tax, or placed before taxes were itemised) is absent from the map.
 */
export async function loadOrderTaxLines(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, OrderTaxLine[]>> {
  const byOrder = new Map<string, OrderTaxLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderTaxLines)
    .where(inArray(orderTaxLines.orderId, orderIds))
    .orderBy(asc(orderTaxLines.orderId), asc(orderTaxLines.position));
  for (const r of rows) {
    const lines = byOrder.get(r.orderId) ?? [];
    lines.push({ name: r.name, ratePercent: r.ratePercent, cents: r.amountCents, included: r.included });
    byOrder.set(r.orderId, lines);
  }
  return byOrder;
}

/** One order's tax lines in their order (empty: none, or placed before taxes were itemised). */
export async function loadOneOrderTaxLines(db: DbOrTx, orderId: string): Promise<OrderTaxLine[]> {
  return (await loadOrderTaxLines(db, [orderId])).get(orderId) ?? [];
}

/** The order a provider's checkout session was opened for (the session id stored at checkout), if any. */
export async function findOrderBySession(
  db: Db,
  provider: string,
  sessionId: string,
): Promise<OrderRow | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.providerSessionId, sessionId), eq(orders.provider, provider)));
  return order ?? null;
}
