import { escapeHtml } from "../../../core/escape-html.ts";
import { emailLayout, linkBlock, signature, smallPrint } from "../layout.ts";
import type { MailMessage } from "../mailer.ts";

/**
 * The e-mail that asks an address to confirm a newsletter sign-up (double opt-in, decision 026). It is
 * not a newsletter: no unsubscribe headers, and ignoring it subscribes nobody.
 */
export function confirmSubscriptionEmail(email: string, link: string): MailMessage {
  const subject = "Confirm your subscription to the MANA letter";
  const asked = `Someone, hopefully you, asked to receive the MANA letter at ${email}.`;
  const { text, html } = emailLayout({
    heading: "Confirm your subscription",
    textHeading: subject,
    blocks: [
      {
        text: [`${asked} Confirm your subscription: ${link}`],
        html: `<p>${escapeHtml(asked)}</p>\n${linkBlock("Confirm my subscription", link).html}`,
      },
      smallPrint(
        "The link works once, for three days. If you did not ask, ignore this e-mail: you will not be subscribed.",
      ),
      signature(["The MANA team"]),
    ],
  });
  return { to: email, subject, text, html };
}
