import { data } from "react-router";
import { adminCustomerDetail } from "../../server/admin/customers.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-customer";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/customers/{id}: one account with its orders, subscriptions, addresses and newsletter consent. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { customer: ["read"] });
  const customer = await adminCustomerDetail(services.database.db, params.id);
  if (!customer) throw data(null, { status: 404, headers: noStore });
  return data({ customer }, { headers: noStore });
}
