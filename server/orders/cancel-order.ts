import { eq } from "drizzle-orm";
import { assertMove, OrderTransitionError } from "../../core/order-status.ts";
import type { AuditActor } from "../audit/audit.ts";
import { orders } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { fulfilOrder } from "./fulfil-order.ts";
import type { CancelReason } from "./fulfilment-emails.ts";
import { committedCents, refundOrder } from "./refund-order.ts";

/**
 * Cancels an order, giving back what is left of its payment first when `refund` is set. A cancellation
 * that cannot happen is refused before any money moves; a refund the provider refuses stops it (the
 * order stays as it was, to try again). The customer gets the refund's e-mail and the cancellation's.
 */
export async function cancelOrder(
  deps: Pick<ShopDeps, "db" | "payments" | "mailer" | "origin">,
  orderNumber: string,
  input: {
    refund: boolean;
    /** Why it is refunded, for the owner (the customer does not see it). */
    reason: string;
    actor: AuditActor;
    /** The cancellation e-mail's explanation, when the shop cancels on its own (server/orders/fulfilment-emails.ts). */
    customerNote?: CancelReason;
  },
): Promise<void> {
  const number = orderNumber.trim().toUpperCase();
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNumber, number));
  if (!order) throw new OrderTransitionError(`There is no order ${number}.`);
  assertMove(order.orderNumber, order.status, "cancelled");
  const refundable = order.paidAt ? order.totalCents - (await committedCents(deps.db, order.id)) : 0;
  if (input.refund && refundable > 0) {
    await refundOrder(deps, order.orderNumber, {
      amountCents: refundable,
      reason: input.reason || "Order cancelled",
      actor: input.actor,
    });
  }
  await fulfilOrder(deps, order.orderNumber, "cancelled", {
    actor: input.actor,
    customerNote: input.customerNote,
  });
}
