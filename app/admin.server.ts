import { data, type RouterContextProvider, redirect } from "react-router";
import { dashboardAccess } from "../server/admin/access.ts";
import type { Permission } from "../server/admin/roles.ts";
import { appContext } from "./context.server.ts";
import { noStore } from "./session.server.ts";

/**
 * A dashboard page's check, run by every /admin loader (loaders run side by side, so the layout's check
 * alone would not hold): signed out goes to sign in, signed in without `permission` is a 403 page.
 */
export async function dashboardPage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  permission: Permission,
) {
  const services = context.get(appContext);
  const access = await dashboardAccess(services, request.headers, permission);
  if (access.kind === "signed-out") throw redirect("/auth", { headers: noStore });
  if (access.kind === "forbidden") throw data(null, { status: 403, headers: noStore });
  return { services, user: access.user };
}
