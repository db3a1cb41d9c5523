import { escapeHtml } from "../../../core/escape-html.ts";

export function welcomeEmail(email: string) {
  const text = `Welcome to MANA!

Thank you for joining our letter. Expect new research explained plainly, seasonal protocols and member offers, about twice a month.

Integrated science and ancestral wisdom,
The MANA team

You subscribed as ${email}. Reply "unsubscribe" to stop at any time.`;
  const html = `<div style="font-family:Georgia,serif;color:#1B1F1C;background:#F7F3EA;padding:24px">
<h1 style="color:#1F3A2E">Welcome to MANA!</h1>
<p>Thank you for joining our letter. Expect new research explained plainly, seasonal protocols and member offers, about twice a month.</p>
<p>Integrated science and ancestral wisdom,<br>The MANA team</p>
<p style="font-size:12px;color:#4A524C">You subscribed as ${escapeHtml(email)}. Reply "unsubscribe" to stop at any time.</p></div>`;
  return { to: email, subject: "Welcome to MANA!", text, html };
}
