import { data } from "react-router";
import { adminSubscriptionsQuery } from "../../core/contracts/admin-subscriptions.ts";
import { listAdminSubscriptions } from "../../server/admin/subscriptions.ts";
import { dashboardPage } from "../admin.server.ts";
import { readListSearch } from "../admin-list.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-subscriptions";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/subscriptions?status=&q=&page=: a page of subscriptions, filtered by status and searched. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { subscription: ["read"] });
  const { query, problem } = readListSearch(adminSubscriptionsQuery, request);
  const list = await listAdminSubscriptions(services.database.db, query);
  return data({ query, list, problem }, { headers: noStore });
}
