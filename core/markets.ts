/**
 * The shop's markets: each a set of shipping countries with the currency its orders are in
 * (docs/decisions/051-markets-and-currencies.md). Pure: the browser and the server read the same table.
 */

/** The currencies the shop prices in (ISO 4217, upper case). */
export const CURRENCIES = ["USD", "CAD", "EUR", "GBP"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The base list: the currency of the products' and stacks' own prices and of SHIPPING_FLAT_RATE. */
export const BASE_CURRENCY: Currency = "USD";

export type MarketId = "us" | "ca" | "uk" | "eu";

export interface Market {
  id: MarketId;
  currency: Currency;
  /** ISO 3166-1 alpha-2 shipping countries. */
  countries: readonly string[];
}

/** The EU countries the shop can ship to: each has address rules (core/address.ts) and a VAT row. */
export const EU_COUNTRIES = ["IE", "FR", "DE", "ES", "IT", "NL", "BE", "AT", "PT", "LU", "FI"] as const;

export const MARKETS: readonly Market[] = [
  { id: "us", currency: "USD", countries: ["US"] },
  { id: "ca", currency: "CAD", countries: ["CA"] },
  { id: "uk", currency: "GBP", countries: ["GB"] },
  { id: "eu", currency: "EUR", countries: EU_COUNTRIES },
];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/** A stored currency ("usd", as orders and Stripe write it) as the shop names it ("USD"); null if unknown. */
export function currencyOf(stored: string | null | undefined): Currency | null {
  const upper = (stored ?? "").toUpperCase();
  return isCurrency(upper) ? upper : null;
}

/** The market a shipping country belongs to, or null when the shop has none for it. */
export function marketOfCountry(country: string): Market | null {
  const code = country.toUpperCase();
  return MARKETS.find((m) => m.countries.includes(code)) ?? null;
}

/** The currency an order shipped to `country` is in: its market's, else the base currency. */
export function currencyOfCountry(country: string): Currency {
  return marketOfCountry(country)?.currency ?? BASE_CURRENCY;
}

/** The market whose currency a shopper browses in: what decides the UK and EU's statements on a page. */
export function marketOfCurrency(currency: Currency): Market {
  return MARKETS.find((m) => m.currency === currency) ?? (MARKETS[0] as Market);
}

/** Whether a market's law asks for the food-supplement statements and the 30-day lowest price (UK, EU). */
export function isEuropeanMarket(market: Market): boolean {
  return market.id === "uk" || market.id === "eu";
}
