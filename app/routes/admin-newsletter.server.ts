import { data } from "react-router";
import { adminListQuery } from "../../core/contracts/admin-customers.ts";
import { listAdminSubscribers } from "../../server/admin/newsletter.ts";
import { dashboardPage } from "../admin.server.ts";
import { readListSearch } from "../admin-list.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-newsletter";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/newsletter?q=&page=: who signed up, whether they are still subscribed, and when they consented. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { newsletter: ["read"] });
  const { query, problem } = readListSearch(adminListQuery, request);
  const list = await listAdminSubscribers(services.database.db, query);
  return data({ query, list, problem }, { headers: noStore });
}
