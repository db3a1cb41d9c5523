import { loadSession, noStore } from "../session.server.ts";
import type { Route } from "./+types/wishlist";

export const headers: Route.HeadersFunction = () => noStore;

export async function loader({ context, request }: Route.LoaderArgs) {
  return { signedIn: Boolean(await loadSession(context, request)) };
}
