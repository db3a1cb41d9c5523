import { formatMoney } from "../../core/money.ts";
import { RENEWAL_TERMS } from "../../core/renewal-disclosure.ts";
import { applyPromo, type PromoTerms, promoLine } from "../../core/renewal-promo.ts";
import { renewalAmountCents } from "../../core/subscription-rules.ts";
import type { ShopDeps } from "../deps.ts";
import { addressBlock, type EmailBlock, labelled, linkBlock, paragraph, shopEmail } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { MANAGE_LINK_DAYS, manageUrl as signedManageUrl } from "./manage-link.ts";
import type { SubscriptionRow } from "./subscription-rows.ts";

/** What a subscription e-mail's links are made of: the shop's origin and the secret that signs manage links. */
export type SubscriptionLinks = Pick<ShopDeps, "origin" | "manageSecret">;

/** The account page where a signed-in customer manages all their subscriptions. */
export function accountSubscriptionsUrl(origin: string): string {
  return `${origin}/account/subscriptions`;
}

/**
 * The subscription's own page, opened without an account by a fresh signed link (decision 043,
 * server/subscriptions/manage-link.ts): every subscription e-mail carries one.
 */
export function manageUrl(links: SubscriptionLinks, sub: Pick<SubscriptionRow, "id">): string {
  return signedManageUrl(links.origin, links.manageSecret, sub.id);
}

export function formatDay(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
}

export function everyMonths(months: number): string {
  return months === 1 ? "every month" : `every ${months} months`;
}

function summary(sub: SubscriptionRow): EmailBlock[] {
  return [
    labelled(
      "Subscription",
      `${sub.quantity}x ${sub.productName}, ${formatMoney(sub.amountCents)} ${everyMonths(sub.intervalMonths)}`,
    ),
    pendingPriceLine(sub),
    discountLine(sub),
  ].filter((b): b is EmailBlock => b !== null);
}

/** A discount code carried into the renewals, while it still discounts one (core/renewal-promo.ts). */
function discountLine(sub: SubscriptionRow): EmailBlock | null {
  const line = sub.status === "cancelled" ? null : promoLine(sub, sub.amountCents);
  return line ? labelled("Discount code", line) : null;
}

