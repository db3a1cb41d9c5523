import { addressBlock, paragraph } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { linesBlock, orderEmail } from "./order-email.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";

export const SHIPPING_PROMISE = "Your order ships within 2-3 business days.";

/**
 * The order confirmation: order number, lines and figures, the shipping address when the order has one,
 * the shipping promise and a link to the order. Sent once per order.
 */
export function orderConfirmationEmail(order: OrderRow, lines: OrderLineRow[], origin: string): MailMessage {
  const renewal = order.subscriptionId !== null;
  const subscriptions = renewal
    ? "This is your subscription's renewal. You can skip, pause or change the next one in your account."
    : lines.some((l) => l.isSubscription)
      ? "Subscription items renew at the price shown; you can skip, pause, change or cancel them in your account."
      : null;
  return orderEmail({
    order,
    origin,
    subject: renewal
      ? `Your MANA subscription renewed: order ${order.orderNumber}`
      : `Your MANA order ${order.orderNumber} is confirmed`,
    heading: renewal ? "Your subscription renewed." : "Thank you for your order.",
    blocks: [
      linesBlock(order, lines, true),
      addressBlock(order),
      paragraph(SHIPPING_PROMISE),
      subscriptions ? paragraph(subscriptions) : null,
    ],
    dedupeKey: `order-confirmation:${order.id}`,
  });
}
