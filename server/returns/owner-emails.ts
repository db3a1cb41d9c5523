import type { ReturnView } from "../../core/contracts/returns.ts";
import { formatMoney } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { labelled, paragraph } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { orderEmail, orderWords } from "../orders/order-email.ts";
import type { OrderRow } from "../orders/order-rows.ts";

/**
 * The customer's e-mails of the owner's moves on a return (docs/decisions/055-returns.md), in the order's
 * language: approved (with how to send it back, or "keep it"), received, declined (with why). The refund's
 * e-mail is the order's refund e-mail (server/orders/fulfilment-emails.ts). Each is sent once per return.
 */

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
