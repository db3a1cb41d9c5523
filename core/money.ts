import type { Currency } from "./markets.ts";

/**
 * The one currency the shop prices in until markets land (ISO 4217, upper case): the checkout's taxes are
 * quoted in it on the page and on the server alike.
 */
export const SHOP_CURRENCY = "USD";

/** Integer cents to a decimal string with two places: 3000 -> "30.00". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A decimal dollar string or number to integer cents: "30.00" -> 3000. */
export function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

/**
 * Each currency's sign, written before the amount in every language. A Canadian amount is always marked
 * as such ("CA$40.00"): the shop sells in two kinds of dollar (docs/decisions/051).
 */
export const CURRENCY_SIGNS: Record<Currency, string> = { USD: "$", CAD: "CA$", EUR: "€", GBP: "£" };

/**
 * Display form with the currency's sign, minor units to two places: 3000 -> "$30.00",
 * (4000, "CAD") -> "CA$40.00", (2900, "EUR") -> "€29.00", (2500, "GBP") -> "£25.00".
 */
export function formatMoney(cents: number, currency: Currency = "USD"): string {
  const sign = CURRENCY_SIGNS[currency];
  return cents < 0 ? `-${sign}${formatCents(-cents)}` : `${sign}${formatCents(cents)}`;
}

/** The same without ".00" when it is a whole amount ("CA$100"), as offers and thresholds are worded. */
export function formatWholeMoney(cents: number, currency: Currency = "USD"): string {
  return formatMoney(cents, currency).replace(/\.00$/, "");
}
