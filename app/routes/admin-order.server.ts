import { data } from "react-router";
import { CARRIER_NAMES } from "../../core/carriers.ts";
import { adminOrderDetail } from "../../server/admin/orders.ts";
import { allows } from "../../server/admin/roles.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-order";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/orders/{number}: the order, and which of its actions the signed-in role may take. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { order: ["read"] });
  const order = await adminOrderDetail(services.database.db, params.number);
  if (!order) throw data(null, { status: 404, headers: noStore });
  return data(
    {
      order,
      carriers: [...CARRIER_NAMES],
      may: {
        fulfil: allows(user.role, { order: ["fulfil"] }),
        refund: allows(user.role, { order: ["refund"] }),
      },
    },
    { headers: noStore },
  );
}
