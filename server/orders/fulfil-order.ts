import type { ShopDeps } from "../deps.ts";
import type { CancelReason } from "./fulfilment-emails.ts";
import { orderCancelledEmail, orderDeliveredEmail, orderShippedEmail } from "./fulfilment-emails.ts";
import { type MoveOptions, moveOrder, type OwnerMove } from "./move-order.ts";
import { loadOneOrderTaxLines, loadOrderLines, type OrderRow } from "./order-rows.ts";
import { sendReviewInvite } from "./review-invite.ts";

/**
 * The owner's move of an order (moveOrder: status, date and timeline event in one transaction), then the
 * customer's e-mail about it, after the commit: shipped, delivered, or cancelled (only for an order that
 * was paid: a checkout never paid was never confirmed to the customer). Each e-mail has its dedupe key,
 * so it goes out once per order (a delivery also invites a review: server/orders/review-invite.ts). Returns the moved order and whether an e-mail went out.
 */
export async function fulfilOrder(
  deps: Pick<ShopDeps, "db" | "mailer" | "origin">,
  orderNumber: string,
  to: OwnerMove,
  options: MoveOptions & { customerNote?: CancelReason } = {},
): Promise<{ order: OrderRow; emailed: boolean }> {
  const order = await moveOrder(deps.db, orderNumber, to, options);
  const lines = await loadOrderLines(deps.db, order.id);
  const email =
    to === "shipped"
      ? orderShippedEmail(order, lines, deps.origin)
      : to === "delivered"
        ? orderDeliveredEmail(order, lines, deps.origin)
        : order.paidAt
          ? orderCancelledEmail(
              order,
              lines,
              deps.origin,
              options.customerNote,
              await loadOneOrderTaxLines(deps.db, order.id),
            )
          : null;
  const emailed = email ? await deps.mailer.send(email) : false;
  // A delivered order also invites a review, to a customer who takes promotional e-mail.
  if (to === "delivered") await sendReviewInvite(deps, order, lines);
  return { order, emailed };
}
