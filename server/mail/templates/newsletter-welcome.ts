import { escapeHtml } from "../../../core/escape-html.ts";
import { emailLayout, paragraph, SMALL_PRINT, signature } from "../layout.ts";
import type { MailMessage } from "../mailer.ts";

/**
 * The welcome e-mail of the newsletter. Like every newsletter e-mail it carries a one-click unsubscribe
 * (RFC 8058: the List-Unsubscribe and List-Unsubscribe-Post headers, for mail clients) and a visible
 * unsubscribe link to a page that asks before unsubscribing (scanners that open links change nothing).
 */
export function welcomeEmail(email: string, unsubscribe: { oneClick: string; page: string }): MailMessage {
  const { text, html } = emailLayout({
    heading: "Welcome to MANA!",
    blocks: [
      paragraph(
        "Thank you for joining our letter. Expect new research explained plainly, seasonal protocols and member offers, about twice a month.",
      ),
      signature(["Integrated science and ancestral wisdom,", "The MANA team"]),
      {
        text: [`You subscribed as ${email}. Unsubscribe at any time: ${unsubscribe.page}`],
        html: `<p style="${SMALL_PRINT}">You subscribed as ${escapeHtml(email)}. <a href="${escapeHtml(unsubscribe.page)}" style="color:#1F3A2E">Unsubscribe</a> at any time.</p>`,
      },
    ],
  });
  return {
    to: email,
    subject: "Welcome to MANA!",
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${unsubscribe.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
