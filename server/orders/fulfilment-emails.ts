import { trackingUrl } from "../../core/carriers.ts";
import { formatMoney } from "../../core/money.ts";
import { addressBlock, labelled, paragraph } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { linesBlock, orderEmail } from "./order-email.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";

/** The order is on its way: carrier, tracking code and the carrier's tracking page. Sent once per order. */
export function orderShippedEmail(order: OrderRow, lines: OrderLineRow[], origin: string): MailMessage {
  const url = trackingUrl(order.carrier, order.trackingCode);
  return orderEmail({
    order,
    origin,
    subject: `Your MANA order ${order.orderNumber} has shipped`,
    heading: "Your order is on its way.",
    blocks: [
      order.carrier ? labelled("Carrier", order.carrier) : null,
      order.trackingCode ? labelled("Tracking code", order.trackingCode) : null,
      url ? labelled("Track your package", url, url) : null,
      linesBlock(order, lines, false),
      addressBlock(order),
    ],
    dedupeKey: `order-shipped:${order.id}`,
  });
}

/** The carrier delivered the order. Sent once per order. */
export function orderDeliveredEmail(order: OrderRow, lines: OrderLineRow[], origin: string): MailMessage {
  return orderEmail({
    order,
    origin,
    subject: `Your MANA order ${order.orderNumber} was delivered`,
    heading: "Your order was delivered.",
    blocks: [
      paragraph("We hope you enjoy it. You can order the same again from your order's page."),
      linesBlock(order, lines, false),
      addressBlock(order),
    ],
    dedupeKey: `order-delivered:${order.id}`,
  });
}

/** The order was cancelled, with the amount refunded when there is one. Sent once per order. */
export function orderCancelledEmail(
  order: OrderRow,
  lines: OrderLineRow[],
  origin: string,
  /** Why, in the customer's words, when the shop cancelled it on its own (a sold-out order). */
  why = "This order will not ship.",
): MailMessage {
  const refund =
    order.refundedCents > 0
      ? paragraph(
          `We refunded ${formatMoney(order.refundedCents)} to your original payment method; it can take 5-10 business days to show.`,
        )
      : null;
  const subscriptions = lines.some((l) => l.isSubscription)
    ? paragraph("The subscriptions of this order are cancelled too: nothing more will be charged for them.")
    : null;
  return orderEmail({
    order,
    origin,
    subject: `Your MANA order ${order.orderNumber} was cancelled`,
    heading: "Your order was cancelled.",
    blocks: [
      paragraph(why),
      refund ? labelled("Refunded", formatMoney(order.refundedCents)) : null,
      refund,
      subscriptions,
      linesBlock(order, lines, true),
    ],
    dedupeKey: `order-cancelled:${order.id}`,
  });
}

/** Money was given back on the order (part or all of it). Sent once per refund. */
export function orderRefundedEmail(
  order: OrderRow,
  refund: { id: string; amountCents: number; provider?: string },
  origin: string,
): MailMessage {
  const whole = order.refundedCents >= order.totalCents;
  // Where the money went (server/orders/refund-order.ts): the balances that paid, store credit, or the card.
  const where =
    refund.provider === "balances"
      ? "It goes back to the gift cards, store credit or Wellness Points that paid for the order, at once."
      : refund.provider === "store_credit"
        ? "It is added to your MANA store credit, at once: it pays for your next orders at checkout."
        : "It goes back to your original payment method and can take 5-10 business days to show.";
  return orderEmail({
    order,
    origin,
    subject: `We refunded ${formatMoney(refund.amountCents)} on your MANA order ${order.orderNumber}`,
    heading: whole ? "Your order was refunded in full." : "Part of your order was refunded.",
    blocks: [
      labelled("Refunded", formatMoney(refund.amountCents)),
      whole ? null : labelled("Refunded on this order so far", formatMoney(order.refundedCents)),
      paragraph(where),
    ],
    dedupeKey: `order-refunded:${refund.id}`,
  });
}
