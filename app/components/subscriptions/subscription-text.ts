/**
 * How the shop's pages word a subscription, in the page's language: its product and price, its schedule, and what each action
 * changed. Pure, so the words are tested without a browser; dates are read in UTC like the server's.
 */
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import type { Locale } from "../../../core/i18n/locales.ts";
import { formatMoney, toCents } from "../../../core/money.ts";
import type { PromoFigures } from "../../../core/renewal-promo.ts";
import { nextDateWindow, type SubscriptionAction } from "../../../core/subscription-rules.ts";
import type { Translator } from "../../i18n/i18n.tsx";
import { formatDate } from "../../lib/format-date.ts";

/**
 * The dashboard's words for a frequency and a status (the dashboard stays English, decision 049); the
 * shop's pages use `frequencyText` and `statusText`, in the page's language.
 */
export function everyMonths(months: number): string {
  return months === 1 ? "every month" : `every ${months} months`;
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

/** The page's translator and language, for the words and the dates of a subscription. */
export interface Words {
  t: Translator["t"];
  locale: Locale;
}

/**
 * A saved card as the payments name it ("Visa ending 4242", server/payments/sandbox-cards.ts), in the page's
 * language; a label of another shape is shown as it is.
 */
export function cardText(t: Translator["t"], label: string): string {
  const named = /^(.+) ending (\d{4})$/.exec(label);
  return named ? t("subscriptions.card.ending", { brand: named[1], last4: named[2] }) : label;
}

/** A discount code carried into the renewals, in the page's language: "WELCOME10: 3 discounted renewals left (…)". */
export function discountText(t: Translator["t"], d: PromoFigures): string {
  const values = { code: d.code, price: d.price, off: d.off, count: d.renewalsLeft };
  return d.renewalsLeft === null
    ? t("subscriptions.discount.every", values)
    : t("subscriptions.discount.left", values);
}

/** "every month", "every 2 months", in the page's language. */
export function frequencyText(t: Translator["t"], months: number): string {
  return t("subscriptions.every", { months });
}

/** "Korean Ginseng", or "2x Korean Ginseng" when each delivery holds more than one. */
export function productLine(sub: Pick<SubscriptionView, "productName" | "quantity">): string {
  return sub.quantity > 1 ? `${sub.quantity}x ${sub.productName}` : sub.productName;
}

/**
 * "$27.20 every month": what each delivery costs and how often it comes; "CA$34.00 plus tax every month"
 * where its renewals add the taxes of its address (decision 050).
 */
export function priceLine(
  t: Translator["t"],
  sub: Pick<SubscriptionView, "amount" | "currency" | "intervalMonths"> & { plusTax?: boolean },
): string {
  return t("subscriptions.price", {
    price: taxedPrice(t, formatMoney(toCents(sub.amount), sub.currency), sub.plusTax),
    months: sub.intervalMonths,
  });
}

/** A renewal's price, "plus tax" when its renewals add the taxes of its address (decision 050). */
function taxedPrice(t: Translator["t"], price: string, plusTax: boolean | undefined): string {
  return plusTax ? t("subscriptions.plusTax", { price }) : price;
}

const STATUS_KEYS: Record<string, string> = {
  active: "subscriptions.status.active",
  paused: "subscriptions.status.paused",
  past_due: "subscriptions.status.pastDue",
  cancelled: "subscriptions.status.cancelled",
};

/** A status as the shop's pages word it, in the page's language. */
export function statusText(t: Translator["t"], status: string): string {
  const key = STATUS_KEYS[status];
  return key ? t(key) : status;
}

/**
 * The schedule under the price: the next billing date; while paused, until when; once cancelled, the day
 * it ends (or ended) and no billing date at all.
 */
export function scheduleLine({ t, locale }: Words, sub: SubscriptionView, now: Date): string {
  const date = (value: string) => formatDate(value, locale);
  switch (sub.status) {
    case "paused":
      return sub.pausedUntil
        ? t("subscriptions.schedule.pausedUntil", { date: date(sub.pausedUntil) })
        : t("subscriptions.schedule.paused");
    case "cancelled":
      if (!sub.endsAt) return t("subscriptions.schedule.ended");
      return new Date(sub.endsAt) > now
        ? t("subscriptions.schedule.endsOn", { date: date(sub.endsAt) })
        : t("subscriptions.schedule.endedOn", { date: date(sub.endsAt) });
    case "past_due":
      return sub.nextBillingDate
        ? t("subscriptions.schedule.dueSince", { date: date(sub.nextBillingDate) })
        : t("subscriptions.schedule.due");
    default:
      return sub.nextBillingDate ? t("subscriptions.schedule.next", { date: date(sub.nextBillingDate) }) : "";
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

/**
 * The words a toast may show later (after a request), so the page carries them from its first render
 * (app/hooks/use-later-t.ts).
 */
export const TOAST_KEYS = [
  "subscriptions.every",
  "subscriptions.price",
  "subscriptions.toast.nextBilling",
  "subscriptions.toast.paused",
  "subscriptions.toast.paused.until",
  "subscriptions.toast.paused.untilResumed",
  "subscriptions.toast.resumed",
  "subscriptions.toast.resumed.text",
  "subscriptions.toast.skipped",
  "subscriptions.toast.skipped.text",
  "subscriptions.toast.frequency",
  "subscriptions.toast.frequency.text",
  "subscriptions.toast.quantity",
  "subscriptions.toast.quantity.text",
  "subscriptions.toast.swapped",
  "subscriptions.toast.swapped.text",
  "subscriptions.toast.moved",
  "subscriptions.toast.moved.text",
  "subscriptions.toast.address",
  "subscriptions.toast.address.to",
  "subscriptions.toast.address.new",
  "subscriptions.toast.cancelled",
  "subscriptions.toast.cancelled.endsOn",
  "subscriptions.toast.cancelled.ended",
] as const;

/** The success toast after an action, naming what changed; `before` is the subscription as it was. */
export function changedToast(
  { t, locale }: Words,
  action: Exclude<SubscriptionAction, "payment-method">,
  before: SubscriptionView,
  after: SubscriptionView,
  now: Date,
): { title: string; description: string } {
  const name = after.productName;
  const next = after.nextBillingDate
    ? t("subscriptions.toast.nextBilling", { date: formatDate(after.nextBillingDate, locale) })
    : "";
  switch (action) {
    case "pause":
      return {
        title: t("subscriptions.toast.paused"),
        description: after.pausedUntil
          ? t("subscriptions.toast.paused.until", { name, date: formatDate(after.pausedUntil, locale) })
          : t("subscriptions.toast.paused.untilResumed", { name }),
      };
    case "resume":
      return {
        title: t("subscriptions.toast.resumed"),
        description: t("subscriptions.toast.resumed.text", { name, next }).trim(),
      };
    case "skip":
      return {
        title: t("subscriptions.toast.skipped"),
        description: t("subscriptions.toast.skipped.text", { name, next }),
      };
    case "frequency":
      return {
        title: t("subscriptions.toast.frequency"),
        description: t("subscriptions.toast.frequency.text", { name, months: after.intervalMonths }),
      };
    case "quantity":
      return {
        title: t("subscriptions.toast.quantity"),
        description: t("subscriptions.toast.quantity.text", {
          name,
          quantity: after.quantity,
          price: priceLine(t, after),
        }),
      };
    case "swap":
      return {
        title: t("subscriptions.toast.swapped"),
        description: t("subscriptions.toast.swapped.text", {
          name,
          before: before.productName,
          price: priceLine(t, after),
        }),
      };
    case "next-date":
      return {
        title: t("subscriptions.toast.moved"),
        description: t("subscriptions.toast.moved.text", { name, next }),
      };
    case "address":
      return {
        title: t("subscriptions.toast.address"),
        description: after.shippingAddress
          ? t("subscriptions.toast.address.to", { name, address: shortAddress(after.shippingAddress) })
          : t("subscriptions.toast.address.new", { name }),
      };
    case "cancel":
      return {
        title: t("subscriptions.toast.cancelled"),
        description:
          after.endsAt && new Date(after.endsAt) > now
            ? t("subscriptions.toast.cancelled.endsOn", { name, date: formatDate(after.endsAt, locale) })
            : t("subscriptions.toast.cancelled.ended", { name }),
      };
  }
}

/** The words of the toast after the save-card page sends the customer back, carried from the first render. */
export const CARD_TOAST_KEYS = [
  "subscriptions.cardToast.saved",
  "subscriptions.cardToast.saved.text",
  "subscriptions.cardToast.unavailable",
  "subscriptions.cardToast.unavailable.text",
  "subscriptions.cardToast.unchanged",
  "subscriptions.cardToast.unchanged.text",
  "subscriptions.cardToast.renewed",
  "subscriptions.cardToast.declined",
  "subscriptions.cardToast.declined.text",
] as const;

/** The toast after the save-card page sends the customer back (`?card=`); null for any other value. */
export function cardReturnToast(
  t: Translator["t"],
  outcome: string | null,
): { title: string; description?: string; variant?: "destructive" } | null {
  switch (outcome) {
    case "saved":
      return {
        title: t("subscriptions.cardToast.saved"),
        description: t("subscriptions.cardToast.saved.text"),
      };
    case "unavailable":
      return {
        title: t("subscriptions.cardToast.unavailable"),
        description: t("subscriptions.cardToast.unavailable.text"),
        variant: "destructive",
      };
    case "unchanged":
      return {
        title: t("subscriptions.cardToast.unchanged"),
        description: t("subscriptions.cardToast.unchanged.text"),
      };
    case "renewed":
      return { title: t("subscriptions.cardToast.renewed") };
    case "declined":
      return {
        title: t("subscriptions.cardToast.declined"),
        description: t("subscriptions.cardToast.declined.text"),
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
  { t, locale }: Words,
  sub: Pick<SubscriptionView, "pendingAmount" | "pendingFrom" | "currency" | "intervalMonths"> & {
    plusTax?: boolean;
  },
): string | null {
  if (!sub.pendingAmount || !sub.pendingFrom) return null;
  return t("subscriptions.pendingPrice", {
    date: formatDate(sub.pendingFrom, locale),
    price: taxedPrice(t, formatMoney(toCents(sub.pendingAmount), sub.currency), sub.plusTax),
    months: sub.intervalMonths,
  });
}
