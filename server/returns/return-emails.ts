import type { ReturnView } from "../../core/contracts/returns.ts";
import { escapeHtml as esc } from "../../core/escape-html.ts";
import type { Translator } from "../../core/i18n/translator.ts";
import { formatMoney } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { type EmailBlock, labelled, paragraph, smallPrint } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { orderEmail, orderWords } from "../orders/order-email.ts";
import type { OrderRow } from "../orders/order-rows.ts";

/**
 * The customer's e-mails of their own steps on a return (docs/decisions/055-returns.md), in the order's
 * language: "we received your claim" and the withdrawal's acknowledgment (a durable medium: when it was
 * received, the order, the lines, what happens next). Each is sent once per return.
 */

/** The return's lines: "2x Magnesium" and what that many refund. */
function returnLinesBlock(order: OrderRow, ret: ReturnView, words: Translator): EmailBlock {
  const currency = storedCurrency(order.currency);
  const rows = ret.lines.map((l) => ({
    name: words.t("email.order.line", { quantity: l.quantity, product: l.productName }),
    amount: formatMoney(l.refundCents, currency),
  }));
  const cell = "padding:4px 0";
  return {
    text: rows.map((r) => `${r.name}: ${r.amount}`),
    html: `<table style="border-collapse:collapse;width:100%;max-width:520px">
${rows.map((r) => `<tr><td style="${cell}">${esc(r.name)}</td><td style="text-align:right">${esc(r.amount)}</td></tr>`).join("\n")}
</table>`,
  };
}

const whereOf = (ret: ReturnView, words: Translator) =>
  words.t(ret.refundTo === "credit" ? "email.returnClaim.toStoreCredit" : "email.returnClaim.toOriginal");

/** We received the customer's guarantee claim: its number, lines, and what happens next (keep or send back). */
export function returnClaimedEmail(order: OrderRow, ret: ReturnView, origin: string): MailMessage {
  const words = orderWords(order);
  const amount = formatMoney(ret.refundCents, storedCurrency(order.currency));
  const where = whereOf(ret, words);
  return orderEmail({
    order,
    origin,
    subject: words.t("email.returnClaim.subject", { number: ret.number, order: order.orderNumber }),
    heading: words.t("email.returnClaim.heading"),
    blocks: [
      labelled(words.t("email.returnClaim.number"), ret.number),
      returnLinesBlock(order, ret, words),
      labelled(words.t("email.returnClaim.refund"), amount),
      paragraph(words.t("email.returnClaim.next")),
      paragraph(
        ret.keep
          ? words.t("email.returnClaim.keep", { amount, where })
          : words.t("email.returnClaim.sendBack", { amount, where }),
      ),
      ret.subscription === "end" ? paragraph(words.t("email.returnClaim.subscriptionEnded")) : null,
    ],
    dedupeKey: `return-requested:${ret.id}`,
  });
}

/** When a withdrawal was received, to the minute, in UTC, in the order's language. */
export function receivedAt(at: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale === "en" ? "en-US" : locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(at);
}

/**
 * The acknowledgment of a withdrawal, on a durable medium: the date and time it was received, the order,
 * the lines, and what happens next (send the goods back within 14 days; the refund, shipping included,
 * within 14 days of the withdrawal).
 */
export function withdrawalEmail(order: OrderRow, ret: ReturnView, at: Date, origin: string): MailMessage {
  const words = orderWords(order);
  const amount = formatMoney(ret.refundCents, storedCurrency(order.currency));
  return orderEmail({
    order,
    origin,
    subject: words.t("email.withdrawal.subject", { order: order.orderNumber }),
    heading: words.t("email.withdrawal.heading"),
    blocks: [
      labelled(words.t("email.withdrawal.receivedAt"), receivedAt(at, words.locale)),
      labelled(words.t("email.withdrawal.number"), ret.number),
      paragraph(words.t("email.withdrawal.confirm", { order: order.orderNumber })),
      returnLinesBlock(order, ret, words),
      paragraph(words.t("email.withdrawal.sendBack")),
      paragraph(words.t("email.withdrawal.refund", { amount })),
      ret.subscription === "end" ? paragraph(words.t("email.returnClaim.subscriptionEnded")) : null,
      smallPrint(words.t("email.withdrawal.keepThis")),
    ],
    dedupeKey: `withdrawal:${ret.id}`,
  });
}

// The owner's moves (server/returns/owner.ts): approved (with how to send it back, or "keep it"), received,
// declined (with why). The refund's e-mail is the order's refund e-mail (server/orders/fulfilment-emails.ts).

const amountOf = (order: OrderRow, ret: ReturnView) =>
  formatMoney(ret.refundCents, storedCurrency(order.currency));

/** Where the refund will go: the customer's store credit, or what paid for the order. */
const whereKey = (ret: ReturnView) =>
  ret.refundTo === "credit" ? "email.return.toStoreCredit" : "email.return.toOriginal";

/** The owner approved the return: send it back as the note says, or keep it. */
export function returnApprovedEmail(order: OrderRow, ret: ReturnView, origin: string): MailMessage {
  const { number } = ret;
  const words = orderWords(order);
  const amount = amountOf(order, ret);
  const where = words.t(whereKey(ret));
  return orderEmail({
    order,
    origin,
    subject: words.t("email.return.approved.subject", { number, order: order.orderNumber }),
    heading: words.t("email.return.approved.heading"),
    blocks: [
      labelled(words.t("email.return.number"), number),
      ...(ret.returnNeeded
        ? [
            paragraph(words.t("email.return.approved.sendBack")),
            ret.note ? labelled(words.t("email.return.approved.how"), ret.note) : null,
            paragraph(words.t("email.return.approved.refundOnArrival", { amount, where })),
          ]
        : [
            paragraph(words.t("email.return.approved.keep")),
            paragraph(words.t("email.return.approved.refundSoon", { amount, where })),
          ]),
    ],
    dedupeKey: `return-approved:${ret.id}`,
  });
}

/** The products of the return arrived: the refund follows. */
export function returnReceivedEmail(order: OrderRow, ret: ReturnView, origin: string): MailMessage {
  const { number } = ret;
  const words = orderWords(order);
  const amount = amountOf(order, ret);
  return orderEmail({
    order,
    origin,
    subject: words.t("email.return.received.subject", { number, order: order.orderNumber }),
    heading: words.t("email.return.received.heading"),
    blocks: [
      labelled(words.t("email.return.number"), number),
      paragraph(words.t("email.return.approved.refundSoon", { amount, where: words.t(whereKey(ret)) })),
    ],
    dedupeKey: `return-received:${ret.id}`,
  });
}

/** The owner declined the return, saying why. */
export function returnDeclinedEmail(order: OrderRow, ret: ReturnView, origin: string): MailMessage {
  const { number } = ret;
  const words = orderWords(order);
  return orderEmail({
    order,
    origin,
    subject: words.t("email.return.declined.subject", { number, order: order.orderNumber }),
    heading: words.t("email.return.declined.heading"),
    blocks: [
      labelled(words.t("email.return.number"), number),
      labelled(words.t("email.return.declined.why"), ret.note),
      paragraph(words.t("email.return.declined.contact")),
    ],
    dedupeKey: `return-declined:${ret.id}`,
  });
}
