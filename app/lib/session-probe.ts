import { apiRequest } from "./api.ts";
import { useQuery } from "./query.ts";

/** The query key of "does this browser have a session?": shared by the header and every signed-in part. */
export const sessionProbeKey = ["session-probe"] as const;

/**
 * Whether this browser has a session: one small request instead of the auth client on every page. A
 * failed request counts as no session (the visitor sees what a guest sees).
 */
export async function hasSession(): Promise<boolean> {
  const body = await apiRequest<{ user?: unknown } | null>("GET", "/api/auth/get-session").catch(() => null);
  return Boolean(body?.user);
}

/**
 * The session probe as the signed-in parts of a page read it (wishlist hearts, Notify Me, the review
 * panel): asked again on each page, since a session may have started or ended since.
 */
export function useSessionProbe() {
  return useQuery({ queryKey: sessionProbeKey, queryFn: hasSession, staleTime: 0 });
}
