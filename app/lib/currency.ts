import { useRevalidator, useRouteLoaderData } from "react-router";
import { BASE_CURRENCY, type Currency, isEuropeanMarket, marketOfCurrency } from "../../core/markets.ts";
import { CURRENCY_SIGNS, formatMoney, formatWholeMoney } from "../../core/money.ts";
import { type GiftCardAmounts, giftCardAmounts, type PriceItem } from "../../core/price-lists.ts";
import { FREE_SHIPPING_OVER_CENTS, lineTotalCents, stackDiscountPercent } from "../../core/pricing.ts";
import { currencyCookie } from "../../core/shopper-currency.ts";

/**
 * The shopper's currency and its price list, as the root loader sends them (app/root.server.ts; decision
 * 051): every price a page shows is read here, never converted. An item missing from the list is not sold
 * in that currency.
 */
export interface ShopPrices {
  currency: Currency;
  items: Partial<Record<PriceItem, number>>;
  /** Each stack's id by its slug. */
  stackIds: Record<string, number>;
  /** In pounds and euros: each product's and stack's lowest price of the last 30 days, by item. */
  lowest?: Partial<Record<string, number>>;
}

/** What a page asks of the prices. */
export interface Prices {
  currency: Currency;
  /** An amount of this currency as the shop writes it ("CA$40.00"). */
  format: (cents: number) => string;
  /** The same without ".00" when it is a whole amount ("CA$100"), as offers and thresholds are worded. */
  whole: (cents: number) => string;
  /** The currency's sign ("CA$", "€"): "Not available in CA$". */
  sign: string;
  /** A product's one-time price, or null when it is not sold in this currency. */
  product: (id: number) => number | null;
  /** A stack's price by its id or slug, or null when it is not sold in this currency. */
  stack: (idOrSlug: number | string) => number | null;
  flatShippingCents: number;
  freeShippingOverCents: number;
  /**
   * The UK's or the EU's market (pounds, euros): prices include VAT, products are called food supplements
   * with their statements, and a reduction shows the lowest price of the last 30 days (decision 051).
   */
  european: boolean;
  /** A product's or stack's lowest price of the last 30 days in a European list, else null. */
  lowest: (item: PriceItem) => number | null;
  /** A stack's id from its id or slug (a cart line names a stack by slug, a price list by id). */
  stackId: (idOrSlug: number | string) => number | undefined;
  /** The gift cards this currency sells: the owner's amounts offered and the bounds of one's own. */
  giftCards: GiftCardAmounts;
}

export function pricesOf(shop: ShopPrices): Prices {
  const { currency, items, stackIds } = shop;
  const stackId = (key: number | string) => (typeof key === "number" ? key : stackIds[key]);
  return {
    currency,
    format: (cents) => formatMoney(cents, currency),
    whole: (cents) => formatWholeMoney(cents, currency),
    sign: CURRENCY_SIGNS[currency],
    product: (id) => items[`product:${id}`] ?? null,
    stack: (key) => {
      const id = stackId(key);
      return id === undefined ? null : (items[`stack:${id}`] ?? null);
    },
    flatShippingCents: items["shipping:flat"] ?? 0,
    freeShippingOverCents: items["shipping:free_over"] ?? FREE_SHIPPING_OVER_CENTS,
    european: isEuropeanMarket(marketOfCurrency(currency)),
    lowest: (item) => shop.lowest?.[item] ?? null,
    stackId,
    giftCards: giftCardAmounts(items),
  };
}

/** Before the root's data is there (an error page whose root loader failed): US dollars, nothing priced. */
const NONE: ShopPrices = { currency: BASE_CURRENCY, items: {}, stackIds: {} };

let cached: { shop: ShopPrices; prices: Prices } | null = null;

/** The page's prices in the shopper's currency. */
export function usePrices(): Prices {
  const data = useRouteLoaderData("root") as { prices?: ShopPrices } | undefined;
  const shop = data?.prices ?? NONE;
  if (cached?.shop !== shop) cached = { shop, prices: pricesOf(shop) };
  return cached.prices;
}

/**
 * Keeps `currency` in the cookie and asks every loader again, so the page shows its prices in it at once
 * and the server renders the next page in it.
 */
export function useChooseCurrency(): (currency: Currency) => Promise<void> {
  const revalidator = useRevalidator();
  return async (currency) => {
    saveCurrencyCookie(currency);
    await revalidator.revalidate();
  };
}

export function saveCurrencyCookie(currency: Currency): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and a value from CURRENCIES; the Cookie Store API is not in every browser the shop serves.
  document.cookie = currencyCookie(currency, location.protocol === "https:");
}

/** A stack's figures in the shopper's currency, as the stack cards show them. */
export interface StackFigures {
  bundleCents: number;
  individualCents: number;
  savingsCents: number;
  discountPercent: number;
  /** A month of the stack subscribed: its stack price less its subscription discount. */
  subscriptionCents: number;
}

/**
 * A stack's price, the sum of its products' own prices, the saving and the subscription price, all from
 * the shopper's price list (the "Save" amount is the saving in that currency); null when the stack or one
 * of its products is not sold in it.
 */
export function stackFigures(
  stack: { id: number; productIds: readonly number[]; subscriptionDiscount: number },
  prices: Prices,
): StackFigures | null {
  const bundleCents = prices.stack(stack.id);
  if (bundleCents === null) return null;
  let individualCents = 0;
  for (const id of stack.productIds) {
    const cents = prices.product(id);
    if (cents === null) return null;
    individualCents += cents;
  }
  const savingsCents = Math.max(0, individualCents - bundleCents);
  return {
    bundleCents,
    individualCents,
    savingsCents,
    discountPercent: stackDiscountPercent(individualCents, bundleCents),
    subscriptionCents: lineTotalCents(bundleCents, 1, stack.subscriptionDiscount),
  };
}

/** A `Stack` of the content API's as `stackFigures` reads it. */
export function stackFiguresOf(
  stack: {
    id: number;
    productCombination: { id: number }[];
    pricingStrategy: { subscriptionDiscount: number };
  },
  prices: Prices,
): StackFigures | null {
  return stackFigures(
    {
      id: stack.id,
      productIds: stack.productCombination.map((p) => p.id),
      subscriptionDiscount: stack.pricingStrategy.subscriptionDiscount,
    },
    prices,
  );
}
