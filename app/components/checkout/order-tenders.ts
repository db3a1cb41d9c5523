import type { CartBalancesResponse } from "../../../core/contracts/balances.ts";
import { BASE_CURRENCY, type Currency } from "../../../core/markets.ts";
import { applyTenders, type TenderResult } from "../../../core/tenders.ts";

/** The ids of the applied gift cards that cannot pay the order (`notUsable`: in another currency). */
export function unusableGiftCardIds(balances: CartBalancesResponse): Set<string> {
  return new Set(
    (balances.notUsable ?? []).flatMap((u) => (u.kind === "gift_card" && u.giftCardId ? [u.giftCardId] : [])),
  );
}

/**
 * The applied gift cards that pay an order in the balances' currency (decision 051: only a card in the
 * order's currency does). Balances read without a currency (the loader's, US dollars) list none as unusable.
 */
export function usableGiftCards(balances: CartBalancesResponse) {
  const unusable = unusableGiftCardIds(balances);
  return balances.giftCards.filter((g) => !unusable.has(g.id));
}

/**
 * What gift cards, store credit and points pay of an order in `currency`, worked out as the checkout will
 * (core/tenders.ts `applyTenders`, server/balances/checkout-balances.ts): the usable gift cards (in the
 * order's currency, by the balances' `notUsable`), and the store credit and points of the balances read
 * for that currency (`balances.currency`; none when they were read for another, decision 051).
 */
export function orderTenders(
  totalCents: number,
  payableCents: number,
  balances: CartBalancesResponse,
  currency: Currency,
): TenderResult {
  // Credit and points read for another currency (the loader's US dollars while the page asks for CAD) are
  // that currency's: never counted for this order.
  const inCurrency = (balances.currency ?? BASE_CURRENCY) === currency;
  return applyTenders(
    totalCents,
    payableCents,
    {
      giftCards: usableGiftCards(balances).map((card) => ({ ...card, currency })),
      creditCents: balances.useCredit && inCurrency ? balances.creditCents : 0,
      pointsBalance: inCurrency ? balances.points : 0,
      pointSteps: inCurrency ? balances.pointSteps : 0,
    },
    currency,
  );
}
