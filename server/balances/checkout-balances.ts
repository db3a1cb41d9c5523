import { BASE_CURRENCY, type Currency } from "../../core/markets.ts";
import { applyTenders, balancesPayableCents, type Tender } from "../../core/tenders.ts";
import type { DbOrTx } from "../db/client.ts";
import { Conflict, words } from "../domain-errors.ts";
import type { PricedOrder } from "../orders/price-order.ts";
import { appliedGiftCardsIn } from "./cart-balances.ts";
import { balancesOf } from "./customer-ledger.ts";

/**
 * The last step of an order's price (docs/decisions/047-gift-cards-credit-and-points.md): the gift cards
 * it buys are added to the total, then what the cart applied pays the part balances may pay, read fresh
 * from the balances (the browser's figure is never trusted).
 */
export interface CheckoutBalances {
  /** The gift cards bought with the order. */
  giftCardCents: number;
  /** The order's total: goods after savings and code, shipping, and the gift cards it buys. */
  totalCents: number;
  tenders: Tender[];
  tenderedCents: number;
  /** What the card pays. */
  dueCents: number;
}

/** A priced cart's one-time lines as they cost (after their stack saving and the code). */
export function oneTimeCents(priced: PricedOrder): number {
  return priced.lines
    .filter((l) => !l.isSubscription)
    .reduce((sum, l) => sum + l.lineTotalCents - l.savingCents - l.codeCents, 0);
}

/** The part of a priced cart that balances may pay (core/tenders.ts `balancesPayableCents`). */
export function payableByBalances(priced: PricedOrder): number {
  return balancesPayableCents(oneTimeCents(priced), priced.totals);
}

export async function checkoutBalances(
  db: DbOrTx,
  input: {
    priced: PricedOrder;
    /** The order's currency: only balances in it pay (core/tenders.ts, decision 051). */
    currency?: Currency;
    giftCardCents: number;
    cart: { giftCardIds: string[]; useCredit: boolean; pointSteps: number } | null;
    userId: string | null;
    /** What the page showed the balances paying (absent: not compared). */
    shownTenderedCents?: number;
  },
): Promise<CheckoutBalances> {
  const totalCents = input.priced.totals.totalCents + input.giftCardCents;
  const cart = input.cart;
  const currency = input.currency ?? BASE_CURRENCY;
  // The customer's credit and points in the order's currency only (decision 051).
  const mine =
    input.userId && cart && (cart.useCredit || cart.pointSteps > 0)
      ? await balancesOf(db, input.userId, currency)
      : { creditCents: 0, points: 0 };
  const result = applyTenders(
    totalCents,
    payableByBalances(input.priced),
    {
      giftCards: cart ? await appliedGiftCardsIn(db, cart.giftCardIds) : [],
      creditCents: cart?.useCredit && input.userId ? mine.creditCents : 0,
      pointsBalance: mine.points,
      pointSteps: input.userId ? (cart?.pointSteps ?? 0) : 0,
    },
    currency,
  );
  if (input.shownTenderedCents !== undefined && input.shownTenderedCents !== result.tenderedCents)
    throw new Conflict("balances_changed", words("errors.balancesChanged"));
  if (result.dueCents === 0 && input.priced.lines.some((l) => l.isSubscription))
    throw new Conflict("card_needed", words("errors.cardNeeded"));
  return { giftCardCents: input.giftCardCents, totalCents, ...result };
}
