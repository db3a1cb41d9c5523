import { escapeHtml as esc } from "../../core/escape-html.ts";
import type { Translator } from "../../core/i18n/translator.ts";
import type { OrderTaxLine } from "../../core/order-totals.ts";
import { addressBlock, type EmailBlock, linkBlock, paragraph } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { linesBlock, orderEmail, orderWords } from "./order-email.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";

/**
 * What the confirmation of an order that starts subscriptions acknowledges (docs/decisions/042-renewal-consent-at-checkout.md):
 * the renewal terms exactly as the customer agreed to them at checkout (null for an order placed before
 * consents were kept) and, per subscription, its manage link (server/subscriptions/manage-link.ts).
 */
export interface RenewalAcknowledgment {
  disclosure: string | null;
  manage: { productName: string; url: string }[];
}

/** The disclosure consented to, line by line, under a line saying what it is. */
function agreedTermsBlock(disclosure: string, words: Translator): EmailBlock {
  const lines = disclosure.split("\n");
  const intro = words.t("email.confirmation.agreedTerms");
  return {
    text: [intro, ...lines],
    html: `<div style="border:1px solid #EDE6D6;border-radius:12px;padding:4px 16px;margin:16px 0"><p><strong>${esc(intro)}</strong></p>${lines.map((l) => `<p style="margin:6px 0">${esc(l)}</p>`).join("")}</div>`,
  };
}

function acknowledgmentBlocks(ack: RenewalAcknowledgment, words: Translator): EmailBlock[] {
  return [
    ack.disclosure
      ? agreedTermsBlock(ack.disclosure, words)
      : paragraph(words.t("email.confirmation.renewsUntilCancelled")),
    ...ack.manage.map((m) =>
      linkBlock(
        words.t("email.confirmation.manage", { product: m.productName }),
        m.url,
        words.t("email.confirmation.manageText", { product: m.productName, url: m.url }),
      ),
    ),
  ];
}

/**
 * The order confirmation: order number, lines and figures, the shipping address when the order has one,
 * the shipping promise and a link to the order; an order that starts subscriptions also restates the
 * renewal terms agreed to and links each subscription's manage page. Sent once per order. Its taxes are
 * listed one by one from `taxLines` (server/orders/order-rows.ts loadOneOrderTaxLines); without them, the
 * order's tax is one row.
 */
export function orderConfirmationEmail(
  order: OrderRow,
  lines: OrderLineRow[],
  origin: string,
  acknowledgment: RenewalAcknowledgment | null = null,
  taxLines: OrderTaxLine[] = [],
): MailMessage {
  const words = orderWords(order);
  const renewal = order.subscriptionId !== null;
  const subscriptions = renewal
    ? words.t("email.confirmation.renewalNote")
    : lines.some((l) => l.isSubscription) && !acknowledgment
      ? words.t("email.confirmation.subscriptionNote")
      : null;
  const number = order.orderNumber;
  return orderEmail({
    order,
    origin,
    subject: renewal
      ? words.t("email.confirmation.renewedSubject", { number })
      : words.t("email.confirmation.subject", { number }),
    heading: renewal ? words.t("email.confirmation.renewedHeading") : words.t("email.confirmation.heading"),
    blocks: [
      linesBlock(order, lines, true, taxLines),
      addressBlock(order, words),
      paragraph(words.t("email.confirmation.shippingPromise")),
      subscriptions ? paragraph(subscriptions) : null,
      ...(acknowledgment && !renewal ? acknowledgmentBlocks(acknowledgment, words) : []),
    ],
    dedupeKey: `order-confirmation:${order.id}`,
  });
}
