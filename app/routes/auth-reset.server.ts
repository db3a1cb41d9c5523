import { isAuthIdentity } from "../../server/auth/identity.ts";
import { resetTokenUsable } from "../../server/auth/reset-token.ts";
import { appContext } from "../context.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/auth-reset";

/** The address holds the reset token: never stored, never sent on in a Referer. */
export const headers: Route.HeadersFunction = () => ({ ...noStore, "Referrer-Policy": "no-referrer" });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { identity } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token");
  const usable = isAuthIdentity(identity) && (await resetTokenUsable(identity.auth, token));
  return { token: usable ? token : null };
}
