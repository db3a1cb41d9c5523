/**
 * Discount codes: their terms as the pricing function reads them, the canonical form of a code, how a code
 * is described to the shopper and the checks that need no database (dates, minimum, products). The checks
 * that need one (uses left, one per customer, first order) are the server's (server/promotions/). Pure.
 * docs/decisions/046-discount-codes.md.
 */
import { BASE_CURRENCY, CURRENCIES, type Currency } from "./markets.ts";
import { formatMoney } from "./money.ts";

export type CodeKind = "percent" | "amount" | "free_shipping";
/** On a subscription: only the first order is discounted, the first N renewals too, or every renewal. */
export type CodeRenewals = "first_order" | "first_n" | "every";
export type CodeStatus = "active" | "paused" | "ended";

export const CODE_KINDS: readonly CodeKind[] = ["percent", "amount", "free_shipping"];
export const CODE_RENEWALS: readonly CodeRenewals[] = ["first_order", "first_n", "every"];
export const CODE_STATUSES: readonly CodeStatus[] = ["active", "paused", "ended"];

/** A code as the shopper's browser and the pricing function know it. Dates are ISO strings or null. */
export interface CodeTerms {
  code: string;
  kind: CodeKind;
  /** 1-100 for a percentage code, else null. */
  percent: number | null;
  /** Cents off for a fixed-amount code, else null. */
  amountCents: number | null;
  minSubtotalCents: number | null;
  /** The products whose lines it discounts; null: every product. */
  productIds: number[] | null;
  /** Whether lines bought at a bundle or stack price are discounted too. */
  combinesWithBundles: boolean;
  firstOrderOnly: boolean;
  renewals: CodeRenewals;
  /** The number of discounted renewals for `first_n`, else null. */
  renewalCount: number | null;
  startsAt: string | null;
  endsAt: string | null;
  /**
   * The owner's amount off and minimum in the other currencies (decision 051; `discount_code_amounts`): the
   * fields above are the US dollar ones. A code with an amount or a minimum gives nothing in a currency it
   * has none in (`codeInCurrency`); nothing is converted. Absent: none set.
   */
  amounts?: CodeAmounts;
}

/** A code's amount off (an amount code) and minimum (a code with one) in one currency, in its minor units. */
export interface CodeCurrencyAmount {
  amountCents: number | null;
  minSubtotalCents: number | null;
}

/** The currencies other than US dollars a code has amounts in. */
export type CodeAmounts = Partial<Record<Exclude<Currency, "USD">, CodeCurrencyAmount>>;

/** Whether a code's terms name an amount (an amount off, a minimum), so it needs one per currency. */
export function codeHasAmounts(terms: Pick<CodeTerms, "kind" | "minSubtotalCents">): boolean {
  return terms.kind === "amount" || terms.minSubtotalCents != null;
}

/**
 * The code's terms in `currency`: its amount off and minimum there (decision 051), or null when it names an
 * amount and the owner set none in that currency (an amount code needs its amount there, a code with a
 * minimum its minimum there). A percentage or free shipping without a minimum is the same in every currency.
 */
export function codeInCurrency(terms: CodeTerms, currency: Currency): CodeTerms | null {
  if (currency === "USD" || !codeHasAmounts(terms)) return terms;
  const there = terms.amounts?.[currency];
  if (!there) return null;
  if (terms.kind === "amount" && there.amountCents == null) return null;
  if (terms.minSubtotalCents != null && there.minSubtotalCents == null) return null;
  return {
    ...terms,
    amountCents: terms.kind === "amount" ? there.amountCents : null,
    minSubtotalCents: terms.minSubtotalCents != null ? there.minSubtotalCents : null,
  };
}

/** The currencies a code gives something in: every one, unless it names an amount (`codeInCurrency`). */
export function codeCurrencies(terms: CodeTerms): Currency[] {
  return CURRENCIES.filter((c) => codeInCurrency(terms, c) !== null);
}

