import { isEuropeanMarket, marketOfCurrency } from "../core/markets.ts";
import { currencyFromCookie } from "../core/shopper-currency.ts";
import { shippingRateCents } from "../server/orders/price-order.ts";
import type { Route } from "./+types/root";
import { appContext } from "./context.server.ts";
import type { ShopPrices } from "./lib/currency.ts";

/**
 * Every page's prices in the shopper's currency (the `mana_currency` cookie; decision 051): that currency's
 * price list from the catalogue, and the stacks' ids by slug (a cart line names its stack by slug). The
 * page cache keeps one variant of a page per currency (server/http/page-cache.ts). In pounds and euros, also
 * each product's and stack's lowest price of the last 30 days, which the UK and EU require beside an
 * announced reduction.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalogue, env } = context.get(appContext);
  const currency = currencyFromCookie(request.headers.get("cookie"));
  const european = isEuropeanMarket(marketOfCurrency(currency));
  const [table, stackIds, lowest] = await Promise.all([
    catalogue.priceTable(shippingRateCents(env.SHIPPING_FLAT_RATE)),
    catalogue.stackIds(),
    european ? catalogue.lowestPrices(currency) : null,
  ]);
  const prices: ShopPrices = {
    currency,
    items: table[currency],
    stackIds,
    ...(lowest ? { lowest: Object.fromEntries(lowest) } : {}),
  };
  return { prices };
}
