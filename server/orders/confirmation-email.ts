import { escapeHtml as esc } from "../../core/escape-html.ts";
import { addressBlock, type EmailBlock, linkBlock, paragraph } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { linesBlock, orderEmail } from "./order-email.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";

export const SHIPPING_PROMISE = "Your order ships within 2-3 business days.";

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
function agreedTermsBlock(disclosure: string): EmailBlock {
  const lines = disclosure.split("\n");
  const intro = "The automatic renewal you agreed to at checkout:";
  return {
    text: [intro, ...lines],
    html: `<div style="border:1px solid #EDE6D6;border-radius:12px;padding:4px 16px;margin:16px 0"><p><strong>${esc(intro)}</strong></p>${lines.map((l) => `<p style="margin:6px 0">${esc(l)}</p>`).join("")}</div>`,
  };
}

function acknowledgmentBlocks(ack: RenewalAcknowledgment): EmailBlock[] {
  return [
    ack.disclosure
      ? agreedTermsBlock(ack.disclosure)
      : paragraph(
          "Subscription items renew every month at the price shown until you cancel; you can skip, pause, change or cancel them online.",
        ),
    ...ack.manage.map((m) =>
      linkBlock(
        `Manage your subscription: ${m.productName}`,
        m.url,
        `Manage or cancel your ${m.productName} subscription: ${m.url}`,
      ),
    ),
  ];
}

/**
 * The order confirmation: order number, lines and figures, the shipping address when the order has one,
 * the shipping promise and a link to the order; an order that starts subscriptions also restates the
 * renewal terms agreed to and links each subscription's manage page. Sent once per order.
 */
export function orderConfirmationEmail(
  order: OrderRow,
  lines: OrderLineRow[],
  origin: string,
  acknowledgment: RenewalAcknowledgment | null = null,
): MailMessage {
  const renewal = order.subscriptionId !== null;
  const subscriptions = renewal
    ? "This is your subscription's renewal. You can skip, pause or change the next one in your account."
    : lines.some((l) => l.isSubscription) && !acknowledgment
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
      ...(acknowledgment && !renewal ? acknowledgmentBlocks(acknowledgment) : []),
    ],
    dedupeKey: `order-confirmation:${order.id}`,
  });
}
