import { formatMoney } from "../../../core/money.ts";
import { emailLayout, labelled, linkBlock, paragraph, signature, smallPrint } from "../layout.ts";
import type { MailMessage } from "../mailer.ts";

/**
 * The e-mail that delivers a gift card: the only place its code is ever shown (the shop keeps its hash).
 * To a friend it names the sender and carries the message; to the buyer it is their own card.
 */
export function giftCardEmail(input: {
  giftCardId: string;
  to: string;
  code: string;
  amountCents: number;
  recipientName: string | null;
  senderName: string | null;
  message: string | null;
  /** Bought by someone else for the recipient (false: the buyer's own card, or one from the shop). */
  fromSomeone: boolean;
  origin: string;
}): MailMessage {
  const amount = formatMoney(input.amountCents);
  const from = input.fromSomeone ? (input.senderName ?? "Someone") : null;
  const heading = from ? `${from} sent you a ${amount} MANA gift card` : `Your ${amount} MANA gift card`;
  const { text, html } = emailLayout({
    heading,
    home: input.origin,
    blocks: [
      paragraph(input.recipientName ? `Hello ${input.recipientName},` : "Hello,"),
      input.message && from ? paragraph(`${from} wrote: “${input.message}”`) : null,
      paragraph(
        `Here is your gift card for ${amount}. Enter its code at checkout to pay for part or all of an order; what you do not spend stays on the card, and it does not expire.`,
      ),
      labelled("Gift card code", input.code),
      labelled("Value", amount),
      linkBlock("Shop MANA", input.origin),
      linkBlock("Check your balance", `${input.origin}/gift-cards/balance`),
      smallPrint(
        "Keep this e-mail: the code is shown only here. Anyone with the code can spend the card, so share it only with people you trust.",
      ),
      signature(["The MANA team"]),
    ],
  });
  return { to: input.to, subject: heading, text, html, dedupeKey: `gift-card:${input.giftCardId}` };
}
