import type { CartItemView } from "../../core/contracts/cart.ts";
import type { CodeTerms } from "../../core/discount-code.ts";
import { BASE_CURRENCY, type Currency } from "../../core/markets.ts";
import { type PriceItem, type PriceTable, priceOf } from "../../core/price-lists.ts";
import {
  BASE_PRICE_LIST,
  type Bundle,
  type CartPriceList,
  type CartTax,
  type CartTotals,
  type PricingLine,
  priceCart,
} from "../../core/pricing.ts";
import type { Catalogue, Product } from "../catalogue.ts";
import { Conflict, words } from "../domain-errors.ts";

/** An order line as the server prices it, in cents, from the catalogue. */
export interface PricedOrderLine {
  cartItemId: string;
  productId: number;
  productName: string;
  imageUrl: string;
  quantity: number;
  isSubscription: boolean;
  bundleId: string;
  bundleName: string | null;
  unitPriceCents: number;
  discountPercent: number;
  lineTotalCents: number;
  /** The line's share of its stack's saving: a subscription line renews at lineTotalCents - savingCents. */
  savingCents: number;
  /** The line's share of the discount code. */
  codeCents: number;
}

export interface PricedOrder {
  lines: PricedOrderLine[];
  totals: CartTotals;
}

export function shippingRateCents(flatRateDollars: number): number {
  return Math.round(flatRateDollars * 100);
}

/**
 * A currency's price list for an order (docs/decisions/051-markets-and-currencies.md): the owner's table
 * and the stacks' ids by slug (a cart line names its stack by slug, the table by id).
 */
export interface OrderPrices {
  currency: Currency;
  table: PriceTable;
  stackIds: Record<string, number>;
}

/** The prices of `currency` as the catalogue has them now (`flatShippingCents`: the US dollar rate). */
export async function orderPrices(
  catalogue: Catalogue,
  currency: Currency,
  flatShippingCents: number,
): Promise<OrderPrices> {
  const [table, stackIds] = await Promise.all([
    catalogue.priceTable(flatShippingCents),
    catalogue.stackIds(),
  ]);
  return { currency, table, stackIds };
}

/** An item the owner has not priced in the currency cannot be bought in it: a 409 naming it. */
export class NotSoldInCurrency extends Conflict {
  constructor(name: string, currency: Currency) {
    super("not_sold_in_currency", words("errors.notSoldInCurrency", { product: name, currency }));
  }
}

/**
 * Prices the visitor's cart with the shop's one pricing function, from catalogue prices only: whatever
 * the browser sent is never part of the sum, so a tampered page cannot change what is charged. With
 * `prices` in another currency than US dollars, every amount is that currency's list's: the products',
 * the stacks' bundle prices, the flat rate and the free-shipping threshold (`flatShippingCents` is then
 * not used); an item missing from the list throws `NotSoldInCurrency`. Without it, or in US dollars, the
 * catalogue's own prices, as before the lists (decision 051).
 */
export function priceOrder(
  items: CartItemView[],
  products: Product[],
  flatShippingCents: number,
  code: CodeTerms | null = null,
  tax: CartTax | null = null,
  prices: OrderPrices | null = null,
): PricedOrder {
  const listed = prices && prices.currency !== BASE_CURRENCY ? prices : null;
  const price = (item: PriceItem, name: string): number => {
    if (!listed) throw new Error("no price list");
    const cents = priceOf(listed.table, item, listed.currency);
    if (cents === null) throw new NotSoldInCurrency(name, listed.currency);
    return cents;
  };
  const bundles = new Map<string, Bundle>();
  const pricing: PricingLine[] = [];
  const known: { item: CartItemView; product: Product; unitCents: number }[] = [];
  for (const item of items) {
    const product = products.find((p) => p.id === item.productId);
    if (!product) continue;
    const unitCents = listed ? price(`product:${product.id}`, product.name) : product.priceCents;
    known.push({ item, product, unitCents });
    if (item.bundle && !bundles.has(item.bundle.id)) {
      const stackId = listed?.stackIds[item.bundle.id];
      if (listed && stackId === undefined) throw new NotSoldInCurrency(item.bundle.name, listed.currency);
      bundles.set(
        item.bundle.id,
        listed && stackId !== undefined
          ? { ...item.bundle, bundlePriceCents: price(`stack:${stackId}`, item.bundle.name) }
          : item.bundle,
      );
    }
    pricing.push({
      id: item.id,
      productId: item.productId,
      quantity: item.quantity,
      isSubscription: item.isSubscription,
      bundleId: item.bundle ? item.bundle.id : null,
      unitCents,
      productSubscriptionDiscount: product.subscriptionDiscount,
    });
  }
  let list: CartPriceList = BASE_PRICE_LIST;
  let shippingCents = flatShippingCents;
  if (listed) {
    shippingCents = price("shipping:flat", "Shipping");
    list = { currency: listed.currency, freeShippingOverCents: price("shipping:free_over", "Shipping") };
  }
  const totals = priceCart(pricing, [...bundles.values()], shippingCents, code, tax, list);
  const lines = known.map(({ item, product, unitCents }, i) => {
    const priced = totals.lines[i];
    if (!priced) throw new Error("pricing returned fewer lines than it was given");
    return {
      cartItemId: item.id,
      productId: product.id,
      productName: product.name,
      imageUrl: product.imageUrl,
      quantity: item.quantity,
      isSubscription: item.isSubscription,
      bundleId: item.bundle ? item.bundle.id : "",
      bundleName: item.bundle ? item.bundle.name : null,
      unitPriceCents: unitCents,
      discountPercent: priced.discountPercent,
      lineTotalCents: priced.lineCents,
      savingCents: priced.savingCents,
      codeCents: priced.codeCents,
    };
  });
  return { lines, totals };
}
