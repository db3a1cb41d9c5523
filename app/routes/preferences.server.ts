import { loadPreferences } from "../../server/account/preferences.ts";
import { appContext } from "../context.server.ts";
import { loadSession, noStore } from "../session.server.ts";
import type { Route } from "./+types/preferences";

export const headers: Route.HeadersFunction = () => noStore;

/** A signed-in customer's saved preferences; a guest's are read from the browser by the page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const session = await loadSession(context, request);
  if (!session) return { signedIn: false as const, preferences: null };
  const { db } = context.get(appContext).database;
  return { signedIn: true as const, preferences: await loadPreferences(db, session.user.id) };
}
