import { data } from "react-router";
import { loadInvoice } from "../../server/orders/invoice.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-order-invoice";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * /admin/orders/{number}/invoice: any paid order's invoice, for the role that may read orders (as the
 * order's page, /admin/orders/{number}); an unpaid order has none (404). In the dashboard's language.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { order: ["read"] });
  const invoice = await loadInvoice(services.database.db, params.number, { staff: true }, "en");
  if (!invoice) throw data(null, { status: 404, headers: noStore });
  return data({ invoice }, { headers: noStore });
}
