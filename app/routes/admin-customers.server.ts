import { data } from "react-router";
import { adminListQuery } from "../../core/contracts/admin-customers.ts";
import { listAdminCustomers } from "../../server/admin/customers.ts";
import { allows } from "../../server/auth/roles.ts";
import { dashboardPage } from "../admin.server.ts";
import { readListSearch } from "../admin-list.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-customers";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/customers?q=&page=: the accounts, newest first, with their orders and what they spent. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { customer: ["read"] });
  const { query, problem } = readListSearch(adminListQuery, request);
  const list = await listAdminCustomers(services.database.db, query);
  const mayExport = allows(user.role, { customer: ["export"] });
  return data({ query, list, problem, mayExport }, { headers: noStore });
}
