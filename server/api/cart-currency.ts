import type { Context } from "hono";
import { BASE_CURRENCY, CURRENCIES, type Currency, isCurrency } from "../../core/markets.ts";
import { InvalidInput } from "../domain-errors.ts";

/**
 * The currency a cart request asks its prices in: `?currency=` (upper case, one of core/markets.ts
 * CURRENCIES; lower case is read too), US dollars when absent; anything else is a 400 `invalid_currency`
 * (docs/decisions/051-markets-and-currencies.md). The checkout decides an order's currency by its address.
 */
export function currencyParam(c: Context): Currency {
  const raw = c.req.query("currency");
  if (raw === undefined || raw === "") return BASE_CURRENCY;
  const upper = raw.toUpperCase();
  if (!isCurrency(upper))
    throw new InvalidInput(
      "invalid_currency",
      `Unknown currency '${raw.slice(0, 8)}': use one of ${CURRENCIES.join(", ")}.`,
    );
  return upper;
}
