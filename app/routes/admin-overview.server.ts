import { data } from "react-router";
import { type Currency, currencyOf } from "../../core/markets.ts";
import { loadOverview } from "../../server/admin/overview.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-overview";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * /admin, the owner's overview. `?currency=CAD` picks the revenue chart's currency (one at a time, decision
 * 051): US dollars by default and for anything that is not a currency with orders in the 30 days.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { order: ["read"] });
  const overview = await loadOverview(services.database.db);
  const asked = currencyOf(new URL(request.url).searchParams.get("currency"));
  const chartCurrency: Currency =
    asked && overview.dailyByCurrency.some((d) => d.currency === asked) ? asked : "USD";
  return data({ overview, chartCurrency }, { headers: noStore });
}
