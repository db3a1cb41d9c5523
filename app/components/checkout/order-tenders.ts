import type { CartBalancesResponse } from "../../../core/contracts/balances.ts";
import type { Currency } from "../../../core/markets.ts";
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
 * order's currency, by the balances' `notUsable`), and store credit and points only in US dollars.
 */
export function orderTenders(
  totalCents: number,
  payableCents: number,
  balances: CartBalancesResponse,
  currency: Currency,
): TenderResult {
  return applyTenders(
    totalCents,
    payableCents,
    {
      giftCards: usableGiftCards(balances).map((card) => ({ ...card, currency })),
      creditCents: balances.useCredit ? balances.creditCents : 0,
      pointsBalance: balances.points,
      pointSteps: balances.pointSteps,
    },
    currency,
  );
}
