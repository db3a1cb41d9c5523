import { formatAddressLines, type ShippingAddress } from "../../core/address.ts";
import { escapeHtml as esc } from "../../core/escape-html.ts";
import { formatMoney } from "../../core/money.ts";
import { orderTotals, summaryRows } from "../../core/order-totals.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { orderPageUrl } from "./order-link.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";

/** A block of an order e-mail: its plain-text lines and the same in HTML. */
export interface EmailBlock {
  text: string[];
  html: string;
}

/** A paragraph (plain text in both parts, escaped for HTML). */
export function paragraph(text: string): EmailBlock {
  return { text: [text], html: `<p>${esc(text)}</p>` };
}

/** A label and its value, the value optionally a link (shown in full in the plain-text part). */
export function labelled(label: string, value: string, href?: string | null): EmailBlock {
  const shown = href
    ? `<a href="${esc(href)}" style="color:#1F3A2E">${esc(value)}</a>`
    : `<strong>${esc(value)}</strong>`;
  return {
    text: [`${label}: ${value}${href && href !== value ? ` (${href})` : ""}`],
    html: `<p>${esc(label)}: ${shown}</p>`,
  };
}

/** A button-like link, written out in the plain-text part. */
export function linkBlock(label: string, href: string): EmailBlock {
  return {
    text: [`${label}: ${href}`],
    html: `<p><a href="${esc(href)}" style="display:inline-block;background:#1F3A2E;color:#F7F3EA;padding:10px 18px;border-radius:999px;text-decoration:none;font-weight:bold">${esc(label)}</a></p>`,
  };
}

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

/** Where an order or a subscription ships, when it has an address (orders placed before addresses have none). */
export function addressBlock(order: { shippingAddress: ShippingAddress | null }): EmailBlock | null {
  if (!order.shippingAddress) return null;
  const lines = formatAddressLines(order.shippingAddress);
  return {
    text: ["Shipping to:", ...lines],
    html: `<p>Shipping to:<br>${lines.map(esc).join("<br>")}</p>`,
  };
}

/**
 * An e-mail in the shop's look: heading, the blocks, a link back to the shop, the guarantee and the
 * signature; HTML and plain-text parts say the same.
 */
export function shopEmail(options: {
  to: string;
  subject: string;
  heading: string;
  blocks: (EmailBlock | null)[];
  link: { label: string; href: string };
  dedupeKey: string;
}): MailMessage {
  const blocks = [
    ...options.blocks.filter((b): b is EmailBlock => b !== null),
    linkBlock(options.link.label, options.link.href),
    paragraph("Every order is covered by our 60-day money-back guarantee."),
  ];
  const text = [options.heading, "", ...blocks.flatMap((b) => [...b.text, ""]), "MANA"].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1B1F1C;background:#F7F3EA;padding:24px">
<h1 style="color:#1F3A2E;font-size:22px">${esc(options.heading)}</h1>
${blocks.map((b) => b.html).join("\n")}
<p>MANA</p>
</body></html>`;
  return { to: options.to, subject: options.subject, text, html, dedupeKey: options.dedupeKey };
}

/** An e-mail about one order: the order number first, a link to the order's page last. */
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
