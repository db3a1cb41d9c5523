import { escapeHtml } from "../../../core/escape-html.ts";
import type { Translator } from "../../../core/i18n/translator.ts";
import { wordsIn } from "../../i18n/words.ts";
import { emailLayout, paragraph, SMALL_PRINT, signature } from "../layout.ts";
import type { MailMessage } from "../mailer.ts";

/**
 * The welcome e-mail of the newsletter. Like every newsletter e-mail it carries a one-click unsubscribe
 * (RFC 8058: the List-Unsubscribe and List-Unsubscribe-Post headers, for mail clients) and a visible
 * unsubscribe link to a page that asks before unsubscribing (scanners that open links change nothing).
 * In the language of the page the subscription was confirmed on (English when not given).
 */
export function welcomeEmail(
  email: string,
  unsubscribe: { oneClick: string; page: string },
  words: Translator = wordsIn("en"),
): MailMessage {
  const { t } = words;
  const subject = t("email.newsletter.welcome.subject");
  // One sentence around the link: its words escaped, the link put in where the message names it.
  const mark = "\u0000";
  const sentence = escapeHtml(t("email.newsletter.welcome.unsubscribeHtml", { email, link: mark }));
  const anchor = `<a href="${escapeHtml(unsubscribe.page)}" style="color:#1F3A2E">${escapeHtml(t("email.newsletter.welcome.unsubscribeLink"))}</a>`;
  const { text, html } = emailLayout({
    locale: words.locale,
    heading: subject,
    blocks: [
      paragraph(t("email.newsletter.welcome.thanks")),
      signature([t("email.account.motto"), t("email.account.team")]),
      {
        text: [t("email.newsletter.welcome.unsubscribe", { email, url: unsubscribe.page })],
        html: `<p style="${SMALL_PRINT}">${sentence.replace(mark, anchor)}</p>`,
      },
    ],
  });
  return {
    to: email,
    subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${unsubscribe.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    locale: words.locale,
  };
}
