import { escapeHtml } from "../../../core/escape-html.ts";
import type { MailMessage } from "../mailer.ts";

/**
 * The welcome e-mail of the newsletter. Like every newsletter e-mail it carries a one-click unsubscribe
 * (RFC 8058: the List-Unsubscribe and List-Unsubscribe-Post headers, for mail clients) and a visible
 * unsubscribe link to a page that asks before unsubscribing (scanners that open links change nothing).
 */
export function welcomeEmail(email: string, unsubscribe: { oneClick: string; page: string }): MailMessage {
  const text = `Welcome to MANA!

Thank you for joining our letter. Expect new research explained plainly, seasonal protocols and member offers, about twice a month.

Integrated science and ancestral wisdom,
The MANA team

You subscribed as ${email}. Unsubscribe at any time: ${unsubscribe.page}`;
  const html = `<div style="font-family:Georgia,serif;color:#1B1F1C;background:#F7F3EA;padding:24px">
<h1 style="color:#1F3A2E">Welcome to MANA!</h1>
<p>Thank you for joining our letter. Expect new research explained plainly, seasonal protocols and member offers, about twice a month.</p>
<p>Integrated science and ancestral wisdom,<br>The MANA team</p>
<p style="font-size:12px;color:#4A524C">You subscribed as ${escapeHtml(email)}. <a href="${escapeHtml(unsubscribe.page)}" style="color:#1F3A2E">Unsubscribe</a> at any time.</p></div>`;
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
