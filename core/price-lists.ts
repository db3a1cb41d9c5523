import { BASE_CURRENCY, type Currency } from "./markets.ts";
import { FREE_SHIPPING_OVER_CENTS } from "./pricing.ts";

/**
 * The owner's price lists (docs/decisions/051-markets-and-currencies.md): every price a shopper sees has a
 * value per currency, set by the owner, never converted at a rate. Pure: the pages and the server read the
 * same table. Minor units (cents, pence), keyed by item:
 * - `product:<id>`: a product's one-time price (its subscription discount is a percent, the same in every list);
 * - `stack:<id>`: a stack's bundle price;
 * - `shipping:flat` and `shipping:free_over`: the flat shipping rate and the free-shipping threshold.
 */
export type PriceItem = `product:${number}` | `stack:${number}` | "shipping:flat" | "shipping:free_over";

/** Amounts by currency and item. An item missing from a currency's list is not sold in that currency. */
export type PriceTable = Record<Currency, Partial<Record<PriceItem, number>>>;

/** What the base (US dollar) list is built from: the rows' own prices and the shop's configured rate. */
export interface BaseList {
  products: { id: number; priceCents: number }[];
  stacks: { id: number; bundlePriceCents: number }[];
  flatShippingCents: number;
}

/** One stored entry of another currency's list (`price_list_entries`). */
export interface PriceEntry {
  item: string;
  currency: Currency;
  amountCents: number;
}

export function isPriceItem(item: string): item is PriceItem {
  return (
    /^(product|stack):[1-9][0-9]{0,8}$/.test(item) ||
    item === "shipping:flat" ||
    item === "shipping:free_over"
  );
}

/** The whole table: the base list from the catalogue, the others from their stored entries. */
export function priceTable(base: BaseList, entries: PriceEntry[]): PriceTable {
  const usd: Partial<Record<PriceItem, number>> = {
    "shipping:flat": base.flatShippingCents,
    "shipping:free_over": FREE_SHIPPING_OVER_CENTS,
  };
  for (const p of base.products) usd[`product:${p.id}`] = p.priceCents;
  for (const s of base.stacks) usd[`stack:${s.id}`] = s.bundlePriceCents;
  const table: PriceTable = { USD: usd, CAD: {}, EUR: {}, GBP: {} };
  for (const e of entries) {
    if (e.currency === BASE_CURRENCY || !isPriceItem(e.item)) continue;
    table[e.currency][e.item] = e.amountCents;
  }
  return table;
}

/** An item's price in a currency, or null when the owner has not priced it there. */
export function priceOf(table: PriceTable, item: PriceItem, currency: Currency): number | null {
  return table[currency][item] ?? null;
}
