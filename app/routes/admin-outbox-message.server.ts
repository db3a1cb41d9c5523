import { data } from "react-router";
import { adminOutboxMessage } from "../../server/admin/outbox.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-outbox-message";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/outbox/{id}: one message's text, sign-in links and codes hidden. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { outbox: ["read"] });
  const message = await adminOutboxMessage(services.database.db, params.id);
  if (!message) throw data(null, { status: 404, headers: noStore });
  return data({ message }, { headers: noStore });
}
