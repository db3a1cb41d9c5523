import { eq } from "drizzle-orm";
import { CARRIER_NAMES, findCarrier } from "../../core/carriers.ts";
import { formatMoney } from "../../core/money.ts";
import { assertMove, type OrderStatus, OrderTransitionError } from "../../core/order-status.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { type AuditActor, actorName } from "../audit/audit.ts";
import type { Db, Tx } from "../db/client.ts";
import { orders, refunds } from "../db/schema.ts";
import { moveOrderByOwner, type OwnerMoveChange } from "./order-life.ts";
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
  /**
   * delivered: the day it was delivered (YYYY-MM-DD, UTC) when it is not today, for a late entry: recorded
   * at noon that day, never before the order shipped nor in the future.
   */
  deliveredOn?: string;
  /** Who moved it: written to the audit log in the move's transaction. */
  actor?: AuditActor;
}

/**
 * Moves an order by its number, in one transaction with the row locked: the move is checked here (an
 * impossible move is refused with a message saying why), then written by server/orders/order-life.ts
 * (status, date, timeline step, audit row; cancelling also cancels the order's subscriptions).
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
    const actor = options.actor ?? "command line";
    return moveOrderByOwner(tx, order, await ownerMoveOf(tx, order, to, options, actor), actor);
  });
}

/** The move the owner asked for, checked: a shipment's carrier and code, a cancellation's refund (recorded first). */
async function ownerMoveOf(
  tx: Tx,
  order: OrderRow,
  to: OwnerMove,
  options: MoveOptions,
  actor: AuditActor,
): Promise<OwnerMoveChange> {
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
    return { to, carrier: carrier.name, trackingCode };
  }

  if (to === "delivered") return { to, at: deliveryMoment(order, options.deliveredOn) };

  const refund = options.refundedCents ?? 0;
  if (!Number.isInteger(refund) || refund < 0) {
    throw new OrderTransitionError(`A refund is an amount of money, such as 12.50.`);
  }
  if (refund > 0 && !order.paidAt) {
    throw new OrderTransitionError(`Order ${number} was never paid, so nothing can be refunded.`);
  }
  if (refund > order.totalCents - order.refundedCents) {
    throw new OrderTransitionError(
      `Order ${number} was paid ${formatMoney(order.totalCents, storedCurrency(order.currency))}: a refund cannot be more than that.`,
    );
  }
  if (refund > 0) {
    await tx.insert(refunds).values({
      orderId: order.id,
      amountCents: refund,
      reason: "Recorded at cancellation (refunded outside the shop)",
      status: "succeeded",
      provider: order.provider,
      actor: actorName(actor),
    });
  }
  return { to, refundedCents: refund };
}

/** When a delivery entered late happened: noon (UTC) of its day, or now for today; null for now. */
function deliveryMoment(order: OrderRow, day: string | undefined): Date | null {
  if (day === undefined) return null;
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  if (day > today) {
    throw new OrderTransitionError(
      `Order ${order.orderNumber} cannot be delivered on ${day}: that day has not come.`,
    );
  }
  if (day === today) return null;
  const shippedOn = order.shippedAt?.toISOString().slice(0, 10);
  if (shippedOn && day < shippedOn) {
    throw new OrderTransitionError(
      `Order ${order.orderNumber} shipped on ${shippedOn}: it cannot have been delivered before, on ${day}.`,
    );
  }
  const at = new Date(`${day}T12:00:00Z`);
  // Shipped the same day, after noon: delivered at the moment it shipped, never before.
  return order.shippedAt && at < order.shippedAt ? order.shippedAt : at;
}
