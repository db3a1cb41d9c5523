import { DEFAULT_LOCALE, type Locale, pathInLocale } from "../../../core/i18n/locales.ts";
import { formatMoney } from "../../../core/money.ts";
import { storedCurrency } from "../../../core/order-totals.ts";
import { wordsIn } from "../../i18n/words.ts";
import { emailLayout, labelled, linkBlock, paragraph, signature, smallPrint } from "../layout.ts";
import type { MailMessage } from "../mailer.ts";

/**
 * The e-mail that delivers a gift card: the only place its code is ever shown (the shop keeps its hash).
 * To a friend it names the sender and carries the message; to the buyer it is their own card. In the
 * language of the order that bought it (English for a card from the shop).
 */
export function giftCardEmail(input: {
  giftCardId: string;
  to: string;
  code: string;
  amountCents: number;
  /** The card's currency as stored ("usd", "cad"): its amount is written in it (decision 051); none: USD. */
  currency?: string;
  recipientName: string | null;
  senderName: string | null;
  message: string | null;
  /** Bought by someone else for the recipient (false: the buyer's own card, or one from the shop). */
  fromSomeone: boolean;
  origin: string;
  locale?: Locale;
}): MailMessage {
  const { t, locale } = wordsIn(input.locale ?? DEFAULT_LOCALE);
  const page = (path: string) => `${input.origin}${pathInLocale(path, locale)}`;
  const amount = formatMoney(input.amountCents, storedCurrency(input.currency));
  const from = input.fromSomeone ? (input.senderName ?? t("email.giftCard.someone")) : null;
  const heading = from
    ? t("email.giftCard.headingFrom", { from, amount })
    : t("email.giftCard.headingOwn", { amount });
  const { text, html } = emailLayout({
    locale,
    heading,
    home: input.origin,
    blocks: [
      paragraph(
        input.recipientName
          ? t("email.account.hello", { name: input.recipientName })
          : t("email.account.helloNoName"),
      ),
      input.message && from ? paragraph(t("email.giftCard.wrote", { from, message: input.message })) : null,
      paragraph(t("email.giftCard.body", { amount })),
      labelled(t("email.giftCard.code"), input.code),
      labelled(t("email.giftCard.value"), amount),
      linkBlock(t("email.giftCard.shop"), locale === DEFAULT_LOCALE ? input.origin : page("/")),
      linkBlock(t("email.giftCard.balance"), page("/gift-cards/balance")),
      smallPrint(t("email.giftCard.keep")),
      signature([t("email.account.team")]),
    ],
  });
  return { to: input.to, subject: heading, text, html, dedupeKey: `gift-card:${input.giftCardId}`, locale };
}
