import { data } from "react-router";
import { loadOverview } from "../../server/admin/overview.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-overview";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin, the owner's overview. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { order: ["read"] });
  return data({ overview: await loadOverview(services.database.db) }, { headers: noStore });
}
