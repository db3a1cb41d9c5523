/**
 * How the account page words a subscription: its product and price, its schedule, and what each action
 * changed. Pure, so the words are tested without a browser; dates are read in UTC like the server's.
 */
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { formatMoney, toCents } from "../../../core/money.ts";
import { nextDateWindow, type SubscriptionAction } from "../../../core/subscription-rules.ts";
import { formatDate } from "../../lib/format-date.ts";

export function everyMonths(months: number): string {
  return months === 1 ? "every month" : `every ${months} months`;
}

/** "Korean Ginseng", or "2x Korean Ginseng" when each delivery holds more than one. */
export function productLine(sub: Pick<SubscriptionView, "productName" | "quantity">): string {
  return sub.quantity > 1 ? `${sub.quantity}x ${sub.productName}` : sub.productName;
}

/** "$27.20 every month": what each delivery costs and how often it comes. */
export function priceLine(sub: Pick<SubscriptionView, "amount" | "intervalMonths">): string {
  return `${formatMoney(toCents(sub.amount))} ${everyMonths(sub.intervalMonths)}`;
}

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  paused: "Paused",
  past_due: "Payment failed",
  cancelled: "Cancelled",
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/**
 * The schedule under the price: the next billing date; while paused, until when; once cancelled, the day
 * it ends (or ended) and no billing date at all.
 */
export function scheduleLine(sub: SubscriptionView, now: Date): string {
  switch (sub.status) {
    case "paused":
      return sub.pausedUntil ? `Paused until ${formatDate(sub.pausedUntil)}` : "Paused";
    case "cancelled":
      if (!sub.endsAt) return "Ended";
      return new Date(sub.endsAt) > now
        ? `Ends on ${formatDate(sub.endsAt)}`
        : `Ended on ${formatDate(sub.endsAt)}`;
    case "past_due":
      return sub.nextBillingDate ? `Payment due since ${formatDate(sub.nextBillingDate)}` : "Payment due";
    default:
      return sub.nextBillingDate ? `Next billing ${formatDate(sub.nextBillingDate)}` : "";
  }
}

/** A shipping address in one short line: "Sam Shopper, 1 Main St, Springfield". */
export function shortAddress(address: NonNullable<SubscriptionView["shippingAddress"]>): string {
  return [address.fullName, address.line1, address.city].filter(Boolean).join(", ");
}

/** A day as the date input and the API write it ("2027-01-11"), in UTC like the server's rule. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first and last day the next delivery may move to: tomorrow to 60 days from today. */
export function nextDateBounds(now: Date): { min: string; max: string } {
  const { earliest, latest } = nextDateWindow(now);
  return { min: isoDay(earliest), max: isoDay(latest) };
}

/**
 * What a delivery costs after a change of quantity: the same price per unit the subscription has now (as
 * the server prices it), for the new number of units.
 */
export function priceForQuantityCents(sub: Pick<SubscriptionView, "amount" | "quantity">, quantity: number) {
  return Math.round((toCents(sub.amount) / sub.quantity) * quantity);
}

/** The actions the Modify dialog gathers, in the order it offers them. */
export const MODIFY_ACTIONS = ["frequency", "quantity", "swap", "next-date", "address"] as const;
export type ModifyAction = (typeof MODIFY_ACTIONS)[number];

export function isModifyAction(action: SubscriptionAction): action is ModifyAction {
  return (MODIFY_ACTIONS as readonly string[]).includes(action);
}

/** The success toast after an action, naming what changed; `before` is the subscription as it was. */
export function changedToast(
  action: Exclude<SubscriptionAction, "payment-method">,
  before: SubscriptionView,
  after: SubscriptionView,
  now: Date,
): { title: string; description: string } {
  const name = after.productName;
  const next = after.nextBillingDate ? `Next billing ${formatDate(after.nextBillingDate)}.` : "";
  switch (action) {
    case "pause":
      return {
        title: "Subscription paused",
        description: after.pausedUntil
          ? `${name} is paused until ${formatDate(after.pausedUntil)}.`
          : `${name} is paused until you resume it.`,
      };
    case "resume":
      return { title: "Subscription resumed", description: `${name} is active again. ${next}`.trim() };
    case "skip":
      return { title: "Next delivery skipped", description: `${name}: ${next}` };
    case "frequency":
      return {
        title: "Frequency changed",
        description: `${name} now ships ${everyMonths(after.intervalMonths)}.`,
      };
    case "quantity":
      return {
        title: "Quantity changed",
        description: `${name}: ${after.quantity} per delivery, ${priceLine(after)}.`,
      };
    case "swap":
      return {
        title: "Product swapped",
        description: `${name} replaces ${before.productName}, ${priceLine(after)}.`,
      };
    case "next-date":
      return { title: "Next delivery moved", description: `${name}: ${next}` };
    case "address":
      return {
        title: "Shipping address changed",
        description: after.shippingAddress
          ? `${name} ships to ${shortAddress(after.shippingAddress)}.`
          : `${name} ships to the new address.`,
      };
    case "cancel":
      return {
        title: "Subscription cancelled",
        description:
          after.endsAt && new Date(after.endsAt) > now
            ? `${name} ends on ${formatDate(after.endsAt)}. Nothing is charged after that.`
            : `${name} has ended. Nothing more is charged or shipped.`,
      };
  }
}

/** The toast after the save-card page sends the customer back (`?card=`); null for any other value. */
export function cardReturnToast(
  outcome: string | null,
): { title: string; description?: string; variant?: "destructive" } | null {
  switch (outcome) {
    case "saved":
      return { title: "Card updated", description: "Your next renewal is charged to the new card." };
    case "unavailable":
      return {
        title: "Stripe could not be reached",
        description: "Your card was not changed. Please try again in a moment.",
        variant: "destructive",
      };
    case "unchanged":
      return { title: "Your card was not changed", description: "Renewals go on charging the card you had." };
    case "renewed":
      return { title: "Card updated and your renewal went through" };
    case "declined":
      return {
        title: "That card was declined too",
        description: "Your card is saved, but the renewal did not go through. Try another card.",
        variant: "destructive",
      };
    default:
      return null;
  }
}

/**
 * The day a cancellation takes effect, when it is not today: an active subscription runs to the end of
 * the period paid for (its next billing date); a paused or unpaid one ends at once (null).
 */
export function cancelRunsUntil(
  sub: { status: string; nextBillingDate: string | null },
  now = new Date(),
): string | null {
  return sub.status === "active" && sub.nextBillingDate && new Date(sub.nextBillingDate) > now
    ? sub.nextBillingDate
    : null;
}

/**
 * A new price the owner announced, not charged yet (decision 043): "From March 4, 2027: $30.60 every
 * month", or null when none is coming.
 */
export function pendingPriceLine(
  sub: Pick<SubscriptionView, "pendingAmount" | "pendingFrom" | "intervalMonths">,
): string | null {
  if (!sub.pendingAmount || !sub.pendingFrom) return null;
  return `New price from the renewal on or after ${formatDate(sub.pendingFrom)}: ${formatMoney(toCents(sub.pendingAmount))} ${everyMonths(sub.intervalMonths)}`;
}
