import { data, redirect } from "react-router";
import { dashboardAccess } from "../../server/admin/access.ts";
import { loadOverview } from "../../server/admin/overview.ts";
import { appContext } from "../context.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin, the owner's overview: signed out goes to sign in; signed in without a dashboard role is a 403. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const access = await dashboardAccess(services, request.headers, { order: ["read"] });
  if (access.kind === "signed-out") throw redirect("/auth", { headers: noStore });
  if (access.kind === "forbidden") throw data(null, { status: 403, headers: noStore });
  const overview = await loadOverview(services.database.db);
  return data({ email: access.user.email, role: access.user.role, overview }, { headers: noStore });
}
