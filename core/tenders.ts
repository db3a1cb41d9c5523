import { BASE_CURRENCY, type Currency } from "./markets.ts";
import { splitCents } from "./pricing.ts";

/**
 * What pays an order after its total is known (the last step of the pricing order, decision 047): gift
 * cards first, then store credit, then Wellness Points; the card pays what is left. Pure: no I/O.
 *
 * They pay the one-time items and the shipping only: a gift card never buys a gift card, and a
 * subscription's payments are the card's, which its renewals are charged to.
 */

/**
 * The part of an order that balances may pay: its one-time goods as they cost (after savings and code),
 * the shipping, and the added tax's share of those two (splitCents: the tax on the subscriptions' goods
 * is the card's, with them).
 */
export function balancesPayableCents(
  oneTimeCents: number,
  totals: { shippingCents: number; taxCents: number; totalCents: number },
): number {
  const payable = Math.max(0, oneTimeCents + totals.shippingCents);
  const taxed = totals.totalCents - totals.taxCents;
  if (totals.taxCents <= 0 || taxed <= 0) return payable;
  const [share = 0] = splitCents(totals.taxCents, [payable, Math.max(0, taxed - payable)]);
  return payable + share;
}

/** 100 points take 500 minor units of their currency off ($5, CA$5, €5, £5), in whole steps of 100. */
export const POINTS_PER_STEP = 100;
export const CENTS_PER_STEP = 500;

/** 1 point per whole unit of the order's currency the customer paid for goods and shipping. */
export function pointsEarned(paidCents: number): number {
  return Math.max(0, Math.floor(paidCents / 100));
}

/** The value of `steps` steps of points, in minor units of their currency. */
export const stepsValueCents = (steps: number) => steps * CENTS_PER_STEP;

export interface TenderSources {
  /** The applied gift cards in the order they were applied, each with its balance now and its currency
   * (US dollars when not given). */
  giftCards: { id: string; balanceCents: number; currency?: Currency }[];
  /** The store credit to use, in the order's currency (the whole balance when the shopper chose to use it;
   * 0 otherwise): a customer's credit in another currency is never given here. */
  creditCents: number;
  /** The shopper's points balance in the order's currency and the steps of 100 they asked to redeem. */
  pointsBalance: number;
  pointSteps: number;
}

export type Tender =
  | { kind: "gift_card"; giftCardId: string; cents: number }
  | { kind: "credit"; cents: number }
  | { kind: "points"; cents: number; points: number };

export interface TenderResult {
  tenders: Tender[];
  /** What the tenders pay together. */
  tenderedCents: number;
  /** What the card pays: the total less the tenders. */
  dueCents: number;
}

/**
 * A balance that cannot pay an order in its currency (docs/decisions/051-markets-and-currencies.md): a gift
 * card pays only orders in its own currency. Store credit and Wellness Points are kept per currency, so the
 * order's own are the ones given to `applyTenders` (the others are never in `TenderSources`).
 */
export type UnusableBalance = { kind: "gift_card"; giftCardId: string; currency: Currency };

/** The balances of `sources` an order in `currency` leaves unused, and why (`UnusableBalance`). */
export function balancesNotInCurrency(sources: TenderSources, currency: Currency): UnusableBalance[] {
  const out: UnusableBalance[] = [];
  for (const card of sources.giftCards) {
    const own = card.currency ?? BASE_CURRENCY;
    if (own !== currency) out.push({ kind: "gift_card", giftCardId: card.id, currency: own });
  }
  return out;
}

/**
 * Applies the tenders to an order of `totalCents` in `currency`, of which `payableCents` may be paid by
 * them (the one-time items and shipping). Gift cards in turn, each up to its balance; then store credit;
 * then whole steps of points, none worth more than what is left (a step never pays less than its 500 minor
 * units). Never more than the payable part, never a negative amount. Only gift cards in the order's
 * currency pay (`balancesNotInCurrency`: the others are left as they are); the credit and points given are
 * the customer's in the order's currency (two currencies are never summed).
 */
export function applyTenders(
  totalCents: number,
  payableCents: number,
  all: TenderSources,
  currency: Currency = BASE_CURRENCY,
): TenderResult {
  const sources: TenderSources = {
    ...all,
    giftCards: all.giftCards.filter((c) => (c.currency ?? BASE_CURRENCY) === currency),
  };
  let left = Math.max(0, Math.min(payableCents, totalCents));
  const tenders: Tender[] = [];
  for (const card of sources.giftCards) {
    const cents = Math.min(left, Math.max(0, card.balanceCents));
    if (cents <= 0) continue;
    tenders.push({ kind: "gift_card", giftCardId: card.id, cents });
    left -= cents;
  }
  const credit = Math.min(left, Math.max(0, sources.creditCents));
  if (credit > 0) {
    tenders.push({ kind: "credit", cents: credit });
    left -= credit;
  }
  const steps = Math.max(
    0,
    Math.min(
      Math.floor(sources.pointSteps),
      Math.floor(Math.max(0, sources.pointsBalance) / POINTS_PER_STEP),
      Math.floor(left / CENTS_PER_STEP),
    ),
  );
  if (steps > 0) {
    tenders.push({ kind: "points", cents: stepsValueCents(steps), points: steps * POINTS_PER_STEP });
    left -= stepsValueCents(steps);
  }
  const tenderedCents = tenders.reduce((sum, t) => sum + t.cents, 0);
  return { tenders, tenderedCents, dueCents: Math.max(0, totalCents - tenderedCents) };
}

/**
 * Gives back `refundCents` of an order over what paid it, in the documented order: gift cards first (the
 * last applied first), then store credit, then points (`pointsForCents` of the amount), then the card.
 * `tenders` carry what each already had back.
 */
export function refundSplit(
  refundCents: number,
  tenders: { id: string; kind: Tender["kind"]; cents: number; refundedCents: number }[],
): { tenderId: string | null; kind: Tender["kind"] | "card"; cents: number }[] {
  let left = Math.max(0, refundCents);
  const out: { tenderId: string | null; kind: Tender["kind"] | "card"; cents: number }[] = [];
  const order: Tender["kind"][] = ["gift_card", "credit", "points"];
  for (const kind of order) {
    for (const t of tenders.filter((x) => x.kind === kind).reverse()) {
      const cents = Math.min(left, Math.max(0, t.cents - t.refundedCents));
      if (cents <= 0) continue;
      out.push({ tenderId: t.id, kind, cents });
      left -= cents;
    }
  }
  if (left > 0) out.push({ tenderId: null, kind: "card", cents: left });
  return out;
}

/** The points that stand for `cents` of a points tender given back (5 minor units a point), rounded up. */
export function pointsForCents(cents: number): number {
  return Math.ceil((Math.max(0, cents) * POINTS_PER_STEP) / CENTS_PER_STEP);
}
