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

/** Display form with the currency sign: 3000 -> "$30.00". */
export function formatMoney(cents: number): string {
  return cents < 0 ? `-$${formatCents(-cents)}` : `$${formatCents(cents)}`;
}
