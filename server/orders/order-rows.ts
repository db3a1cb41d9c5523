import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.ts";
import { orderLines, orders } from "../db/schema.ts";

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** An id the orders table could hold (uuid): anything else is never looked up. */
export const UUID = /^[0-9a-f-]{36}$/i;

/** An order's lines in a stable order (product, kind, bundle): the same order always lists the same way. */
export function loadOrderLines(db: DbOrTx, orderId: string): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.productId, orderLines.isSubscription, orderLines.bundleId);
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
