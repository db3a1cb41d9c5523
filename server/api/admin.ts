import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { requireDashboard } from "../admin/access.ts";
import { loadOverview } from "../admin/overview.ts";
import { allows, type Permission, statements } from "../auth/roles.ts";
import type { AppServices } from "../context.ts";
import { adminAudit } from "../db/schema.ts";
import { adminCodesApi } from "./admin-codes.ts";
import { adminCustomersApi } from "./admin-customers.ts";
import { adminGiftCardsApi } from "./admin-gift-cards.ts";
import { adminMarketsApi } from "./admin-markets.ts";
import { adminNewsletterApi } from "./admin-newsletter.ts";
import { adminOrdersApi } from "./admin-orders.ts";
import { adminOutboxApi } from "./admin-outbox.ts";
import { adminPricesApi } from "./admin-prices.ts";
import { adminProductsApi } from "./admin-products.ts";
import { adminReactionsApi } from "./admin-reactions.ts";
import { adminRenewalConsentsApi } from "./admin-renewal-consents.ts";
import { adminReturnsApi } from "./admin-returns.ts";
import { adminReviewsApi } from "./admin-reviews.ts";
import { adminSubscriptionsApi } from "./admin-subscriptions.ts";

/**
 * /api/admin: the owner's dashboard. Every route checks the caller's role on the server (server/auth/roles.ts):
 * 401 signed out, 403 signed in without the permission.
 */
export function adminApi(services: AppServices) {
  const db = services.database.db;
  const guard = (c: { req: { raw: Request } }, permission: Permission) =>
    requireDashboard(services, c.req.raw.headers, permission);

  return (
    new Hono()
      // Who is acting and what their role lets them do: the dashboard shows only what is allowed.
      .get("/me", async (c) => {
        const user = await guard(c, {});
        const permissions = Object.fromEntries(
          Object.entries(statements)
            .filter(([resource]) => resource !== "user" && resource !== "session")
            .map(([resource, actions]) => [
              resource,
              actions.filter((action) => allows(user.role, { [resource]: [action] } as Permission)),
            ]),
        );
        return c.json({ email: user.email, role: user.role, permissions });
      })
      .get("/overview", async (c) => {
        await guard(c, { order: ["read"] });
        return c.json(await loadOverview(db));
      })
      // The latest owner actions, across records.
      .get("/audit", async (c) => {
        await guard(c, { audit: ["read"] });
        return c.json(await db.select().from(adminAudit).orderBy(desc(adminAudit.createdAt)).limit(100));
      })
      .route("/products", adminProductsApi(services))
      // The price lists in CAD, EUR and GBP, and the markets (decision 051).
      .route("/prices", adminPricesApi(services))
      .route("/markets", adminMarketsApi(services))
      .route("/orders", adminOrdersApi(services))
      // The returns queue and the owner's moves on a return (decision 055).
      .route("/returns", adminReturnsApi(services))
      // /customers, /customers.csv, /newsletter, /newsletter.csv, /outbox: each module names its own paths.
      .route("/", adminCustomersApi(services))
      .route("/", adminNewsletterApi(services))
      .route("/", adminOutboxApi(services))
      // /renewal-consents.csv: every consent to automatic renewal (decision 042).
      .route("/", adminRenewalConsentsApi(services))
      .route("/subscriptions", adminSubscriptionsApi(services))
      .route("/reviews", adminReviewsApi(services))
      .route("/reactions", adminReactionsApi(services))
      .route("/codes", adminCodesApi(services))
      // /gift-cards and /customers/:id/credit (decision 047).
      .route("/", adminGiftCardsApi(services))
  );
}
