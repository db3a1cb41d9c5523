import { data } from "react-router";
import { adminOrdersQuery } from "../../core/contracts/admin-orders.ts";
import { listAdminOrders } from "../../server/admin/orders.ts";
import { allows } from "../../server/auth/roles.ts";
import { dashboardPage } from "../admin.server.ts";
import { readListSearch } from "../admin-list.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-orders";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/orders?q=&status=&from=&to=&page=: every order, newest first, searched and filtered. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { order: ["read"] });
  const { query, problem } = readListSearch(adminOrdersQuery, request);
  const list = await listAdminOrders(services.database.db, query);
  // The orders file holds customers' e-mails in bulk (GET /api/admin/orders/export.csv).
  const mayExport = allows(user.role, { customer: ["export"] });
  return data({ query, list, problem, mayExport }, { headers: noStore });
}
