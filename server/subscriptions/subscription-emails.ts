import { formatDate } from "../../core/format-date.ts";
import { DEFAULT_LOCALE, type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import type { Translator } from "../../core/i18n/translator.ts";
import { formatMoney } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { RENEWAL_TERMS } from "../../core/renewal-disclosure.ts";
import { applyPromo, type PromoTerms, promoActive } from "../../core/renewal-promo.ts";
import { renewalAmountCents } from "../../core/subscription-rules.ts";
import type { ShopDeps } from "../deps.ts";
import { wordsIn } from "../i18n/words.ts";
import { addressBlock, type EmailBlock, labelled, linkBlock, paragraph, shopEmail } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { MANAGE_LINK_DAYS, MANAGE_PAGE_PATH, manageToken } from "./manage-link.ts";
import { renewalAddedTax } from "./renewal-tax.ts";
import type { SubscriptionRow } from "./subscription-rows.ts";

/**
 * What a subscription e-mail is made of besides the subscription: the shop's origin and the secret that signs
 * manage links, and the tax provider that says whether its renewals add tax (decision 050).
 */
export type SubscriptionLinks = Pick<ShopDeps, "origin" | "manageSecret"> & Partial<Pick<ShopDeps, "tax">>;

/** A subscription's e-mails are written in its language: the order's it was bought with (decision 049). */
const subWords = (sub: Pick<SubscriptionRow, "locale">): Translator => wordsIn(sub.locale);

/** An amount of the subscription, in the currency it was bought in and renews in (decision 051). */
const money = (cents: number, sub: Pick<SubscriptionRow, "currency">): string =>
  formatMoney(cents, storedCurrency(sub.currency));

/**
 * A price of the subscription as its renewals charge it: "CA$34.00 plus tax" where the renewals add the
 * taxes of its address (Canada, a home state: decision 050), the amount alone where they add none (a VAT
 * the price includes, a state without tax). Every amount a subscription e-mail promises is said this way;
 * every sender gives the shop's tax provider (`links.tax`).
 */
function charged(cents: number, sub: SubscriptionRow, links: SubscriptionLinks, words: Translator): string {
  const amount = money(cents, sub);
  return links.tax && renewalAddedTax(links.tax, sub, cents) > 0
    ? words.t("email.subscription.plusTax", { amount })
    : amount;
}

/** The account page where a signed-in customer manages all their subscriptions, in `locale`. */
export function accountSubscriptionsUrl(origin: string, locale: Locale = DEFAULT_LOCALE): string {
  return `${origin}${pathInLocale("/account/subscriptions", locale)}`;
}

/**
 * The subscription's own page, opened without an account by a fresh signed link (decision 043,
 * server/subscriptions/manage-link.ts): every subscription e-mail carries one, in the subscription's language.
 */
export function manageUrl(links: SubscriptionLinks, sub: Pick<SubscriptionRow, "id" | "locale">): string {
  const path = `${MANAGE_PAGE_PATH}/${manageToken(links.manageSecret, sub.id)}`;
  return `${links.origin}${pathInLocale(path, wordsIn(sub.locale).locale)}`;
}

/** A shop page's absolute link in the e-mail's language. */
const pageUrl = (links: SubscriptionLinks, path: string, words: Translator) =>
  `${links.origin}${pathInLocale(path, words.locale)}`;

export function everyMonths(months: number, words: Translator = wordsIn(DEFAULT_LOCALE)): string {
  return words.t("email.subscription.every", { months });
}

function summary(sub: SubscriptionRow, links: SubscriptionLinks, words: Translator): EmailBlock[] {
  return [
    labelled(
      words.t("email.subscription.label"),
      words.t("email.subscription.summary", {
        quantity: sub.quantity,
        product: sub.productName,
        amount: charged(sub.amountCents, sub, links, words),
        months: sub.intervalMonths,
      }),
    ),
    pendingPriceLine(sub, links, words),
    discountLine(sub, links, words),
  ].filter((b): b is EmailBlock => b !== null);
}

/**
 * A discount code carried into the renewals, while it still discounts one (core/renewal-promo.ts `promoLine`,
 * in the e-mail's words): "WELCOME10: 3 discounted renewals left ($25.47 each, $2.83 off)".
 */
function discountLine(sub: SubscriptionRow, links: SubscriptionLinks, words: Translator): EmailBlock | null {
  if (sub.status === "cancelled" || !promoActive(sub) || !sub.promoCode) return null;
  const off = Math.min(sub.promoCents, Math.max(0, sub.amountCents));
  const values = {
    code: sub.promoCode,
    price: charged(sub.amountCents - off, sub, links, words),
    off: money(off, sub),
    count: sub.promoRenewalsLeft,
  };
  return labelled(
    words.t("email.subscription.discountCode"),
    sub.promoRenewalsLeft === null
      ? words.t("email.subscription.promoEvery", values)
      : words.t("email.subscription.promoLeft", values),
  );
}

/** A price change the owner announced that is not charged yet (decision 043). */
function pendingPriceLine(
  sub: SubscriptionRow,
  links: SubscriptionLinks,
  words: Translator,
): EmailBlock | null {
  if (sub.pendingAmountCents === null || !sub.pendingAmountFrom) return null;
  return labelled(
    words.t("email.subscription.pendingFrom", { date: formatDate(sub.pendingAmountFrom, words.locale) }),
    words.t("email.subscription.price", {
      amount: charged(sub.pendingAmountCents, sub, links, words),
      months: sub.intervalMonths,
    }),
  );
}

/**
 * An e-mail about one subscription, linking to its own page by a signed link (no account needed) and, for
 * a customer with an account, to the account's subscriptions too.
 */
function subscriptionEmail(
  sub: SubscriptionRow,
  links: SubscriptionLinks,
  options: { subject: string; heading: string; blocks: (EmailBlock | null)[]; dedupeKey: string },
): MailMessage {
  const words = subWords(sub);
  return shopEmail({
    to: sub.email,
    subject: options.subject,
    heading: options.heading,
    blocks: [
      ...options.blocks,
      ...summary(sub, links, words),
      sub.userId
        ? linkBlock(
            words.t("email.subscription.allSignedIn"),
            accountSubscriptionsUrl(links.origin, words.locale),
          )
        : null,
    ],
    // The label the renewal terms name ("the \"Manage your subscription\" link in every e-mail about it").
    link: { label: words.t("email.subscription.manage"), href: manageUrl(links, sub) },
    dedupeKey: options.dedupeKey,
    words,
  });
}

function nextLine(sub: SubscriptionRow, words: Translator): EmailBlock {
  return labelled(words.t("email.subscription.next"), formatDate(sub.nextBillingDate, words.locale));
}

/**
 * What the customer (or the owner for them) changed, confirmed by e-mail: one e-mail per change, keyed by
 * the change's event id so a retried send goes out once.
 */
export function subscriptionChangedEmail(
  sub: SubscriptionRow,
  change: { type: string; eventId: string; previousProduct?: string },
  links: SubscriptionLinks,
): MailMessage {
  const key = `subscription-${change.type}:${change.eventId}`;
  const words = subWords(sub);
  const t = words.t;
  const day = (date: Date) => formatDate(date, words.locale);
  const product = sub.productName;
  const next = nextLine(sub, words);
  const costs = labelled(t("email.subscription.eachCosts"), charged(sub.amountCents, sub, links, words));
  switch (change.type) {
    case "paused":
      return subscriptionEmail(sub, links, {
        subject: t("email.subscription.paused.subject", { product }),
        heading: t("email.subscription.paused.heading"),
        blocks: [
          sub.pausedUntil
            ? paragraph(t("email.subscription.paused.until", { date: day(sub.pausedUntil) }))
            : paragraph(t("email.subscription.paused.untilResumed")),
        ],
        dedupeKey: key,
      });
    case "resumed":
      return subscriptionEmail(sub, links, {
        subject: t("email.subscription.resumed.subject", { product }),
        heading: t("email.subscription.resumed.heading"),
        blocks: [next],
        dedupeKey: key,
      });
    case "skipped":
      return subscriptionEmail(sub, links, {
        subject: t("email.subscription.skipped.subject", { product }),
        heading: t("email.subscription.skipped.heading"),
        blocks: [paragraph(t("email.subscription.skipped.notCharged")), next],
        dedupeKey: key,
      });
    case "frequency-changed":
      return subscriptionEmail(sub, links, {
        subject: t("email.subscription.frequency.subject", { product, months: sub.intervalMonths }),
        heading: t("email.subscription.frequency.heading", { months: sub.intervalMonths }),
        blocks: [next],
        dedupeKey: key,
      });
    case "quantity-changed":
      return subscriptionEmail(sub, links, {
        subject: t("email.subscription.quantity.subject", { product, quantity: sub.quantity }),
        heading: t("email.subscription.quantity.heading", { quantity: sub.quantity }),
        blocks: [costs, next],
        dedupeKey: key,
      });
    case "swapped":
      return subscriptionEmail(sub, links, {
        subject: t("email.subscription.swapped.subject", { product }),
        heading: t("email.subscription.swapped.heading", { product }),
        blocks: [
          change.previousProduct
            ? paragraph(t("email.subscription.swapped.replaces", { previous: change.previousProduct }))
            : null,
          costs,
          next,
        ],
        dedupeKey: key,
      });
    case "left-stack":
      return subscriptionEmail(sub, links, {
        subject: t("email.subscription.leftStack.subject", { product }),
        heading: t("email.subscription.leftStack.heading"),
        blocks: [
          paragraph(
            change.previousProduct
              ? t("email.subscription.leftStack.named", { previous: change.previousProduct, product })
              : t("email.subscription.leftStack.unnamed", { product }),
          ),
          costs,
          next,
        ],
        dedupeKey: key,
      });
    case "date-changed":
      return subscriptionEmail(sub, links, {
        subject: t("email.subscription.dateChanged.subject", { product }),
        heading: t("email.subscription.dateChanged.heading"),
        blocks: [next],
        dedupeKey: key,
      });
    case "address-changed":
      return subscriptionEmail(sub, links, {
        subject: t("email.subscription.addressChanged.subject", { product }),
        heading: t("email.subscription.addressChanged.heading"),
        blocks: [addressBlock(sub, words), next],
        dedupeKey: key,
      });
    case "card-updated":
      return subscriptionEmail(sub, links, {
        subject: t("email.subscription.cardUpdated.subject", { product }),
        heading: t("email.subscription.cardUpdated.heading"),
        blocks: [
          sub.cardLabel ? labelled(t("email.subscription.cardUpdated.card"), sub.cardLabel) : null,
          next,
        ],
        dedupeKey: key,
      });
    case "cancelled":
      return subscriptionEmail(sub, links, {
        subject: t("email.subscription.cancelled.subject", { product }),
        heading: t("email.subscription.cancelled.heading"),
        blocks: [
          sub.endsAt && sub.endsAt > new Date()
            ? paragraph(t("email.subscription.cancelled.endsOn", { date: day(sub.endsAt) }))
            : paragraph(t("email.subscription.cancelled.nothingMore")),
          paragraph(t("email.subscription.cancelled.changedMind")),
        ],
        dedupeKey: key,
      });
    default:
      return subscriptionEmail(sub, links, {
        subject: t("email.subscription.updated.subject", { product }),
        heading: t("email.subscription.updated.heading"),
        blocks: [next],
        dedupeKey: key,
      });
  }
}

/**
 * Three days before a renewal: date, amount (less the discount code's part when it still discounts this
 * renewal: `promoTerms` are the code's, core/renewal-promo.ts; "plus tax" where the renewal adds the
 * address's taxes), address, and where to skip or change it.
 */
export function renewalReminderEmail(
  sub: SubscriptionRow,
  links: SubscriptionLinks,
  promoTerms: Pick<PromoTerms, "kind" | "percent"> | null = null,
): MailMessage {
  const words = subWords(sub);
  const t = words.t;
  const amount = renewalAmountCents(sub);
  const off = applyPromo(sub, promoTerms, amount).offCents;
  const date = formatDate(sub.nextBillingDate, words.locale);
  return subscriptionEmail(sub, links, {
    subject: t("email.subscription.reminder.subject", { product: sub.productName, date }),
    heading: t("email.subscription.reminder.heading"),
    blocks: [
      labelled(t("email.subscription.reminder.renewsOn"), date),
      labelled(
        t("email.subscription.reminder.amount"),
        off > 0 && sub.promoCode
          ? t("email.subscription.reminder.amountOff", {
              price: charged(amount - off, sub, links, words),
              off: money(off, sub),
              code: sub.promoCode,
            })
          : charged(amount, sub, links, words),
      ),
      addressBlock(sub, words),
      linkBlock(t("email.subscription.reminder.skip"), manageUrl(links, sub)),
    ],
    dedupeKey: `subscription-reminder:${sub.id}:${sub.nextBillingDate.toISOString()}`,
  });
}

/**
 * A renewal charge failed: what happens next and where to update the card. The reason is the payment
 * provider's, in English: another language says the payment did not go through in its own words.
 */
export function renewalFailedEmail(
  sub: SubscriptionRow,
  attempt: { retryAt: Date | null; failedAttempts: number; reason: string },
  links: SubscriptionLinks,
): MailMessage {
  const words = subWords(sub);
  const t = words.t;
  return subscriptionEmail(sub, links, {
    subject: t("email.subscription.renewalFailed.subject", { product: sub.productName }),
    heading: t("email.subscription.renewalFailed.heading"),
    blocks: [
      paragraph(
        words.locale === DEFAULT_LOCALE ? attempt.reason : t("email.subscription.renewalFailed.reason"),
      ),
      attempt.retryAt
        ? paragraph(
            t("email.subscription.renewalFailed.retry", { date: formatDate(attempt.retryAt, words.locale) }),
          )
        : null,
      sub.userId
        ? linkBlock(
            t("email.subscription.renewalFailed.updateCard"),
            pageUrl(links, `/account/subscriptions/${sub.id}/card`, words),
          )
        : linkBlock(t("email.subscription.renewalFailed.writeToUs"), pageUrl(links, "/contact", words)),
    ],
    dedupeKey: `subscription-renewal-failed:${sub.id}:${sub.nextBillingDate.toISOString()}:${attempt.failedAttempts}`,
  });
}

/** The last retry failed: the subscription is cancelled. */
export function renewalCancelledEmail(sub: SubscriptionRow, links: SubscriptionLinks): MailMessage {
  const t = subWords(sub).t;
  return subscriptionEmail(sub, links, {
    subject: t("email.subscription.renewalCancelled.subject", { product: sub.productName }),
    heading: t("email.subscription.renewalCancelled.heading"),
    blocks: [
      paragraph(t("email.subscription.renewalCancelled.tried")),
      paragraph(t("email.subscription.renewalCancelled.again")),
    ],
    dedupeKey: `subscription-renewal-cancelled:${sub.id}`,
  });
}

/**
 * How a subscriber cancels, in the owner's words every notice repeats (content/legal/renewal-terms.json,
 * the same the checkout shows beside the renewal box; decision 043); in Spanish and French, the same
 * sentence from the e-mails' catalogue.
 */
function howToCancel(words: Translator): EmailBlock {
  return paragraph(
    words.locale === DEFAULT_LOCALE ? RENEWAL_TERMS.cancel : words.t("email.subscription.howToCancel"),
  );
}

/**
 * Once a year for a subscription that is still on: its terms restated (product, price each time, how often,
 * the next charge) and how to cancel. Keyed by the day it was claimed, so a retried send goes out once.
 */
export function termsReminderEmail(
  sub: SubscriptionRow,
  claimedAt: Date,
  links: SubscriptionLinks,
): MailMessage {
  const words = subWords(sub);
  const t = words.t;
  const next = sub.status === "paused" ? sub.pausedUntil : sub.nextBillingDate;
  const amount = charged(sub.amountCents, sub, links, words);
  return subscriptionEmail(sub, links, {
    subject: t("email.subscription.terms.subject", { product: sub.productName }),
    heading: t("email.subscription.terms.heading"),
    blocks: [
      paragraph(
        t("email.subscription.terms.body", {
          amount,
          quantity: sub.quantity,
          product: sub.productName,
          months: sub.intervalMonths,
        }),
      ),
      labelled(
        t("email.subscription.terms.product"),
        t("email.order.line", { quantity: sub.quantity, product: sub.productName }),
      ),
      labelled(t("email.subscription.terms.priceEach"), amount),
      labelled(t("email.subscription.terms.howOften"), everyMonths(sub.intervalMonths, words)),
      sub.status === "paused"
        ? labelled(
            t("email.subscription.terms.nextCharge"),
            next
              ? t("email.subscription.terms.whenPauseEnds", { date: formatDate(next, words.locale) })
              : t("email.subscription.terms.untilResumed"),
          )
        : labelled(t("email.subscription.terms.nextCharge"), formatDate(sub.nextBillingDate, words.locale)),
      howToCancel(words),
    ],
    dedupeKey: `subscription-terms:${sub.id}:${claimedAt.toISOString().slice(0, 10)}`,
  });
}

/**
 * The owner changed the product's price for existing subscriptions: the old and the new price and the first
 * renewal that charges it, sent once per announced change.
 */
export function priceChangeEmail(
  sub: SubscriptionRow,
  change: { fromCents: number; toCents: number; from: Date },
  links: SubscriptionLinks,
): MailMessage {
  const words = subWords(sub);
  const t = words.t;
  const date = formatDate(change.from, words.locale);
  const from = charged(change.fromCents, sub, links, words);
  const to = charged(change.toCents, sub, links, words);
  return subscriptionEmail(sub, links, {
    subject: t("email.subscription.priceChange.subject", { product: sub.productName, date }),
    heading: t("email.subscription.priceChange.heading"),
    blocks: [
      paragraph(t("email.subscription.priceChange.body", { date, from, to })),
      labelled(t("email.subscription.priceChange.now"), from),
      labelled(t("email.subscription.priceChange.new"), to),
      labelled(t("email.subscription.priceChange.takesEffect"), date),
      paragraph(t("email.subscription.priceChange.rather")),
      howToCancel(words),
    ],
    dedupeKey: `subscription-price:${sub.id}:${change.from.toISOString()}:${change.toCents}`,
  });
}

/** A fresh manage link, asked for from an expired one: sent only to the subscription's own address. */
export function manageLinkEmail(
  sub: SubscriptionRow,
  requestedAt: Date,
  links: SubscriptionLinks,
): MailMessage {
  const t = subWords(sub).t;
  return subscriptionEmail(sub, links, {
    subject: t("email.subscription.manageLink.subject", { product: sub.productName }),
    heading: t("email.subscription.manageLink.heading"),
    blocks: [paragraph(t("email.subscription.manageLink.body", { days: MANAGE_LINK_DAYS }))],
    dedupeKey: `subscription-manage-link:${sub.id}:${requestedAt.toISOString()}`,
  });
}
