import { emailLayout, paragraph, signature, smallPrint } from "../layout.ts";
import type { MailMessage } from "../mailer.ts";

/**
 * The confirmation that an account was deleted, sent to the address the account had before it is erased.
 * It names no one and lists nothing of the erased data: the outbox keeps this copy after the address is
 * replaced (decision 045).
 */
export function accountDeletedEmail(input: {
  to: string;
  origin: string;
  ordersKept: number;
  dedupeKey: string;
}): MailMessage {
  const { text, html } = emailLayout({
    heading: "Your MANA account is deleted",
    home: input.origin,
    blocks: [
      paragraph("Hello,"),
      paragraph(
        "As you asked, your MANA account is deleted. You are signed out everywhere, and this e-mail address, your name, phone number, saved addresses, preferences, reviews, wishlist and reading list are erased. Any subscription you had is cancelled and will not be charged again.",
      ),
      paragraph(
        input.ordersKept > 0
          ? `We keep the ${input.ordersKept === 1 ? "record of your order" : `records of your ${input.ordersKept} orders`} for our accounts and taxes, without your name, e-mail or street address. Records of consent to automatic renewal and reports of a reaction to a product are kept as the law asks (see our privacy policy).`
          : "Records of consent to automatic renewal and reports of a reaction to a product, if there were any, are kept as the law asks (see our privacy policy).",
      ),
      smallPrint(`If you did not ask for this, write to us from ${input.origin}/contact.`),
      signature(["The MANA team", `${input.origin}/privacy`]),
    ],
  });
  return { to: input.to, subject: "Your MANA account is deleted", text, html, dedupeKey: input.dedupeKey };
}
