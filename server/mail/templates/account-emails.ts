import { RESET_LINK_HOURS, VERIFICATION_LINK_HOURS } from "../../../core/account-rules.ts";
import { escapeHtml as esc } from "../../../core/escape-html.ts";
import type { Translator } from "../../../core/i18n/translator.ts";
import { wordsIn } from "../../i18n/words.ts";
import { emailLayout, linkBlock, paragraph, SMALL_PRINT, signature, smallPrint } from "../layout.ts";
import type { MailMessage } from "../mailer.ts";

/** Who an account e-mail goes to, and its link. */
interface AccountLink {
  to: string;
  name?: string | null;
  /** The shop's origin, e.g. https://shop.example.com: the e-mail links back to it. */
  origin: string;
  url: string;
  /** The reader's language (server/i18n/customer-locale.ts); English when not given. */
  words?: Translator;
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
  const words = to.words ?? wordsIn("en");
  const host = new URL(to.origin).host;
  const action = linkBlock(e.action, to.url);
  const closing = [words.t("email.account.motto"), words.t("email.account.team")];
  const { text, html } = emailLayout({
    locale: words.locale,
    heading: e.heading,
    textHeading: null,
    home: to.origin,
    blocks: [
      paragraph(
        to.name?.trim()
          ? words.t("email.account.hello", { name: to.name.trim() })
          : words.t("email.account.helloNoName"),
      ),
      ...e.paragraphs.map(paragraph),
      {
        text: action.text,
        html: `${action.html}
<p style="${SMALL_PRINT}">${esc(words.t("email.account.buttonFallback"))}<br><a href="${esc(to.url)}" style="color:#1F3A2E;word-break:break-all">${esc(to.url)}</a></p>`,
      },
      ...e.notes.map(smallPrint),
      {
        text: [...closing, to.origin],
        html: `${signature(closing).html}
<p style="font-size:13px"><a href="${esc(to.origin)}" style="color:#1F3A2E">${esc(host)}</a></p>`,
      },
    ],
  });
  return { to: to.to, subject: e.subject, text, html, locale: words.locale };
}

/** The link that proves the reader owns the address they signed up with. */
export function verificationEmail(input: AccountLink): MailMessage {
  const { t } = input.words ?? wordsIn("en");
  return accountEmail(input, {
    subject: t("email.account.verify.subject"),
    heading: t("email.account.verify.heading"),
    paragraphs: [
      t("email.account.verify.thanks", { email: input.to }),
      t("email.account.verify.guestOrders"),
    ],
    action: t("email.account.verify.action"),
    notes: [
      t("email.account.verify.expiry", { hours: VERIFICATION_LINK_HOURS }),
      t("email.account.verify.notYou"),
    ],
  });
}

/** The single-use link to choose a new password. */
export function passwordResetEmail(input: AccountLink): MailMessage {
  const { t } = input.words ?? wordsIn("en");
  return accountEmail(input, {
    subject: t("email.account.reset.subject"),
    heading: t("email.account.reset.heading"),
    paragraphs: [t("email.account.reset.request"), t("email.account.reset.signedOut")],
    action: t("email.account.reset.action"),
    notes: [t("email.account.reset.expiry", { hours: RESET_LINK_HOURS }), t("email.account.reset.notYou")],
  });
}

/** Who a notice about the account goes to; its link is the forgot-password page, for "it was not me". */
type AccountNotice = AccountLink;

/** The account's password was changed from the account page (server/auth/account-security.ts). */
export function passwordChangedEmail(input: AccountNotice): MailMessage {
  const { t } = input.words ?? wordsIn("en");
  return accountEmail(input, {
    subject: t("email.account.passwordChanged.subject"),
    heading: t("email.account.passwordChanged.heading"),
    paragraphs: [t("email.account.passwordChanged.done")],
    action: t("email.account.passwordChanged.action"),
    notes: [t("email.account.passwordChanged.notYou")],
  });
}

/** The link that moves the account to a new address, sent to that address. */
export function emailChangeLinkEmail(input: AccountLink): MailMessage {
  const { t } = input.words ?? wordsIn("en");
  return accountEmail(input, {
    subject: t("email.account.changeEmail.subject"),
    heading: t("email.account.changeEmail.heading"),
    paragraphs: [
      t("email.account.changeEmail.request", { email: input.to }),
      t("email.account.changeEmail.until"),
    ],
    action: t("email.account.changeEmail.action"),
    notes: [
      t("email.account.changeEmail.expiry", { hours: VERIFICATION_LINK_HOURS }),
      t("email.account.changeEmail.notYou"),
    ],
  });
}

/** The account's current address is told a move to `newEmail` was asked for. */
export function emailChangeNoticeEmail(input: AccountNotice & { newEmail: string }): MailMessage {
  const { t } = input.words ?? wordsIn("en");
  return accountEmail(input, {
    subject: t("email.account.emailChangeNotice.subject"),
    heading: t("email.account.emailChangeNotice.heading"),
    paragraphs: [t("email.account.emailChangeNotice.request", { email: input.newEmail })],
    action: t("email.account.emailChangeNotice.action"),
    notes: [t("email.account.emailChangeNotice.notYou")],
  });
}