/** Letters, digits, "-" and "_", 3 to 32 of them once trimmed and upper-cased. */
export const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** The canonical form of what a shopper typed ("  welcome10 " -> "WELCOME10"), or null when it cannot be a code. */
export function canonicalCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** What the code gives, in a few words: "10% off", "$5.00 off", "Free shipping"; its amount in `currency`. */
export function describeCode(
  terms: Pick<CodeTerms, "kind" | "percent" | "amountCents">,
  currency: Currency = BASE_CURRENCY,
): string {
  if (terms.kind === "percent") return `${terms.percent ?? 0}% off`;
  if (terms.kind === "amount") return `${formatMoney(terms.amountCents ?? 0, currency)} off`;
  return "Free shipping";
}

/**
 * The conditions a shopper should know before paying, in short sentences (empty when there are none); the
 * minimum in `currency` (terms already in it: `codeInCurrency`).
 */
export function codeConditions(terms: CodeTerms, currency: Currency = BASE_CURRENCY): string[] {
  const out: string[] = [];
  if (terms.minSubtotalCents)
    out.push(`On orders of ${formatMoney(terms.minSubtotalCents, currency)} or more.`);
  if (terms.productIds) out.push("On some products only.");
  out.push(
    terms.combinesWithBundles
      ? "Combines with bundle and stack prices."
      : "Not on items at a bundle or stack price.",
  );
  if (terms.firstOrderOnly) out.push("On a first order only.");
  if (terms.renewals === "every") out.push("On subscriptions, every renewal is discounted too.");
  if (terms.renewals === "first_n" && terms.renewalCount)
    out.push(
      `On subscriptions, the first ${terms.renewalCount} renewal${terms.renewalCount === 1 ? " is" : "s are"} discounted too.`,
    );
  return out;
}

export type CodeRefusalReason =
  | "unknown"
  | "not_active"
  | "expired"
  | "not_started"
  | "used_up"
  | "used_by_you"
  | "minimum_not_met"
  | "not_for_these_products"
  | "first_order_only"
  | "own_referral"
  /**
   * An amount code or one with a minimum, on a cart in a currency the owner set no amount or minimum in
   * (decision 051; it was `only_in_usd` while codes had US dollar amounts only).
   */
  | "not_in_currency";

export interface CodeRefusal {
  reason: CodeRefusalReason;
  message: string;
  /** For `minimum_not_met`: how much more the cart needs, in `currency`. */
  shortByCents?: number;
  /** For `minimum_not_met` and `not_in_currency`: the cart's currency. */
  currency?: Currency;
  /** For `not_in_currency`: the currencies the code gives something in, and the code. */
  currencies?: Currency[];
  code?: string;
}

/** The shopper's words for each refusal; `in` the cart's currency and, for `not_in_currency`, the code's. */
export function refusal(
  reason: CodeRefusalReason,
  code: string,
  shortByCents?: number,
  inCurrency?: { currency: Currency; currencies?: Currency[] },
): CodeRefusal {
  const currency = inCurrency?.currency ?? BASE_CURRENCY;
  const currencies = inCurrency?.currencies ?? [];
  const messages: Record<CodeRefusalReason, string> = {
    unknown: `We don't know the code ${code}. Please check it and try again.`,
    not_active: `The code ${code} is not active right now.`,
    expired: `The code ${code} has expired.`,
    not_started: `The code ${code} is not valid yet.`,
    used_up: `The code ${code} has been used as many times as it can be.`,
    used_by_you: `You have already used the code ${code}.`,
    minimum_not_met: `Add ${formatMoney(shortByCents ?? 0, currency)} more to use the code ${code}.`,
    not_for_these_products: `The code ${code} is not for the items in your cart.`,
    first_order_only: `The code ${code} is for a first order only.`,
    own_referral: `The code ${code} is your own referral code: share it with a friend instead.`,
    not_in_currency: `The code ${code} is not for orders in ${currency}: only in ${currencies.join(", ") || "no currency now"}.`,
  };
  return {
    reason,
    message: messages[reason],
    ...(shortByCents !== undefined ? { shortByCents } : {}),
    ...(inCurrency ? { currency } : {}),
    ...(inCurrency?.currencies ? { currencies, code } : {}),
  };
}

/** The date checks: not started yet, or ended. `now` is the moment of the check. */
export function dateRefusal(terms: CodeTerms, now: Date): CodeRefusal | null {
  if (terms.startsAt && now < new Date(terms.startsAt)) return refusal("not_started", terms.code);
  if (terms.endsAt && now >= new Date(terms.endsAt)) return refusal("expired", terms.code);
  return null;
}
