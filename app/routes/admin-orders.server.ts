import { data } from "react-router";
import { adminOrdersQuery } from "../../core/contracts/admin-orders.ts";
import { listAdminOrders } from "../../server/admin/orders.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-orders";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/orders?q=&status=&from=&to=&page=: a search the owner mistyped is said, and the list shown unfiltered. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { order: ["read"] });
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = adminOrdersQuery.safeParse(params);
  const query = parsed.success ? parsed.data : adminOrdersQuery.parse({});
  const problem = parsed.success
    ? null
    : `The search was not understood (${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}), so every order is shown.`;
  const list = await listAdminOrders(services.database.db, query);
  return data({ query, list, problem }, { headers: noStore });
}
