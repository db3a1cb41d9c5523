import { redirect } from "react-router";
import { appContext } from "../context.server.ts";
import { loadProviders, loadSession, noStore } from "../session.server.ts";
import type { Route } from "./+types/auth";

export const headers: Route.HeadersFunction = () => noStore;

/** Signed-in visitors are sent to their account. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (await loadSession(context, request)) throw redirect("/account", { headers: noStore });
  // A deployed shop offers only the providers it has credentials for; development shows the others too,
  // disabled, with how to configure them.
  const showUnconfigured = context.get(appContext).env.NODE_ENV !== "production";
  return { providers: loadProviders(context), showUnconfigured };
}
