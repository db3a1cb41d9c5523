import { Hono } from "hono";
import { type AdminMarketsResponse, marketSettings } from "../../core/contracts/admin-markets.ts";
import { requireDashboard } from "../admin/access.ts";
import { applyCatalogueChange } from "../catalogue-sync.ts";
import type { AppServices } from "../context.ts";
import { readJsonBody } from "../http/validate.ts";
import { marketSettingsOf, outsideMarkets, saveMarketSettings, shipToOf } from "../markets/markets.ts";

/**
 * /api/admin/markets: which of the four markets the shop sells to and the EU market's countries
 * (docs/decisions/051-markets-and-currencies.md). The admin only (market:manage, server/auth/roles.ts).
 */
export function adminMarketsApi(services: AppServices) {
  const db = services.database.db;
  const answer = (settings: AdminMarketsResponse["settings"]): AdminMarketsResponse => ({
    settings,
    shipTo: shipToOf(settings, services.env.SHIP_TO_COUNTRIES),
    alsoShipsTo: outsideMarkets(services.env.SHIP_TO_COUNTRIES),
  });

  return new Hono()
    .get("/", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { market: ["manage"] });
      return c.json<AdminMarketsResponse>(answer(await marketSettingsOf(db)));
    })
    .put("/", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { market: ["manage"] });
      const body = await readJsonBody(c, marketSettings);
      const saved = await saveMarketSettings(db, { userId: user.id, email: user.email }, body);
      // Other processes hear of it from the database; this one drops its copies now, before answering.
      if (saved.changed) applyCatalogueChange(services, { pages: true });
      return c.json<AdminMarketsResponse & { changed: boolean }>({
        ...answer(saved.settings),
        changed: saved.changed,
      });
    });
}
