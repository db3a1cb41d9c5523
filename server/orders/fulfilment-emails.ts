import { trackingUrl } from "../../core/carriers.ts";
import { formatMoney } from "../../core/money.ts";
import { type OrderTaxLine, storedCurrency } from "../../core/order-totals.ts";
import { addressBlock, labelled, paragraph } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { linesBlock, orderEmail, orderWords } from "./order-email.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";

/** The order is on its way: carrier, tracking code and the carrier's tracking page. Sent once per order. */
export function orderShippedEmail(order: OrderRow, lines: OrderLineRow[], origin: string): MailMessage {
  const url = trackingUrl(order.carrier, order.trackingCode);
  const words = orderWords(order);
  return orderEmail({
    order,
    origin,
    subject: words.t("email.shipped.subject", { number: order.orderNumber }),
    heading: words.t("email.shipped.heading"),
    blocks: [
      order.carrier ? labelled(words.t("email.shipped.carrier"), order.carrier) : null,
      order.trackingCode ? labelled(words.t("email.shipped.trackingCode"), order.trackingCode) : null,
      url ? labelled(words.t("email.shipped.track"), url, url) : null,
      linesBlock(order, lines, false),
      addressBlock(order, words),
    ],
    dedupeKey: `order-shipped:${order.id}`,
  });
}

/** The carrier delivered the order. Sent once per order. */
export function orderDeliveredEmail(order: OrderRow, lines: OrderLineRow[], origin: string): MailMessage {
  const words = orderWords(order);
  return orderEmail({
    order,
    origin,
    subject: words.t("email.delivered.subject", { number: order.orderNumber }),
    heading: words.t("email.delivered.heading"),
    blocks: [
      paragraph(words.t("email.delivered.enjoy")),
      linesBlock(order, lines, false),
      addressBlock(order, words),
    ],
    dedupeKey: `order-delivered:${order.id}`,
  });
}

/** Why the customer is told their order was cancelled. */
export type CancelReason = "not_shipping" | "sold_out";

/**
 * The order was cancelled, with the amount refunded when there is one, and its figures (each tax from
 * `taxLines`). Sent once per order.
 */
export function orderCancelledEmail(
  order: OrderRow,
  lines: OrderLineRow[],
  origin: string,
  /** Why, when the shop cancelled it on its own: the last units sold out while the customer paid. */
  why: CancelReason = "not_shipping",
  taxLines: OrderTaxLine[] = [],
): MailMessage {
  const words = orderWords(order);
  const refunded = formatMoney(order.refundedCents, storedCurrency(order.currency));
  const refund =
    order.refundedCents > 0 ? paragraph(words.t("email.cancelled.refund", { amount: refunded })) : null;
  const subscriptions = lines.some((l) => l.isSubscription)
    ? paragraph(words.t("email.cancelled.subscriptions"))
    : null;
  return orderEmail({
    order,
    origin,
    subject: words.t("email.cancelled.subject", { number: order.orderNumber }),
    heading: words.t("email.cancelled.heading"),
    blocks: [
      paragraph(words.t(why === "sold_out" ? "email.cancelled.soldOut" : "email.cancelled.notShipping")),
      refund ? labelled(words.t("email.refunded.label"), refunded) : null,
      refund,
      subscriptions,
      linesBlock(order, lines, true, taxLines),
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
  const words = orderWords(order);
  // Where the money went (server/orders/refund-order.ts): the balances that paid, store credit, or the card.
  const where =
    refund.provider === "balances"
      ? words.t("email.refunded.toBalances")
      : refund.provider === "store_credit"
        ? words.t("email.refunded.toStoreCredit")
        : words.t("email.refunded.toCard");
  // A refund is in the order's currency (decision 051).
  const currency = storedCurrency(order.currency);
  const amount = formatMoney(refund.amountCents, currency);
  return orderEmail({
    order,
    origin,
    subject: words.t("email.refunded.subject", { amount, number: order.orderNumber }),
    heading: whole ? words.t("email.refunded.headingWhole") : words.t("email.refunded.headingPart"),
    blocks: [
      labelled(words.t("email.refunded.label"), amount),
      whole ? null : labelled(words.t("email.refunded.soFar"), formatMoney(order.refundedCents, currency)),
      paragraph(where),
    ],
    dedupeKey: `order-refunded:${refund.id}`,
  });
}
