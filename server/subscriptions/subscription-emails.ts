import { formatMoney } from "../../core/money.ts";
import { addressBlock, type EmailBlock, labelled, linkBlock, paragraph, shopEmail } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { SubscriptionRow } from "./subscription-rows.ts";

/** The account page where a customer manages subscriptions. */
export function manageUrl(origin: string): string {
  return `${origin}/account/subscriptions`;
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
  ];
}

/** An e-mail about one subscription, linking to where it is managed. */
function subscriptionEmail(
  sub: SubscriptionRow,
  origin: string,
  options: { subject: string; heading: string; blocks: (EmailBlock | null)[]; dedupeKey: string },
): MailMessage {
  return shopEmail({
    to: sub.email,
    subject: options.subject,
    heading: options.heading,
    blocks: [...options.blocks, ...summary(sub)],
    link: { label: "Manage your subscriptions", href: manageUrl(origin) },
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
  origin: string,
): MailMessage {
  const key = `subscription-${change.type}:${change.eventId}`;
  const name = sub.productName;
  switch (change.type) {
    case "paused":
      return subscriptionEmail(sub, origin, {
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
      return subscriptionEmail(sub, origin, {
        subject: `Your ${name} subscription is back on`,
        heading: "Your subscription is active again.",
        blocks: [nextLine(sub)],
        dedupeKey: key,
      });
    case "skipped":
      return subscriptionEmail(sub, origin, {
        subject: `Your next ${name} delivery is skipped`,
        heading: "We skipped your next delivery.",
        blocks: [paragraph("You will not be charged for the delivery you skipped."), nextLine(sub)],
        dedupeKey: key,
      });
    case "frequency-changed":
      return subscriptionEmail(sub, origin, {
        subject: `Your ${name} subscription now ships ${everyMonths(sub.intervalMonths)}`,
        heading: `Your subscription now ships ${everyMonths(sub.intervalMonths)}.`,
        blocks: [nextLine(sub)],
        dedupeKey: key,
      });
    case "quantity-changed":
      return subscriptionEmail(sub, origin, {
        subject: `Your ${name} subscription now ships ${sub.quantity} at a time`,
        heading: `Each delivery now holds ${sub.quantity}.`,
        blocks: [labelled("Each delivery costs", formatMoney(sub.amountCents)), nextLine(sub)],
        dedupeKey: key,
      });
    case "swapped":
      return subscriptionEmail(sub, origin, {
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
      return subscriptionEmail(sub, origin, {
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
      return subscriptionEmail(sub, origin, {
        subject: `Your next ${name} delivery has a new date`,
        heading: "Your next delivery has a new date.",
        blocks: [nextLine(sub)],
        dedupeKey: key,
      });
    case "address-changed":
      return subscriptionEmail(sub, origin, {
        subject: `Your ${name} subscription ships to a new address`,
        heading: "Your subscription ships to a new address.",
        blocks: [addressBlock(sub), nextLine(sub)],
        dedupeKey: key,
      });
    case "card-updated":
      return subscriptionEmail(sub, origin, {
        subject: `Your ${name} subscription has a new card`,
        heading: "Your subscription has a new card.",
        blocks: [sub.cardLabel ? labelled("Card", sub.cardLabel) : null, nextLine(sub)],
        dedupeKey: key,
      });
    case "cancelled":
      return subscriptionEmail(sub, origin, {
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
      return subscriptionEmail(sub, origin, {
        subject: `Your ${name} subscription was updated`,
        heading: "Your subscription was updated.",
        blocks: [nextLine(sub)],
        dedupeKey: key,
      });
  }
}

/** Three days before a renewal: date, amount, address, and where to skip or change it. */
export function renewalReminderEmail(sub: SubscriptionRow, origin: string): MailMessage {
  return subscriptionEmail(sub, origin, {
    subject: `Your ${sub.productName} renews on ${formatDay(sub.nextBillingDate)}`,
    heading: "Your next delivery is coming up.",
    blocks: [
      labelled("Renews on", formatDay(sub.nextBillingDate)),
      labelled("Amount", formatMoney(sub.amountCents)),
      addressBlock(sub),
      linkBlock("Skip or change this delivery", manageUrl(origin)),
    ],
    dedupeKey: `subscription-reminder:${sub.id}:${sub.nextBillingDate.toISOString()}`,
  });
}

/** A renewal charge failed: what happens next and where to update the card. */
export function renewalFailedEmail(
  sub: SubscriptionRow,
  attempt: { retryAt: Date | null; failedAttempts: number; reason: string },
  origin: string,
): MailMessage {
  return subscriptionEmail(sub, origin, {
    subject: `We could not renew your ${sub.productName} subscription`,
    heading: "Your renewal payment did not go through.",
    blocks: [
      paragraph(attempt.reason),
      attempt.retryAt
        ? paragraph(
            `We will try again on ${formatDay(attempt.retryAt)}. Update your card before then to keep your deliveries coming.`,
          )
        : null,
      linkBlock("Update your card", manageUrl(origin)),
    ],
    dedupeKey: `subscription-renewal-failed:${sub.id}:${sub.nextBillingDate.toISOString()}:${attempt.failedAttempts}`,
  });
}

/** The last retry failed: the subscription is cancelled. */
export function renewalCancelledEmail(sub: SubscriptionRow, origin: string): MailMessage {
  return subscriptionEmail(sub, origin, {
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