/** A price change the owner announced that is not charged yet (decision 043). */
function pendingPriceLine(sub: SubscriptionRow): EmailBlock | null {
  if (sub.pendingAmountCents === null || !sub.pendingAmountFrom) return null;
  return labelled(
    `From the renewal on or after ${formatDay(sub.pendingAmountFrom)}`,
    `${formatMoney(sub.pendingAmountCents)} ${everyMonths(sub.intervalMonths)}`,
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
  return shopEmail({
    to: sub.email,
    subject: options.subject,
    heading: options.heading,
    blocks: [
      ...options.blocks,
      ...summary(sub),
      sub.userId
        ? linkBlock("All your subscriptions, signed in", accountSubscriptionsUrl(links.origin))
        : null,
    ],
    // The label the renewal terms name ("the \"Manage your subscription\" link in every e-mail about it").
    link: { label: "Manage your subscription", href: manageUrl(links, sub) },
    dedupeKey: options.dedupeKey,
  });
}

function nextLine(sub: SubscriptionRow): EmailBlock {
  return labelled("Next delivery is charged on", formatDay(sub.nextBillingDate));
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
  const name = sub.productName;
  switch (change.type) {
    case "paused":
      return subscriptionEmail(sub, links, {
        subject: `Your ${name} subscription is paused`,
        heading: "Your subscription is paused.",
        blocks: [
          sub.pausedUntil
            ? paragraph(
                `Nothing ships or is charged until ${formatDay(sub.pausedUntil)}, when it resumes by itself.`,
              )
            : paragraph("Nothing ships or is charged until you resume it from your account."),
        ],
        dedupeKey: key,
      });
    case "resumed":
      return subscriptionEmail(sub, links, {
        subject: `Your ${name} subscription is back on`,
        heading: "Your subscription is active again.",
        blocks: [nextLine(sub)],
        dedupeKey: key,
      });
    case "skipped":
      return subscriptionEmail(sub, links, {
        subject: `Your next ${name} delivery is skipped`,
        heading: "We skipped your next delivery.",
        blocks: [paragraph("You will not be charged for the delivery you skipped."), nextLine(sub)],
        dedupeKey: key,
      });
    case "frequency-changed":
      return subscriptionEmail(sub, links, {
        subject: `Your ${name} subscription now ships ${everyMonths(sub.intervalMonths)}`,
        heading: `Your subscription now ships ${everyMonths(sub.intervalMonths)}.`,
        blocks: [nextLine(sub)],
        dedupeKey: key,
      });
    case "quantity-changed":
      return subscriptionEmail(sub, links, {
        subject: `Your ${name} subscription now ships ${sub.quantity} at a time`,
        heading: `Each delivery now holds ${sub.quantity}.`,
        blocks: [labelled("Each delivery costs", formatMoney(sub.amountCents)), nextLine(sub)],
        dedupeKey: key,
      });
    case "swapped":
      return subscriptionEmail(sub, links, {
        subject: `Your subscription now sends ${name}`,
        heading: `You will receive ${name} from your next delivery.`,
        blocks: [
          change.previousProduct ? paragraph(`It replaces ${change.previousProduct}.`) : null,
          labelled("Each delivery costs", formatMoney(sub.amountCents)),
          nextLine(sub),
        ],
        dedupeKey: key,
      });
    case "left-stack":
      return subscriptionEmail(sub, links, {
        subject: `Your ${name} subscription is now priced on its own`,
        heading: "Your stack is no longer complete.",
        blocks: [
          paragraph(
            `${change.previousProduct ?? "Another product of your stack"} left your stack, so the stack price no longer applies. From your next delivery, ${name} costs its own subscription price.`,
          ),
          labelled("Each delivery costs", formatMoney(sub.amountCents)),
          nextLine(sub),
        ],
        dedupeKey: key,
      });
    case "date-changed":
      return subscriptionEmail(sub, links, {
        subject: `Your next ${name} delivery has a new date`,
        heading: "Your next delivery has a new date.",
        blocks: [nextLine(sub)],
        dedupeKey: key,
      });
    case "address-changed":
      return subscriptionEmail(sub, links, {
        subject: `Your ${name} subscription ships to a new address`,
        heading: "Your subscription ships to a new address.",
        blocks: [addressBlock(sub), nextLine(sub)],
        dedupeKey: key,
      });
    case "card-updated":
      return subscriptionEmail(sub, links, {
        subject: `Your ${name} subscription has a new card`,
        heading: "Your subscription has a new card.",
        blocks: [sub.cardLabel ? labelled("Card", sub.cardLabel) : null, nextLine(sub)],
        dedupeKey: key,
      });
    case "cancelled":
      return subscriptionEmail(sub, links, {
        subject: `Your ${name} subscription is cancelled`,
        heading: "Your subscription is cancelled.",
        blocks: [
          sub.endsAt && sub.endsAt > new Date()
            ? paragraph(
                `It ends on ${formatDay(sub.endsAt)}: nothing more will be charged after the period you paid for.`,
              )
            : paragraph("Nothing more will be charged or shipped."),
          paragraph("Changed your mind? You can subscribe again at any time from the shop."),
        ],
        dedupeKey: key,
      });
    default:
      return subscriptionEmail(sub, links, {
        subject: `Your ${name} subscription was updated`,
        heading: "Your subscription was updated.",
        blocks: [nextLine(sub)],
        dedupeKey: key,
      });
  }
}

/**
 * Three days before a renewal: date, amount (less the discount code's part when it still discounts this
 * renewal: `promoTerms` are the code's, core/renewal-promo.ts), address, and where to skip or change it.
 */
export function renewalReminderEmail(
  sub: SubscriptionRow,
  links: SubscriptionLinks,
  promoTerms: Pick<PromoTerms, "kind" | "percent"> | null = null,
): MailMessage {
  const charged = renewalAmountCents(sub);
  const off = applyPromo(sub, promoTerms, charged).offCents;
  return subscriptionEmail(sub, links, {
    subject: `Your ${sub.productName} renews on ${formatDay(sub.nextBillingDate)}`,
    heading: "Your next delivery is coming up.",
    blocks: [
      labelled("Renews on", formatDay(sub.nextBillingDate)),
      labelled(
        "Amount",
        off > 0 && sub.promoCode
          ? `${formatMoney(charged - off)} (${formatMoney(off)} off with ${sub.promoCode})`
          : formatMoney(charged),
      ),
      addressBlock(sub),
      linkBlock("Skip or change this delivery", manageUrl(links, sub)),
    ],
    dedupeKey: `subscription-reminder:${sub.id}:${sub.nextBillingDate.toISOString()}`,
  });
}

/** A renewal charge failed: what happens next and where to update the card. */
export function renewalFailedEmail(
  sub: SubscriptionRow,
  attempt: { retryAt: Date | null; failedAttempts: number; reason: string },
  links: SubscriptionLinks,
): MailMessage {
  return subscriptionEmail(sub, links, {
    subject: `We could not renew your ${sub.productName} subscription`,
    heading: "Your renewal payment did not go through.",
    blocks: [
      paragraph(attempt.reason),
      attempt.retryAt
        ? paragraph(
            `We will try again on ${formatDay(attempt.retryAt)}. Update your card before then to keep your deliveries coming.`,
          )
        : null,
      sub.userId
        ? linkBlock("Update your card", `${links.origin}/account/subscriptions/${sub.id}/card`)
        : linkBlock("To pay with another card, write to us", `${links.origin}/contact`),
    ],
    dedupeKey: `subscription-renewal-failed:${sub.id}:${sub.nextBillingDate.toISOString()}:${attempt.failedAttempts}`,
  });
}

/** The last retry failed: the subscription is cancelled. */
export function renewalCancelledEmail(sub: SubscriptionRow, links: SubscriptionLinks): MailMessage {
  return subscriptionEmail(sub, links, {
    subject: `Your ${sub.productName} subscription was cancelled`,
    heading: "We cancelled your subscription after the payment failed.",
    blocks: [
      paragraph(
        "We tried your card several times without success, so nothing more will be charged or shipped.",
      ),
      paragraph("You can subscribe again at any time from the shop."),
    ],
    dedupeKey: `subscription-renewal-cancelled:${sub.id}`,
  });
}

/**
 * How a subscriber cancels, in the owner's words every notice repeats (content/legal/renewal-terms.json,
 * the same the checkout shows beside the renewal box; decision 043).
 */
function howToCancel(): EmailBlock {
  return paragraph(RENEWAL_TERMS.cancel);
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
  const next = sub.status === "paused" ? sub.pausedUntil : sub.nextBillingDate;
  return subscriptionEmail(sub, links, {
    subject: `Your ${sub.productName} subscription: a yearly reminder of its terms`,
    heading: "A yearly reminder of your subscription.",
    blocks: [
      paragraph(
        `Your subscription renews automatically until you cancel it. Each renewal charges the card on file ${formatMoney(sub.amountCents)} and ships ${sub.quantity}x ${sub.productName} free, ${everyMonths(sub.intervalMonths)}.`,
      ),
      labelled("Product", `${sub.quantity}x ${sub.productName}`),
      labelled("Price each time", formatMoney(sub.amountCents)),
      labelled("How often", everyMonths(sub.intervalMonths)),
      sub.status === "paused"
        ? labelled(
            "Next charge",
            next ? `${formatDay(next)}, when the pause ends` : "none until you resume it",
          )
        : labelled("Next charge", formatDay(sub.nextBillingDate)),
      howToCancel(),
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
  return subscriptionEmail(sub, links, {
    subject: `The price of your ${sub.productName} subscription changes on ${formatDay(change.from)}`,
    heading: "Your subscription's price is changing.",
    blocks: [
      paragraph(
        `From the first renewal on or after ${formatDay(change.from)}, each delivery costs ${formatMoney(change.toCents)} instead of ${formatMoney(change.fromCents)}. Renewals before that date are charged the price you have now.`,
      ),
      labelled("Price now", formatMoney(change.fromCents)),
      labelled("New price", formatMoney(change.toCents)),
      labelled("Takes effect", formatDay(change.from)),
      paragraph("If you would rather not continue at the new price, you can cancel before that date."),
      howToCancel(),
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
  return subscriptionEmail(sub, links, {
    subject: `Your link to manage your ${sub.productName} subscription`,
    heading: "Here is a new link to your subscription.",
    blocks: [
      paragraph(
        `Someone, probably you, asked for a new link to this subscription's page. It works for ${MANAGE_LINK_DAYS} days. If it was not you, you can ignore this e-mail: nothing has changed.`,
      ),
    ],
    dedupeKey: `subscription-manage-link:${sub.id}:${requestedAt.toISOString()}`,
  });
}
