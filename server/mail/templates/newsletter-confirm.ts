import { escapeHtml } from "../../../core/escape-html.ts";
import type { Translator } from "../../../core/i18n/translator.ts";
import { wordsIn } from "../../i18n/words.ts";
import { emailLayout, linkBlock, signature, smallPrint } from "../layout.ts";
import type { MailMessage } from "../mailer.ts";

/**
 * The e-mail that asks an address to confirm a newsletter sign-up (double opt-in, decision 026). It is
 * not a newsletter: no unsubscribe headers, and ignoring it subscribes nobody. In the language of the page
 * the visitor signed up on (English when not given).
 */
export function confirmSubscriptionEmail(
  email: string,
  link: string,
  words: Translator = wordsIn("en"),
): MailMessage {
  const { t } = words;
  const subject = t("email.newsletter.confirm.subject");
  const asked = t("email.newsletter.confirm.asked", { email });
  const { text, html } = emailLayout({
    locale: words.locale,
    heading: t("email.newsletter.confirm.heading"),
    textHeading: subject,
    blocks: [
      {
        text: [t("email.newsletter.confirm.askedText", { email, link })],
        html: `<p>${escapeHtml(asked)}</p>\n${linkBlock(t("email.newsletter.confirm.action"), link).html}`,
      },
      smallPrint(t("email.newsletter.confirm.expiry")),
      signature([t("email.account.team")]),
    ],
  });
  return { to: email, subject, text, html, locale: words.locale };
}
