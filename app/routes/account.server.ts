import { redirect } from "react-router";
import { loadProfile, loadSession, noStore } from "../session.server.ts";
import type { Route } from "./+types/account";

const TABS = ["overview", "orders", "subscriptions", "addresses"] as const;
type Tab = (typeof TABS)[number];
/** The side menu's links land on the matching tab. */
const TAB_ALIASES: Record<string, Tab> = { profile: "overview" };

export const headers: Route.HeadersFunction = () => noStore;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const session = await loadSession(context, request);
  if (!session) throw redirect("/auth", { headers: noStore });
  const requested = params.tab ?? "overview";
  if (requested === "preferences") throw redirect("/preferences");
  const tab = (TABS as readonly string[]).includes(requested) ? (requested as Tab) : TAB_ALIASES[requested];
  if (!tab) throw redirect("/account");
  const profile = await loadProfile(context, session);
  return { profile, tab };
}
