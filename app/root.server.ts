import { currencyFromCookie } from "../core/shopper-currency.ts";
import { shippingRateCents } from "../server/orders/price-order.ts";
import type { Route } from "./+types/root";
import { appContext } from "./context.server.ts";
import type { ShopPrices } from "./lib/currency.ts";

/**
 * Every page's prices in the shopper's currency (the `mana_currency` cookie; decision 051): that currency's
 * price list from the catalogue, and the stacks' ids by slug (a cart line names its stack by slug). The
 * page cache keeps one variant of a page per currency (server/http/page-cache.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalogue, env } = context.get(appContext);
  const currency = currencyFromCookie(request.headers.get("cookie"));
  const [table, stackIds] = await Promise.all([
    catalogue.priceTable(shippingRateCents(env.SHIPPING_FLAT_RATE)),
    catalogue.stackIds(),
  ]);
  const prices: ShopPrices = { currency, items: table[currency], stackIds };
  return { prices };
}
