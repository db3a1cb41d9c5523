import { type Currency, currencyOfCountry } from "../../../core/markets.ts";

/**
 * The currency the checkout page asks its order in once an address says where it ships (decision 051): the
 * market's currency of a country the shop ships to; a country it does not ship to (refused by the form and
 * the server) asks for none, the page keeps `shown`.
 */
export function orderCurrencyFor(shipTo: readonly string[], country: string, shown: Currency): Currency {
  return shipTo.includes(country) ? currencyOfCountry(country) : shown;
}
