/**
 * The dashboard's price lists (docs/decisions/051-markets-and-currencies.md): what GET /api/admin/prices
 * answers and PUT /api/admin/prices takes. The US dollar list is the products' and stacks' own prices and
 * the shop's shipping settings (and the gift cards' US dollar amounts, core/contracts/balances.ts); the
 * owner sets the other currencies' amounts here, the gift cards' among them.
 */
import { z } from "zod";
import type { Currency } from "../markets.ts";
import { MAX_PRICE_CENTS } from "./admin-products.ts";

/** The lists the owner edits here: every currency but the base (US dollars). */
export const LIST_CURRENCIES = ["CAD", "EUR", "GBP"] as const;
export type ListCurrency = (typeof LIST_CURRENCIES)[number];

export type PriceItemKind = "product" | "stack" | "shipping" | "gift_card";

/** One item of the lists with its amount in each currency (null: not priced, so not sold, in it). */
export interface AdminPriceRow {
  item: string;
  kind: PriceItemKind;
  name: string;
  prices: Record<Currency, number | null>;
  /** A stack's products, whose prices in a currency its bundle price must stay below. */
  productIds?: number[];
}

/** GET /api/admin/prices. */
export interface AdminPricesResponse {
  rows: AdminPriceRow[];
}

/** One amount to set: an item's price in one of the owner's lists, in minor units (cents, pence). */
export const priceChange = z.strictObject({
  item: z.string({ error: "item must be a text such as product:1." }).max(40, "item is too long."),
  currency: z.enum(LIST_CURRENCIES, {
    error:
      "currency must be CAD, EUR or GBP (US dollar prices are the products' and stacks' own prices, set on the Products page).",
  }),
  amountCents: z
    .number({ error: "amountCents must be an amount in minor units (cents, pence), such as 4000." })
    .int("amountCents must be a whole number of minor units (cents, pence), such as 4000 for 40.00.")
    .min(0, "amountCents cannot be negative.")
    .max(MAX_PRICE_CENTS, "amountCents can be at most 1000000 (10,000.00)."),
});
export type PriceChange = z.infer<typeof priceChange>;

/** PUT /api/admin/prices: the amounts to set, applied together or not at all. */
export const adminPricesPut = z.strictObject({
  prices: z
    .array(priceChange, { error: "prices must be a list of { item, currency, amountCents }." })
    .min(1, "Send at least one price to set.")
    .max(200, "Send at most 200 prices at once."),
});
export type AdminPricesPut = z.infer<typeof adminPricesPut>;

const DECIMAL = /^(\d{1,5})(?:[.,](\d{1,2}))?$/;

/**
 * An amount as the owner types it ("40", "40.00", "40,5", "CA$40.00") to minor units, or the reason it is
 * not one. The sign of the list's currency may lead; the amount may be 0 and at most 10,000.00.
 */
export function readAmount(text: string, sign = ""): number | string {
  let v = text.trim();
  if (sign && v.startsWith(sign)) v = v.slice(sign.length).trim();
  if (!v) return "Enter the price, such as 40.00.";
  const m = DECIMAL.exec(v);
  if (!m) return "Enter the price as a number with up to two decimals, such as 40.00.";
  const cents = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  if (cents > MAX_PRICE_CENTS) return "The price can be at most 10,000.00.";
  return cents;
}
