import { redirect } from "react-router";
import { loadProviders, loadSession, noStore } from "../session.server.ts";
import type { Route } from "./+types/auth";

export const headers: Route.HeadersFunction = () => noStore;

/** Signed-in visitors are sent to their account. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (await loadSession(context, request)) throw redirect("/account", { headers: noStore });
  return { providers: loadProviders(context) };
}
