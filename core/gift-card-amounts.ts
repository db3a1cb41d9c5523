/**
 * Gift card amounts in US dollars: the three offered, or one between these bounds (cents). The other
 * currencies' are the owner's, in the price lists (core/price-lists.ts `gift_card:*`, decision 051). Kept
 * apart from the contracts' schemas: the price lists are in every page's scripts, the validation library
 * is not (e2e/home-scripts.spec.ts).
 */
export const GIFT_CARD_AMOUNTS = [2500, 5000, 10_000] as const;
export const GIFT_CARD_MIN_CENTS = 1000;
export const GIFT_CARD_MAX_CENTS = 50_000;
/** The most a gift card of any currency may be (minor units): the price lists' own limit. */
export const GIFT_CARD_LIMIT_CENTS = 1_000_000;
export const GIFT_CARD_MESSAGE_MAX = 500;
