import { GIFT_CARD_AMOUNTS, GIFT_CARD_MAX_CENTS, GIFT_CARD_MIN_CENTS } from "./gift-card-amounts.ts";
import { BASE_CURRENCY, type Currency } from "./markets.ts";
import { FREE_SHIPPING_OVER_CENTS } from "./pricing.ts";

/**
 * The owner's price lists (docs/decisions/051-markets-and-currencies.md): every price a shopper sees has a
 * value per currency, set by the owner, never converted at a rate. Pure: the pages and the server read the
 * same table. Minor units (cents, pence), keyed by item:
 * - `product:<id>`: a product's one-time price (its subscription discount is a percent, the same in every list);
 * - `stack:<id>`: a stack's bundle price;
 * - `shipping:flat` and `shipping:free_over`: the flat shipping rate and the free-shipping threshold;
 * - `gift_card:1` to `gift_card:3`: the gift cards' three amounts offered, and `gift_card:min` and
 *   `gift_card:max` the bounds of an amount the buyer chooses (US dollars: core/contracts/balances.ts).
 */
export type PriceItem =
  | `product:${number}`
  | `stack:${number}`
  | "shipping:flat"
  | "shipping:free_over"
  | GiftCardItem;

/** The gift cards' items: the three amounts offered and the bounds of a chosen amount. */
export const GIFT_CARD_ITEMS = [
  "gift_card:1",
  "gift_card:2",
  "gift_card:3",
  "gift_card:min",
  "gift_card:max",
] as const;
export type GiftCardItem = (typeof GIFT_CARD_ITEMS)[number];
export const GIFT_CARD_PRESET_ITEMS = ["gift_card:1", "gift_card:2", "gift_card:3"] as const;

/** The gift cards' US dollar amounts (fixed in the code, core/contracts/balances.ts), as list items. */
export const USD_GIFT_CARD_ITEMS: Record<GiftCardItem, number> = {
  "gift_card:1": GIFT_CARD_AMOUNTS[0],
  "gift_card:2": GIFT_CARD_AMOUNTS[1],
  "gift_card:3": GIFT_CARD_AMOUNTS[2],
  "gift_card:min": GIFT_CARD_MIN_CENTS,
  "gift_card:max": GIFT_CARD_MAX_CENTS,
};

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
    item === "shipping:free_over" ||
    (GIFT_CARD_ITEMS as readonly string[]).includes(item)
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
  Object.assign(usd, USD_GIFT_CARD_ITEMS);
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

/**
 * The gift cards a currency's list sells: the amounts offered (those the owner priced, in order) and the
 * bounds of an amount the buyer chooses (null when either bound is missing: no amount of one's own there).
 */
export interface GiftCardAmounts {
  presets: number[];
  custom: { min: number; max: number } | null;
}

export function giftCardAmounts(items: Partial<Record<PriceItem, number>>): GiftCardAmounts {
  const presets = GIFT_CARD_PRESET_ITEMS.map((item) => items[item]).filter(
    (cents): cents is number => cents !== undefined && cents > 0,
  );
  const min = items["gift_card:min"];
  const max = items["gift_card:max"];
  return { presets, custom: min !== undefined && max !== undefined && min <= max ? { min, max } : null };
}

/** Whether a gift card of `cents` is sold in that list: one of its amounts, or within its bounds. */
export function giftCardAmountAllowed(amounts: GiftCardAmounts, cents: number): boolean {
  if (amounts.presets.includes(cents)) return true;
  return amounts.custom !== null && cents >= amounts.custom.min && cents <= amounts.custom.max;
}
