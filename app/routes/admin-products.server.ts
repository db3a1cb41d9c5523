import { data } from "react-router";
import { listAdminProducts, productAudit } from "../../server/admin/products.ts";
import { allows } from "../../server/admin/roles.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-products";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/products: every product's price and stock, its audit trail, and what the role may change. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { product: ["read"] });
  const db = services.database.db;
  const products = await listAdminProducts(db);
  const audit = Object.fromEntries(
    await Promise.all(products.map(async (p) => [p.id, await productAudit(db, p.id)] as const)),
  );
  return data(
    {
      products,
      audit,
      may: {
        price: allows(user.role, { product: ["price"] }),
        stock: allows(user.role, { product: ["stock"] }),
      },
    },
    { headers: noStore },
  );
}
