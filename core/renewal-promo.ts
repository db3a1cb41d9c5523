/**
 * A discount code carried into a subscription's renewals (docs/decisions/046-discount-codes.md, "Codes on
 * subscriptions"): what each renewal takes off, for how many renewals, and how the customer reads it. Pure:
 * the paid path, the renewals, the checkout's renewal disclosure and the pages all work it out here.
 *
 * The rules:
 * - a `first_order` code (or a free-shipping one: renewals ship free anyway) gives the renewals nothing;
 * - `first_n` discounts the first `renewalCount` renewals, `every` each renewal;
 * - a percentage takes that percentage of whatever a renewal charges (a new quantity or a price change
 *   announced under decision 043 included), rounded to the cent; a fixed amount takes the line's share of
 *   it that the first order took, never more than the renewal charges.
 */
import type { CodeTerms } from "./discount-code.ts";
import type { Currency } from "./markets.ts";
import { formatMoney } from "./money.ts";

/** The code's terms a renewal reads. */
export type PromoTerms = Pick<CodeTerms, "code" | "kind" | "percent" | "renewals" | "renewalCount">;

/** What a subscription keeps of its code: `subscriptions.promo_code`, `promo_cents`, `promo_renewals_left`. */
export interface SubscriptionPromo {
  promoCode: string | null;
  /** Taken off each discounted renewal; 0: none. */
  promoCents: number;
  /** Discounted renewals left; null: every renewal. */
  promoRenewalsLeft: number | null;
}

export const NO_PROMO: SubscriptionPromo = { promoCode: null, promoCents: 0, promoRenewalsLeft: null };

/** Whether the code discounts renewals at all. */
export function carriesIntoRenewals(terms: PromoTerms): boolean {
  if (terms.kind === "free_shipping") return false;
  if (terms.renewals === "every") return true;
  return terms.renewals === "first_n" && (terms.renewalCount ?? 0) > 0;
}

/**
 * What one renewal takes off `chargedCents`: a percentage recomputed on that amount, a fixed amount the
 * line's share (`shareCents`), never more than the charge.
 */
export function promoCentsOn(
  terms: Pick<PromoTerms, "kind" | "percent">,
  shareCents: number,
  chargedCents: number,
): number {
  const charged = Math.max(0, chargedCents);
  if (terms.kind === "percent")
    return Math.min(charged, Math.round((charged * Math.min(100, Math.max(0, terms.percent ?? 0))) / 100));
  if (terms.kind === "amount") return Math.min(charged, Math.max(0, shareCents));
  return 0;
}

/**
 * The promo a subscription starts with, from the paid line it comes from: `lineCodeCents` is the line's
 * share of the code on the first order (0: the code did not discount this line, and gives its renewals
 * nothing either), `amountCents` what each renewal charges.
 */
export function startingPromo(
  terms: PromoTerms | null,
  lineCodeCents: number,
  amountCents: number,
): SubscriptionPromo {
  if (!terms || lineCodeCents <= 0 || !carriesIntoRenewals(terms)) return NO_PROMO;
  const promoCents = promoCentsOn(terms, lineCodeCents, amountCents);
  if (promoCents <= 0) return NO_PROMO;
  return {
    promoCode: terms.code,
    promoCents,
    promoRenewalsLeft: terms.renewals === "every" ? null : (terms.renewalCount ?? 0),
  };
}

/** Whether the next renewal is discounted. */
export function promoActive(promo: SubscriptionPromo): boolean {
  return promo.promoCents > 0 && (promo.promoRenewalsLeft === null || promo.promoRenewalsLeft > 0);
}

/**
 * One renewal of `chargedCents`: what it takes off (0 when the promo is spent), and the promo after it
 * (one renewal fewer left, and the amount it took, which a percentage follows the charge with).
 * `terms` is the code's (null when the code is no longer on record: the stored amount is taken).
 */
export function applyPromo(
  promo: SubscriptionPromo,
  terms: Pick<PromoTerms, "kind" | "percent"> | null,
  chargedCents: number,
): { offCents: number; after: SubscriptionPromo } {
  if (!promoActive(promo)) return { offCents: 0, after: promo };
  const offCents = promoCentsOn(terms ?? { kind: "amount", percent: null }, promo.promoCents, chargedCents);
  return {
    offCents,
    after: {
      promoCode: promo.promoCode,
      promoCents: offCents > 0 ? offCents : promo.promoCents,
      promoRenewalsLeft: promo.promoRenewalsLeft === null ? null : Math.max(0, promo.promoRenewalsLeft - 1),
    },
  };
}

/** A promo still to come, as figures the pages word in their language: null when no renewal is discounted any more. */
export interface PromoFigures {
  code: string;
  /** Discounted renewals left; null: every renewal. */
  renewalsLeft: number | null;
  /** What a discounted renewal costs and what it takes off, formatted. */
  price: string;
  off: string;
}

export function promoFigures(
  promo: SubscriptionPromo,
  amountCents: number,
  /** The subscription's currency: its amounts are written in it (decision 051). */
  currency: Currency = "USD",
): PromoFigures | null {
  if (!promoActive(promo) || !promo.promoCode) return null;
  const off = Math.min(promo.promoCents, Math.max(0, amountCents));
  return {
    code: promo.promoCode,
    renewalsLeft: promo.promoRenewalsLeft,
    price: formatMoney(amountCents - off, currency),
    off: formatMoney(off, currency),
  };
}

/**
 * How the owner reads a promo still to come (the dashboard is English), beside what a renewal of
 * `amountCents` then costs: "WELCOME10: 3 discounted renewals left ($25.47 each, $2.83 off)", "WELCOME10:
 * discounted at every renewal ($25.47 each, $2.83 off)"; null when no renewal is discounted any more.
 */
export function promoLine(
  promo: SubscriptionPromo,
  amountCents: number,
  currency: Currency = "USD",
): string | null {
  const f = promoFigures(promo, amountCents, currency);
  if (!f) return null;
  const each = `(${f.price} each, ${f.off} off)`;
  if (f.renewalsLeft === null) return `${f.code}: discounted at every renewal ${each}`;
  const n = f.renewalsLeft;
  return `${f.code}: ${n} discounted renewal${n === 1 ? "" : "s"} left ${each}`;
}
