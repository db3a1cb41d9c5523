/**
 * A subscription's life: its statuses, what each customer action may do from each status, and what the
 * action changes. Pure: dates in, dates out, no I/O; the server applies the changes it returns, the
 * account page shows only the actions allowed.
 *
 *   active   --pause--> paused --resume (or the pause's end)--> active
 *   active   --a renewal charge fails--> past_due --a retry succeeds--> active
 *   past_due --the last retry fails--> cancelled
 *   any but cancelled --cancel--> cancelled (ends at the end of the period already paid for)
 */

export const SUBSCRIPTION_STATUSES = ["active", "paused", "past_due", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_ACTIONS = [
  "pause",
  "resume",
  "skip",
  "frequency",
  "quantity",
  "swap",
  "next-date",
  "cancel",
  "address",
  "payment-method",
] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

const ALLOWED: Record<SubscriptionStatus, readonly SubscriptionAction[]> = {
  active: [
    "pause",
    "skip",
    "frequency",
    "quantity",
    "swap",
    "next-date",
    "cancel",
    "address",
    "payment-method",
  ],
  paused: ["resume", "frequency", "quantity", "swap", "cancel", "address", "payment-method"],
  past_due: ["cancel", "address", "payment-method"],
  cancelled: [],
};

/** Pause lengths offered, in months; null pauses until the customer resumes. */
export const PAUSE_MONTHS = [1, 2, 3] as const;
/** Delivery frequencies offered: every 1, 2 or 3 months. */
export const FREQUENCY_MONTHS = [1, 2, 3] as const;
/** The next date can move to any day from tomorrow up to this many days from today. */
export const MAX_NEXT_DATE_DAYS = 60;
/** Failed renewals are retried this many days after the first failure; after the last, it is cancelled. */
export const RETRY_AFTER_DAYS = [1, 3, 5] as const;
/** The reminder e-mail goes out this many days before a renewal. */
export const REMINDER_DAYS_BEFORE = 3;

export const CANCEL_REASONS = [
  "I have too much product",
  "It is too expensive",
  "I did not notice a difference",
  "I am trying another product",
  "Something else",
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export function isSubscriptionStatus(value: string): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

/** The actions a subscription in this status allows, in the order the account page offers them. */
export function allowedActions(status: string): readonly SubscriptionAction[] {
  return isSubscriptionStatus(status) ? ALLOWED[status] : [];
}

export function canDo(status: string, action: SubscriptionAction): boolean {
  return allowedActions(status).includes(action);
}

const STATUS_WORDS: Record<SubscriptionStatus, string> = {
  active: "an active",
  paused: "a paused",
  past_due: "a subscription whose payment failed, so",
  cancelled: "a cancelled",
};

const ACTION_WORDS: Record<SubscriptionAction, string> = {
  pause: "paused",
  resume: "resumed",
  skip: "skipped",
  frequency: "given a new frequency",
  quantity: "given a new quantity",
  swap: "swapped",
  "next-date": "given a new date",
  cancel: "cancelled",
  address: "given a new address",
  "payment-method": "given a new card",
};

/** Why an action is refused in this status, in words for the customer (the API's 409 message). */
export function refusal(status: string, action: SubscriptionAction): string {
  if (!isSubscriptionStatus(status)) return `This subscription cannot be ${ACTION_WORDS[action]}.`;
  if (status === "cancelled") return `This subscription is cancelled: it cannot be ${ACTION_WORDS[action]}.`;
  if (status === "past_due")
    return `This subscription's last payment failed: update the card first; it cannot be ${ACTION_WORDS[action]} until then.`;
  if (status === "paused" && action === "pause") return "This subscription is already paused.";
  if (status === "active" && action === "resume") return "This subscription is not paused.";
  if (status === "paused") return `A paused subscription cannot be ${ACTION_WORDS[action]}: resume it first.`;
  return `${STATUS_WORDS[status]} subscription cannot be ${ACTION_WORDS[action]}.`;
}

/** `date` plus whole calendar months in UTC; the 31st plus one month is the last day of the next month. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The fields of a subscription that actions read and change. */
export interface SubscriptionState {
  status: SubscriptionStatus;
  nextBillingDate: Date;
  intervalMonths: number;
  pausedUntil: Date | null;
  endsAt: Date | null;
}

export type ActionInput =
  | { action: "pause"; months: (typeof PAUSE_MONTHS)[number] | null }
  | { action: "resume" }
  | { action: "skip" }
  | { action: "frequency"; months: (typeof FREQUENCY_MONTHS)[number] }
  | { action: "next-date"; date: Date }
  | { action: "cancel" };

export type Planned =
  | { ok: true; changes: Partial<SubscriptionState> }
  | { ok: false; message: string; code: "not_allowed" | "invalid_date" };

/** The earliest and latest day a customer may move the next delivery to, from `now`. */
export function nextDateWindow(now: Date): { earliest: Date; latest: Date } {
  return { earliest: addDays(now, 1), latest: addDays(now, MAX_NEXT_DATE_DAYS) };
}

/**
 * What an action changes on a subscription's schedule and status, or why it may not. Quantity, swap,
 * address and card changes touch no date; the server prices and stores those itself.
 */
export function planAction(sub: SubscriptionState, input: ActionInput, now: Date): Planned {
  if (!canDo(sub.status, input.action))
    return { ok: false, code: "not_allowed", message: refusal(sub.status, input.action) };
  switch (input.action) {
    case "pause": {
      // A timed pause moves the next delivery on by that many months and resumes itself then.
      if (input.months === null) return { ok: true, changes: { status: "paused", pausedUntil: null } };
      const until = addMonths(sub.nextBillingDate, input.months);
      return { ok: true, changes: { status: "paused", pausedUntil: until, nextBillingDate: until } };
    }
    case "resume": {
      // Deliveries start again: on the date already planned, or tomorrow when that date has passed.
      const tomorrow = addDays(now, 1);
      const next = sub.nextBillingDate > now ? sub.nextBillingDate : tomorrow;
      return { ok: true, changes: { status: "active", pausedUntil: null, nextBillingDate: next } };
    }
    case "skip":
      return { ok: true, changes: { nextBillingDate: addMonths(sub.nextBillingDate, sub.intervalMonths) } };
    case "frequency":
      return { ok: true, changes: { intervalMonths: input.months } };
    case "next-date": {
      const { earliest, latest } = nextDateWindow(now);
      const day = startOfDay(input.date);
      if (day < startOfDay(earliest) || day > startOfDay(latest))
        return {
          ok: false,
          code: "invalid_date",
          message: `Choose a date from tomorrow to ${MAX_NEXT_DATE_DAYS} days from today.`,
        };
      return { ok: true, changes: { nextBillingDate: input.date } };
    }
    case "cancel": {
      // An active subscription runs to the end of the period paid for; one paused or unpaid ends now.
      const endsAt = sub.status === "active" && sub.nextBillingDate > now ? sub.nextBillingDate : now;
      return { ok: true, changes: { status: "cancelled", pausedUntil: null, endsAt } };
    }
  }
}

function startOfDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** The renewal date a customer sees: none once cancelled, none while paused until resumed. */
export function shownNextBilling(sub: SubscriptionState): Date | null {
  if (sub.status === "cancelled") return null;
  if (sub.status === "paused") return sub.pausedUntil;
  return sub.nextBillingDate;
}

/**
 * After a failed renewal charge: when to retry (1, 3 and 5 days after the first failure) or, after the
 * last retry failed, cancel. `failedAttempts` counts the failures including this one.
 */
export function afterFailedCharge(
  firstFailure: Date,
  failedAttempts: number,
): { status: "past_due"; retryAt: Date } | { status: "cancelled" } {
  const days = RETRY_AFTER_DAYS[failedAttempts - 1];
  return days === undefined
    ? { status: "cancelled" }
    : { status: "past_due", retryAt: addDays(firstFailure, days) };
}

/**
 * A price change the owner applies to existing subscriptions takes effect this many days ahead at the
 * soonest and at the latest (decision 043): every subscriber is told first.
 */
export const PRICE_NOTICE_MIN_DAYS = 7;
export const PRICE_NOTICE_MAX_DAYS = 30;
export const PRICE_NOTICE_DEFAULT_DAYS = 30;

/** A day as the dashboard's date field gives it: "2027-01-15". */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first and last day a price change may take effect on, from `now`, as "YYYY-MM-DD". */
export function priceNoticeWindow(now: Date): { earliest: string; latest: string; default: string } {
  const today = new Date(startOfDay(now));
  return {
    earliest: isoDay(addDays(today, PRICE_NOTICE_MIN_DAYS)),
    latest: isoDay(addDays(today, PRICE_NOTICE_MAX_DAYS)),
    default: isoDay(addDays(today, PRICE_NOTICE_DEFAULT_DAYS)),
  };
}

/** The day a price change takes effect (midnight UTC), or why it may not be that day. */
export function checkPriceNoticeDay(
  day: string,
  now: Date,
): { ok: true; from: Date } | { ok: false; message: string } {
  const message = `Choose a date from ${PRICE_NOTICE_MIN_DAYS} to ${PRICE_NOTICE_MAX_DAYS} days from today: subscribers are told the new price before it is charged.`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return { ok: false, message };
  const from = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(from.getTime()) || isoDay(from) !== day) return { ok: false, message };
  const { earliest, latest } = priceNoticeWindow(now);
  if (day < earliest || day > latest) return { ok: false, message };
  return { ok: true, from };
}

/** The price a subscription's next renewal charges: an announced new price once its date has come. */
export function renewalAmountCents(sub: {
  amountCents: number;
  nextBillingDate: Date;
  pendingAmountCents: number | null;
  pendingAmountFrom: Date | null;
}): number {
  return pendingPriceApplies(sub) ? (sub.pendingAmountCents as number) : sub.amountCents;
}

export function pendingPriceApplies(sub: {
  nextBillingDate: Date;
  pendingAmountCents: number | null;
  pendingAmountFrom: Date | null;
}): boolean {
  return (
    sub.pendingAmountCents !== null &&
    sub.pendingAmountFrom !== null &&
    sub.nextBillingDate.getTime() >= sub.pendingAmountFrom.getTime()
  );
}
