import { RESET_LINK_HOURS, VERIFICATION_LINK_HOURS } from "../../../core/account-rules.ts";
import { escapeHtml as esc } from "../../../core/escape-html.ts";
import { emailLayout, linkBlock, paragraph, SMALL_PRINT, signature, smallPrint } from "../layout.ts";
import type { MailMessage } from "../mailer.ts";

/** Who an account e-mail goes to, and its link. */
interface AccountLink {
  to: string;
  name?: string | null;
  /** The shop's origin, e.g. https://shop.example.com: the e-mail links back to it. */
  origin: string;
  url: string;
}

/** What an account e-mail says around its link. */
interface AccountEmail {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** The link's label. */
  action: string;
  /** Small print after the link: why the reader got it, what to do if it was not them. */
  notes: string[];
}

/**
 * One account e-mail in the shop's layout (server/mail/layout.ts): the greeting, the paragraphs, the
 * link as a button and written out, the small print and a link back to the shop.
 */
function accountEmail(to: AccountLink, e: AccountEmail): MailMessage {
  const host = new URL(to.origin).host;
  const action = linkBlock(e.action, to.url);
  const { text, html } = emailLayout({
    heading: e.heading,
    textHeading: null,
    home: to.origin,
    blocks: [
      paragraph(to.name?.trim() ? `Hello ${to.name.trim()},` : "Hello,"),
      ...e.paragraphs.map(paragraph),
      {
        text: action.text,
        html: `${action.html}
<p style="${SMALL_PRINT}">If the button does not work, copy this link into your browser:<br><a href="${esc(to.url)}" style="color:#1F3A2E;word-break:break-all">${esc(to.url)}</a></p>`,
      },
      ...e.notes.map(smallPrint),
      {
        text: ["Integrated science and ancestral wisdom,", "The MANA team", to.origin],
        html: `${signature(["Integrated science and ancestral wisdom,", "The MANA team"]).html}
<p style="font-size:13px"><a href="${esc(to.origin)}" style="color:#1F3A2E">${esc(host)}</a></p>`,
      },
    ],
  });
  return { to: to.to, subject: e.subject, text, html };
}

/** The link that proves the reader owns the address they signed up with. */
export function verificationEmail(input: AccountLink): MailMessage {
  return accountEmail(input, {
    subject: "Confirm your e-mail address for MANA",
    heading: "Confirm your e-mail address",
    paragraphs: [
      `Thank you for creating a MANA account with ${input.to}. Please confirm that this address is yours.`,
      "Once it is confirmed, the orders you placed as a guest with this address appear in your account.",
    ],
    action: "Confirm my e-mail",
    notes: [
      `The link works for ${VERIFICATION_LINK_HOURS} hours. You can ask for a new one from your account page.`,
      "If you did not create a MANA account, you can ignore this e-mail: nothing happens without the link.",
    ],
  });
}

/** The single-use link to choose a new password. */
export function passwordResetEmail(input: AccountLink): MailMessage {
  return accountEmail(input, {
    subject: "Reset your MANA password",
    heading: "Reset your password",
    paragraphs: [
      "We received a request to reset the password of your MANA account. Choose a new one with the link below.",
      "Once you set it, every device signed in to your account is signed out.",
    ],
    action: "Choose a new password",
    notes: [
      `The link works once, for ${RESET_LINK_HOURS} hour.`,
      "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
    ],
  });
}
