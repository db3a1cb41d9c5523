import { data } from "react-router";
import { MARKET_IDS, marketSettings } from "../../core/contracts/admin-markets.ts";
import { EU_COUNTRIES } from "../../core/markets.ts";
import { applyCatalogueChange } from "../../server/catalogue-sync.ts";
import {
  marketSettingsOf,
  outsideMarkets,
  saveMarketSettings,
  shipToOf,
} from "../../server/markets/markets.ts";
import {
  attempt,
  dashboardAction,
  dashboardPage,
  done,
  invalid,
  parseForm,
  readForm,
} from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-markets";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * /admin/markets: the owner's markets and the countries the shop ships to with them (the checkout's, at
 * once), among them the SHIP_TO_COUNTRIES countries in no market.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { market: ["manage"] });
  const settings = await marketSettingsOf(services.database.db);
  const configured = services.env.SHIP_TO_COUNTRIES;
  return data(
    { settings, shipTo: shipToOf(settings, configured), alsoShipsTo: outsideMarkets(configured) },
    { headers: noStore },
  );
}

/**
 * The markets form (`intent` markets): a box per market (`market:<id>`) and per EU country (`eu:<code>`),
 * read with the API's schema (core/contracts/admin-markets.ts), saved as PUT /api/admin/markets saves them.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, { market: ["manage"] });
  const { intent, fields } = await readForm(request);
  if (intent !== "markets") return invalid(intent, { form: "This form is not one of this page's." });
  const parsed = parseForm(marketSettings, {
    enabled: MARKET_IDS.filter((id) => fields[`market:${id}`] === "on"),
    euCountries: EU_COUNTRIES.filter((c) => fields[`eu:${c}`] === "on"),
  });
  if (!parsed.ok) return invalid(intent, parsed.errors);
  const db = services.database.db;
  const before = await marketSettingsOf(db);
  if (JSON.stringify(before) === JSON.stringify(parsed.value)) return done(intent, true);
  return attempt(intent, async () => {
    const saved = await saveMarketSettings(db, { userId: user.id, email: user.email }, parsed.value);
    // Other processes hear of it from the database; this one drops its copies now, before answering.
    if (saved.changed) applyCatalogueChange(services, { pages: true });
  });
}
