import { data } from "react-router";
import { adminOrdersQuery } from "../../core/contracts/admin-orders.ts";
import { listAdminOrders } from "../../server/admin/orders.ts";
import { dashboardPage } from "../admin.server.ts";
import { readListSearch } from "../admin-list.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-orders";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/orders?q=&status=&from=&to=&page=: every order, newest first, searched and filtered. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { order: ["read"] });
  const { query, problem } = readListSearch(adminOrdersQuery, request);
  const list = await listAdminOrders(services.database.db, query);
  return data({ query, list, problem }, { headers: noStore });
}
