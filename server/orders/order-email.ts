import { escapeHtml as esc } from "../../core/escape-html.ts";
import { formatMoney } from "../../core/money.ts";
import { orderTotals, summaryRows } from "../../core/order-totals.ts";
import { type EmailBlock, paragraph, shopEmail } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { orderPageUrl } from "./order-link.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";

function lineText(l: OrderLineRow): string {
  const kind = l.isSubscription ? ` (monthly subscription, ${l.discountPercent}% off)` : "";
  return `${l.quantity}x ${l.productName}${kind}: ${formatMoney(l.lineTotalCents)}`;
}

/** The order's lines with their totals, and (with `figures`) subtotal, savings, shipping, tax and total. */
export function linesBlock(order: OrderRow, lines: OrderLineRow[], figures: boolean): EmailBlock {
  const rows = figures ? summaryRows(orderTotals({ ...order, lines })) : [];
  const value = (r: (typeof rows)[number]) => r.display ?? formatMoney(r.cents);
  const cell = "padding:4px 0";
  const ruled = "border-top:1px solid #EDE6D6";
  return {
    text: [
      ...lines.map(lineText),
      ...(rows.length ? ["", ...rows.map((r) => `${r.label}: ${value(r)}`)] : []),
    ],
    html: `<table style="border-collapse:collapse;width:100%;max-width:520px">
${lines.map((l) => `<tr><td style="${cell}">${esc(`${l.quantity}x ${l.productName}`)}${l.isSubscription ? ` <em>(monthly subscription, ${l.discountPercent}% off)</em>` : ""}</td><td style="text-align:right">${esc(formatMoney(l.lineTotalCents))}</td></tr>`).join("\n")}
${rows.map((r) => `<tr><td style="${cell};${ruled}${r.kind === "total" ? ";font-weight:bold" : ""}">${esc(r.label)}</td><td style="text-align:right;${ruled}${r.kind === "total" ? ";font-weight:bold" : ""}">${esc(value(r))}</td></tr>`).join("\n")}
</table>`,
  };
}

/** An e-mail about one order (server/mail/layout.ts): the order number first, a link to the order's page last. */
export function orderEmail(options: {
  order: OrderRow;
  origin: string;
  subject: string;
  heading: string;
  blocks: (EmailBlock | null)[];
  dedupeKey: string;
}): MailMessage {
  const { order } = options;
  return shopEmail({
    to: order.email,
    subject: options.subject,
    heading: options.heading,
    blocks: [paragraph(`Order number: ${order.orderNumber}`), ...options.blocks],
    link: { label: "View your order", href: orderPageUrl(options.origin, order.orderNumber) },
    dedupeKey: options.dedupeKey,
  });
}
