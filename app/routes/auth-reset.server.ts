import { appContext } from "../context.server.ts";
import { titleFor } from "../i18n/catalogue.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/auth-reset";

/** The address holds the reset token: never stored, never sent on in a Referer. */
export const headers: Route.HeadersFunction = () => ({ ...noStore, "Referrer-Policy": "no-referrer" });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { identity } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token");
  const usable = await identity.resetTokenUsable(token);
  return { token: usable ? token : null, title: titleFor(request, "auth.meta.reset") };
}
