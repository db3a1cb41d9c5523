import { data } from "react-router";
import { adminOutboxQuery } from "../../core/contracts/admin-outbox.ts";
import { listAdminOutbox } from "../../server/admin/outbox.ts";
import { dashboardPage } from "../admin.server.ts";
import { readListSearch } from "../admin-list.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-outbox";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/outbox?q=&channel=&status=&page=: every e-mail and SMS the shop sent or stored, newest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { outbox: ["read"] });
  const { query, problem } = readListSearch(adminOutboxQuery, request);
  const list = await listAdminOutbox(services.database.db, query);
  return data({ query, list, problem }, { headers: noStore });
}
