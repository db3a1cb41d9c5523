import { Hono } from "hono";
import { z } from "zod";
import {
  type AdminProductResponse,
  type AdminProductsResponse,
  adminProductPatch,
} from "../../core/contracts/admin-products.ts";
import { requireDashboard } from "../admin/access.ts";
import { listAdminProducts, permissionFor, productAudit, updateProduct } from "../admin/products.ts";
import { applyCatalogueChange } from "../catalogue-sync.ts";
import type { AppServices } from "../context.ts";
import { notFound } from "../domain-errors.ts";
import { shopOrigin } from "../http/shop-origin.ts";
import { readJsonBody } from "../http/validate.ts";
import { unsubscribeSecret } from "../newsletter/unsubscribe.ts";
import { shopTaxProvider } from "../tax/shop-tax.ts";

const productId = z.coerce.number().int().positive().max(1_000_000);

/**
 * /api/admin/products: the catalogue's prices and stock. Reading needs product:read (staff too); a
 * change needs product:price for the price and subscription discount, product:stock for the stock and
 * its low-stock threshold (server/auth/roles.ts).
 */
export function adminProductsApi(services: AppServices) {
  const db = services.database.db;
  const idOf = (raw: string) => {
    const parsed = productId.safeParse(raw);
    if (!parsed.success) throw notFound("Product not found.");
    return parsed.data;
  };

  return new Hono()
    .get("/", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { product: ["read"] });
      return c.json<AdminProductsResponse>(await listAdminProducts(db));
    })
    .get("/:id/audit", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { product: ["read"] });
      return c.json(await productAudit(db, idOf(c.req.param("id"))));
    })
    .patch("/:id", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { product: ["read"] });
      const id = idOf(c.req.param("id"));
      const patch = await readJsonBody(c, adminProductPatch);
      const user = await requireDashboard(services, c.req.raw.headers, permissionFor(patch));
      const result = await updateProduct(db, { userId: user.id, email: user.email }, id, patch, {
        mailer: services.mailer,
        origin: shopOrigin(services.env),
        manageSecret: unsubscribeSecret(services.env),
        tax: shopTaxProvider(services.env.TAX_HOME_STATES),
      });
      if (result.kind === "not_found") throw notFound("Product not found.");
      await services.mailer.deliverQueued(result.queuedMail);
      // Other processes hear of it from the database; this one drops its copies now, before answering.
      if (result.change) applyCatalogueChange(services, result.change);
      const notice = result.priceNotice;
      return c.json<AdminProductResponse>({
        product: result.product,
        audit: await productAudit(db, id),
        priceNotice: notice
          ? { noticed: notice.noticed, stackLinesUnchanged: notice.stackLinesUnchanged }
          : null,
      });
    });
}
