import { data } from "react-router";
import { adminSubscriptionsQuery } from "../../core/contracts/admin-subscriptions.ts";
import { listAdminSubscriptions } from "../../server/admin/subscriptions.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-subscriptions";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/subscriptions?status=&q=&page=: a page of subscriptions; a query it cannot read lists them all. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { subscription: ["read"] });
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = adminSubscriptionsQuery.safeParse(params);
  const query = parsed.success ? parsed.data : adminSubscriptionsQuery.parse({});
  const list = await listAdminSubscriptions(services.database.db, query);
  return data({ ...list, query: { q: query.q, status: query.status || "all" } }, { headers: noStore });
}
