import { DEFAULT_LOCALE, type Locale, pathInLocale } from "../../../core/i18n/locales.ts";
import { wordsIn } from "../../i18n/words.ts";
import { emailLayout, paragraph, signature, smallPrint } from "../layout.ts";
import type { MailMessage } from "../mailer.ts";

/**
 * The confirmation that an account was deleted, sent to the address the account had before it is erased.
 * It names no one and lists nothing of the erased data: the outbox keeps this copy after the address is
 * replaced (decision 045). In the customer's language (server/i18n/customer-locale.ts), English when not given.
 */
export function accountDeletedEmail(input: {
  to: string;
  origin: string;
  ordersKept: number;
  dedupeKey: string;
  locale?: Locale;
}): MailMessage {
  const { t, locale } = wordsIn(input.locale ?? DEFAULT_LOCALE);
  const page = (path: string) => `${input.origin}${pathInLocale(path, locale)}`;
  const subject = t("email.account.deleted.subject");
  const { text, html } = emailLayout({
    locale,
    heading: subject,
    home: input.origin,
    blocks: [
      paragraph(t("email.account.helloNoName")),
      paragraph(t("email.account.deleted.erased")),
      paragraph(
        input.ordersKept > 0
          ? t("email.account.deleted.ordersKept", { count: input.ordersKept })
          : t("email.account.deleted.noOrders"),
      ),
      smallPrint(t("email.account.deleted.notYou", { url: page("/contact") })),
      signature([t("email.account.team"), page("/privacy")]),
    ],
  });
  return { to: input.to, subject, text, html, dedupeKey: input.dedupeKey, locale };
}
