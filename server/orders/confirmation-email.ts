import { escapeHtml as esc } from "../../core/escape-html.ts";
import { formatMoney } from "../../core/money.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";

export const SHIPPING_PROMISE = "Your order ships within 2-3 business days.";

function lineText(l: OrderLineRow): string {
  const kind = l.isSubscription ? ` (monthly subscription, ${l.discountPercent}% off)` : "";
  return `${l.quantity}x ${l.productName}${kind}: ${formatMoney(l.lineTotalCents)}`;
}

/** The order confirmation: order number, lines, total, shipping promise. Sent once per order. */
export function orderConfirmationEmail(order: OrderRow, lines: OrderLineRow[]): MailMessage {
  const rows: [string, string][] = [["Subtotal", formatMoney(order.subtotalCents)]];
  if (order.discountCents > 0) rows.push(["Bundle savings", `-${formatMoney(order.discountCents)}`]);
  rows.push(["Shipping", order.shippingCents === 0 ? "Free" : formatMoney(order.shippingCents)]);
  rows.push(["Total", formatMoney(order.totalCents)]);
  const subscriptions = lines.some((l) => l.isSubscription)
    ? "Subscription items renew monthly at the price shown; you can manage them in your account."
    : null;

  const text = [
    "Thank you for your order.",
    "",
    `Order number: ${order.orderNumber}`,
    "",
    ...lines.map(lineText),
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    SHIPPING_PROMISE,
    ...(subscriptions ? [subscriptions] : []),
    "Every order is covered by our 60-day money-back guarantee.",
    "",
    "MANA",
  ].join("\n");

  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1B1F1C;background:#F7F3EA;padding:24px">
<h1 style="color:#1F3A2E;font-size:22px">Thank you for your order</h1>
<p>Order number: <strong>${esc(order.orderNumber)}</strong></p>
<table style="border-collapse:collapse;width:100%;max-width:520px">
${lines.map((l) => `<tr><td style="padding:4px 0">${esc(`${l.quantity}x ${l.productName}`)}${l.isSubscription ? ` <em>(monthly subscription, ${l.discountPercent}% off)</em>` : ""}</td><td style="text-align:right">${esc(formatMoney(l.lineTotalCents))}</td></tr>`).join("\n")}
${rows.map(([k, v]) => `<tr><td style="padding:4px 0;border-top:1px solid #EDE6D6">${esc(k)}</td><td style="text-align:right;border-top:1px solid #EDE6D6">${esc(v)}</td></tr>`).join("\n")}
</table>
<p>${esc(SHIPPING_PROMISE)}</p>
${subscriptions ? `<p>${esc(subscriptions)}</p>` : ""}
<p>Every order is covered by our 60-day money-back guarantee.</p>
<p>MANA</p>
</body></html>`;

  return {
    to: order.email,
    subject: `Your MANA order ${order.orderNumber} is confirmed`,
    text,
    html,
    dedupeKey: `order-confirmation:${order.id}`,
  };
}
