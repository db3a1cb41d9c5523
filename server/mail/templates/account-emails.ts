import { RESET_LINK_HOURS, VERIFICATION_LINK_HOURS } from "../../../core/account-rules.ts";
import { escapeHtml as esc } from "../../../core/escape-html.ts";
import { emailLayout, linkBlock, paragraph, SMALL_PRINT, signature, smallPrint } from "../layout.ts";
import type { MailMessage } from "../mailer.ts";

interface AccountEmail {
  to: string;
  /** The shop's origin, e.g. https://shop.example.com: the e-mail links back to it. */
  origin: string;
  subject: string;
  heading: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  /** Small print after the link: why the reader got it, what to do if it was not them. */
  notes: string[];
}

/**
 * One account e-mail in the shop's layout (server/mail/layout.ts): the greeting, the paragraphs, the
 * link as a button and written out, the small print and a link back to the shop.
 */
function accountEmail(e: AccountEmail): MailMessage {
  const host = new URL(e.origin).host;
  const action = linkBlock(e.action.label, e.action.url);
  const { text, html } = emailLayout({
    heading: e.heading,
    textHeading: null,
    home: e.origin,
    blocks: [
      paragraph(e.greeting),
      ...e.paragraphs.map(paragraph),
      {
        text: action.text,
        html: `${action.html}
<p style="${SMALL_PRINT}">If the button does not work, copy this link into your browser:<br><a href="${esc(e.action.url)}" style="color:#1F3A2E;word-break:break-all">${esc(e.action.url)}</a></p>`,
      },
      ...e.notes.map(smallPrint),
      {
        text: ["Integrated science and ancestral wisdom,", "The MANA team", e.origin],
        html: `${signature(["Integrated science and ancestral wisdom,", "The MANA team"]).html}
<p style="font-size:13px"><a href="${esc(e.origin)}" style="color:#1F3A2E">${esc(host)}</a></p>`,
      },
    ],
  });
  return { to: e.to, subject: e.subject, text, html };
}

const hello = (name: string | null | undefined) => (name?.trim() ? `Hello ${name.trim()},` : "Hello,");

/** The link that proves the reader owns the address they signed up with. */
export function verificationEmail(input: {
  to: string;
  name?: string | null;
  origin: string;
  url: string;
}): MailMessage {
  return accountEmail({
    to: input.to,
    origin: input.origin,
    subject: "Confirm your e-mail address for MANA",
    heading: "Confirm your e-mail address",
    greeting: hello(input.name),
    paragraphs: [
      `Thank you for creating a MANA account with ${input.to}. Please confirm that this address is yours.`,
      "Once it is confirmed, the orders you placed as a guest with this address appear in your account.",
    ],
    action: { label: "Confirm my e-mail", url: input.url },
    notes: [
      `The link works for ${VERIFICATION_LINK_HOURS} hours. You can ask for a new one from your account page.`,
      "If you did not create a MANA account, you can ignore this e-mail: nothing happens without the link.",
    ],
  });
}

/** The single-use link to choose a new password. */
export function passwordResetEmail(input: {
  to: string;
  name?: string | null;
  origin: string;
  url: string;
}): MailMessage {
  return accountEmail({
    to: input.to,
    origin: input.origin,
    subject: "Reset your MANA password",
    heading: "Reset your password",
    greeting: hello(input.name),
    paragraphs: [
      "We received a request to reset the password of your MANA account. Choose a new one with the link below.",
      "Once you set it, every device signed in to your account is signed out.",
    ],
    action: { label: "Choose a new password", url: input.url },
    notes: [
      `The link works once, for ${RESET_LINK_HOURS} hour.`,
      "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
    ],
  });
}
