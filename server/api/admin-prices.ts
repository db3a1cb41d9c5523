import { Hono } from "hono";
import { type AdminPricesResponse, adminPricesPut } from "../../core/contracts/admin-prices.ts";
import { requireDashboard } from "../admin/access.ts";
import { listPrices, updatePrices } from "../admin/prices.ts";
import { applyCatalogueChange } from "../catalogue-sync.ts";
import type { AppServices } from "../context.ts";
import { readJsonBody } from "../http/validate.ts";
import { shippingRateCents } from "../orders/price-order.ts";

/**
 * /api/admin/prices: the price lists (docs/decisions/051-markets-and-currencies.md). Reading needs
 * product:read, as the Products page; setting an amount in CAD, EUR or GBP needs product:price, as a
 * product's own (US dollar) price does (server/auth/roles.ts).
 */
export function adminPricesApi(services: AppServices) {
  const db = services.database.db;
  const rows = async () => ({
    rows: await listPrices(db, shippingRateCents(services.env.SHIPPING_FLAT_RATE)),
  });

  return new Hono()
    .get("/", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { product: ["read"] });
      return c.json<AdminPricesResponse>(await rows());
    })
    .put("/", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { product: ["price"] });
      const body = await readJsonBody(c, adminPricesPut);
      const result = await updatePrices(db, { userId: user.id, email: user.email }, body.prices);
      // Other processes hear of it from the database; this one drops its copies now, before answering.
      if (result.change) applyCatalogueChange(services, result.change);
      return c.json<AdminPricesResponse & { changed: number }>({
        changed: result.changed,
        ...(await rows()),
      });
    });
}
