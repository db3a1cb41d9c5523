import { desc, eq } from "drizzle-orm";
import { data } from "react-router";
import { LIST_CURRENCIES } from "../../core/contracts/admin-prices.ts";
import { listPrices, updatePrices } from "../../server/admin/prices.ts";
import { allows } from "../../server/auth/roles.ts";
import { applyCatalogueChange } from "../../server/catalogue-sync.ts";
import type { DbOrTx } from "../../server/db/client.ts";
import { adminAudit } from "../../server/db/schema.ts";
import { shippingRateCents } from "../../server/orders/price-order.ts";
import { attempt, dashboardAction, dashboardPage, done, invalid, readForm } from "../admin.server.ts";
import { priceField, readPriceFields } from "../components/admin/price-form-model.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-prices";

export const headers: Route.HeadersFunction = () => noStore;

/** The latest changes to the price lists, newest first, with the item each was made to. */
async function recentChanges(db: DbOrTx) {
  const rows = await db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.action, "price-list-updated"))
    .orderBy(desc(adminAudit.createdAt))
    .limit(20);
  return rows.map((a) => ({
    id: a.id,
    actor: a.actor,
    action: a.action,
    item: `${a.targetType}:${a.targetId}`,
    before: a.before,
    after: a.after,
    createdAt: new Date(a.createdAt).toISOString(),
  }));
}

/** /admin/prices: every item of the price lists with its price in each currency (decision 051). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { product: ["read"] });
  const db = services.database.db;
  return data(
    {
      rows: await listPrices(db, shippingRateCents(services.env.SHIPPING_FLAT_RATE)),
      recent: await recentChanges(db),
      may: { price: allows(user.role, { product: ["price"] }) },
    },
    { headers: noStore },
  );
}

/**
 * The prices form (`intent` prices): each `${item}@${currency}` field read as an amount, the ones that
 * changed set together by the price lists' rules (server/admin/prices.ts, as PUT /api/admin/prices), a
 * message per wrong field otherwise.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, { product: ["price"] });
  const { intent, fields } = await readForm(request);
  if (intent !== "prices") return invalid(intent, { form: "This form is not one of this page's." });
  const db = services.database.db;
  const rows = await listPrices(db, shippingRateCents(services.env.SHIPPING_FLAT_RATE));
  const current = new Map(
    rows.flatMap((r) => LIST_CURRENCIES.map((c) => [priceField(r.item, c), r.prices[c]] as const)),
  );
  const names = new Map(rows.map((r) => [r.item, r.name]));
  const { changes, errors } = readPriceFields(fields, current, (item) => names.get(item) ?? item);
  if (Object.keys(errors).length > 0) return invalid(intent, errors);
  if (changes.length === 0) return done(intent, true);
  return attempt(intent, async () => {
    const result = await updatePrices(db, { userId: user.id, email: user.email }, changes);
    // Other processes hear of it from the database; this one drops its copies now, before answering.
    if (result.change) applyCatalogueChange(services, result.change);
  });
}
