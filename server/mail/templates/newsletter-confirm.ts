import { escapeHtml } from "../../../core/escape-html.ts";
import type { MailMessage } from "../mailer.ts";

/**
 * The e-mail that asks an address to confirm a newsletter sign-up (double opt-in, decision 026). It is
 * not a newsletter: no unsubscribe headers, and ignoring it subscribes nobody.
 */
export function confirmSubscriptionEmail(email: string, link: string): MailMessage {
  const text = `Confirm your subscription to the MANA letter

Someone, hopefully you, asked to receive the MANA letter at ${email}. Confirm your subscription: ${link}

The link works once, for three days. If you did not ask, ignore this e-mail: you will not be subscribed.

The MANA team`;
  const html = `<div style="font-family:Georgia,serif;color:#1B1F1C;background:#F7F3EA;padding:24px">
<h1 style="color:#1F3A2E">Confirm your subscription</h1>
<p>Someone, hopefully you, asked to receive the MANA letter at ${escapeHtml(email)}.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1F3A2E;color:#F7F3EA;padding:10px 18px;text-decoration:none">Confirm my subscription</a></p>
<p style="font-size:12px;color:#4A524C">The link works once, for three days. If you did not ask, ignore this e-mail: you will not be subscribed.</p>
<p>The MANA team</p></div>`;
  return { to: email, subject: "Confirm your subscription to the MANA letter", text, html };
}
