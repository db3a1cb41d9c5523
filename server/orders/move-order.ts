import { eq, sql } from "drizzle-orm";
import { assertMove, type OrderStatus, OrderTransitionError } from "../../core/order-status.ts";
import type { Db } from "../db/client.ts";
import { orders, subscriptions } from "../db/schema.ts";
import type { OrderRow } from "./order-rows.ts";

/** The owner's moves (shipping, delivery, cancellation); only a reported payment makes an order paid. */
export type OwnerMove = Extract<OrderStatus, "shipped" | "delivered" | "cancelled">;

/**
 * Moves an order by its number, in one transaction with the row locked: an impossible move is refused
 * with a message saying why. Cancelling a paid order also cancels its subscriptions.
 */
export async function moveOrder(
  db: Db,
  orderNumber: string,
  to: OwnerMove,
  options: { trackingCode?: string } = {},
): Promise<OrderRow> {
  const number = orderNumber.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, number)).for("update");
    if (!order) throw new OrderTransitionError(`There is no order ${number}.`);
    assertMove(order.orderNumber, order.status, to);
    const trackingCode = options.trackingCode?.trim();
    if (to === "shipped" && !trackingCode) {
      throw new OrderTransitionError(`Order ${number} needs a tracking code to ship (--tracking <code>).`);
    }
    const [moved] = await tx
      .update(orders)
      .set({ status: to, ...(to === "shipped" ? { trackingCode } : {}), updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    if (to === "cancelled") {
      await tx
        .update(subscriptions)
        .set({ status: "cancelled", updatedAt: sql`now()` })
        .where(eq(subscriptions.orderId, order.id));
    }
    return moved as OrderRow;
  });
}
