import { escapeHtml as esc } from "../../core/escape-html.ts";
import type { Translator } from "../../core/i18n/translator.ts";
import { formatMoney } from "../../core/money.ts";
import { type OrderTaxLine, orderTotals, storedCurrency, summaryRows } from "../../core/order-totals.ts";
import { wordsIn } from "../i18n/words.ts";
import { type EmailBlock, paragraph, shopEmail } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { orderPageUrl } from "./order-link.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";

/** An order's e-mails are written in the language it was placed in (docs/decisions/049-languages.md). */
export const orderWords = (order: Pick<OrderRow, "locale">): Translator => wordsIn(order.locale);

/** A line's product, quantity and kind: "2x Magnesium (monthly subscription, 15% off)". */
function lineName(l: OrderLineRow, words: Translator): { name: string; kind: string | null } {
  return {
    name: words.t("email.order.line", { quantity: l.quantity, product: l.productName }),
    kind: l.isSubscription ? words.t("email.order.subscriptionLine", { percent: l.discountPercent }) : null,
  };
}

/**
 * The order's lines with their totals, and (with `figures`) subtotal, savings, shipping, each tax (one row
 * per tax line, a VAT the prices contain marked included; an order without lines: its one Tax row) and total.
 */
export function linesBlock(
  order: OrderRow,
  lines: OrderLineRow[],
  figures: boolean,
  taxLines: OrderTaxLine[] = [],
): EmailBlock {
  const words = orderWords(order);
  const rows = figures ? summaryRows(orderTotals({ ...order, lines, taxLines })) : [];
  // Every amount in the order's currency (decision 051: a Canadian amount is always marked CA$).
  const currency = storedCurrency(order.currency);
  const label = (r: (typeof rows)[number]) => words.t(r.key, r.values);
  const value = (r: (typeof rows)[number]) =>
    r.display === undefined ? formatMoney(r.cents, currency) : words.t("orders.figures.free");
  const cell = "padding:4px 0";
  const ruled = "border-top:1px solid #EDE6D6";
  const named = lines.map((l) => ({ line: l, ...lineName(l, words) }));
  return {
    text: [
      ...named.map(
        (n) => `${n.name}${n.kind ? ` (${n.kind})` : ""}: ${formatMoney(n.line.lineTotalCents, currency)}`,
      ),
      ...(rows.length ? ["", ...rows.map((r) => `${label(r)}: ${value(r)}`)] : []),
    ],
    html: `<table style="border-collapse:collapse;width:100%;max-width:520px">
${named.map((n) => `<tr><td style="${cell}">${esc(n.name)}${n.kind ? ` <em>(${esc(n.kind)})</em>` : ""}</td><td style="text-align:right">${esc(formatMoney(n.line.lineTotalCents, currency))}</td></tr>`).join("\n")}
${rows.map((r) => `<tr><td style="${cell};${ruled}${r.kind === "total" ? ";font-weight:bold" : ""}">${esc(label(r))}</td><td style="text-align:right;${ruled}${r.kind === "total" ? ";font-weight:bold" : ""}">${esc(value(r))}</td></tr>`).join("\n")}
</table>`,
  };
}

/**
 * An e-mail about one order (server/mail/layout.ts), in the order's language: the order number first, a
 * link to the order's page (in that language) last.
 */
export function orderEmail(options: {
  order: OrderRow;
  origin: string;
  subject: string;
  heading: string;
  blocks: (EmailBlock | null)[];
  dedupeKey: string;
}): MailMessage {
  const { order } = options;
  const words = orderWords(order);
  return shopEmail({
    to: order.email,
    subject: options.subject,
    heading: options.heading,
    blocks: [paragraph(words.t("email.order.number", { number: order.orderNumber })), ...options.blocks],
    link: {
      label: words.t("email.order.view"),
      href: orderPageUrl(options.origin, order.orderNumber, words.locale),
    },
    dedupeKey: options.dedupeKey,
    words,
  });
}
