import { eq, sql } from "drizzle-orm";
import { CARRIER_NAMES, findCarrier } from "../../core/carriers.ts";
import { formatMoney } from "../../core/money.ts";
import { assertMove, type OrderStatus, OrderTransitionError } from "../../core/order-status.ts";
import { type AuditActor, actorName, recordAudit } from "../admin/audit.ts";
import type { Db, Tx } from "../db/client.ts";
import { orders, refunds, subscriptions } from "../db/schema.ts";
import { recordOrderEvent } from "./order-events.ts";
import type { OrderRow } from "./order-rows.ts";

/** The owner's moves (shipping, delivery, cancellation); only a reported payment makes an order paid. */
export type OwnerMove = Extract<OrderStatus, "shipped" | "delivered" | "cancelled">;

export interface MoveOptions {
  /** shipped: one of the known carriers (core/carriers.ts), any case. */
  carrier?: string;
  /** shipped: the carrier's tracking code. */
  trackingCode?: string;
  /** cancelled: what was given back to the customer outside the shop (recorded as a refund, not made). */
  refundedCents?: number;
  /** Who moved it: written to the audit log in the move's transaction. */
  actor?: AuditActor;
}

/**
 * Moves an order by its number, in one transaction with the row locked: the status, the date of the move,
 * and its event on the order's timeline (shipped with carrier and tracking code; cancelled, then refunded
 * with the amount when one was given). An impossible move is refused with a message saying why.
 * Cancelling a paid order also cancels its subscriptions.
 */
export async function moveOrder(
  db: Db,
  orderNumber: string,
  to: OwnerMove,
  options: MoveOptions = {},
): Promise<OrderRow> {
  const number = orderNumber.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, number)).for("update");
    if (!order) throw new OrderTransitionError(`There is no order ${number}.`);
    assertMove(order.orderNumber, order.status, to);
    const moved = await applyMove(tx, order, to, options);
    await recordAudit(tx, {
      actor: options.actor ?? "command line",
      action: `order.${to}`,
      targetType: "order",
      targetId: order.id,
      before: { status: order.status, carrier: order.carrier, trackingCode: order.trackingCode },
      after: { status: moved.status, carrier: moved.carrier, trackingCode: moved.trackingCode },
    });
    return moved;
  });
}

async function applyMove(tx: Tx, order: OrderRow, to: OwnerMove, options: MoveOptions): Promise<OrderRow> {
  const number = order.orderNumber;
  if (to === "shipped") {
    const trackingCode = options.trackingCode?.trim();
    if (!trackingCode) {
      throw new OrderTransitionError(`Order ${number} needs a tracking code to ship (--tracking <code>).`);
    }
    const carrier = findCarrier(options.carrier);
    if (!carrier) {
      const given = options.carrier?.trim()
        ? `"${options.carrier.trim()}" is not a carrier the shop knows`
        : "it needs a carrier";
      throw new OrderTransitionError(
        `Order ${number} cannot ship: ${given}. Use --carrier with one of: ${CARRIER_NAMES.join(", ")}.`,
      );
    }
    const [moved] = await tx
      .update(orders)
      .set({
        status: "shipped",
        carrier: carrier.name,
        trackingCode,
        shippedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
      .returning();
    await recordOrderEvent(tx, order.id, "shipped", { carrier: carrier.name, trackingCode });
    return moved as OrderRow;
  }

  if (to === "delivered") {
    const [moved] = await tx
      .update(orders)
      .set({ status: "delivered", deliveredAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    await recordOrderEvent(tx, order.id, "delivered");
    return moved as OrderRow;
  }

  const refund = options.refundedCents ?? 0;
  if (!Number.isInteger(refund) || refund < 0) {
    throw new OrderTransitionError(`A refund is an amount of money, such as 12.50.`);
  }
  if (refund > 0 && !order.paidAt) {
    throw new OrderTransitionError(`Order ${number} was never paid, so nothing can be refunded.`);
  }
  if (refund > order.totalCents - order.refundedCents) {
    throw new OrderTransitionError(
      `Order ${number} was paid ${formatMoney(order.totalCents)}: a refund cannot be more than that.`,
    );
  }
  if (refund > 0) {
    await tx.insert(refunds).values({
      orderId: order.id,
      amountCents: refund,
      reason: "Recorded at cancellation (refunded outside the shop)",
      status: "succeeded",
      provider: order.provider,
      actor: actorName(options.actor ?? "command line"),
    });
  }
  const [moved] = await tx
    .update(orders)
    .set({
      status: "cancelled",
      cancelledAt: sql`now()`,
      ...(refund > 0 ? { refundedCents: order.refundedCents + refund } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id))
    .returning();
  await recordOrderEvent(tx, order.id, "cancelled");
  if (refund > 0) await recordOrderEvent(tx, order.id, "refunded", { amountCents: refund });
  await tx
    .update(subscriptions)
    .set({ status: "cancelled", updatedAt: sql`now()` })
    .where(eq(subscriptions.orderId, order.id));
  return moved as OrderRow;
}
