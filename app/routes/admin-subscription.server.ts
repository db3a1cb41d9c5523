import { data } from "react-router";
import { allows } from "../../server/admin/roles.ts";
import { adminSubscriptionDetail } from "../../server/admin/subscriptions.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-subscription";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/subscriptions/:id: one subscription, its orders, events and audit trail; 404 for an unknown id. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { subscription: ["read"] });
  const sub = await adminSubscriptionDetail(services.database.db, params.id);
  if (!sub) throw data(null, { status: 404, headers: noStore });
  return data(
    { sub, may: { change: allows(user.role, { subscription: ["change"] }) } },
    { headers: noStore },
  );
}
