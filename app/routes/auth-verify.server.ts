import { data } from "react-router";
import { appContext } from "../context.server.ts";
import { titleFor } from "../i18n/catalogue.server.ts";
import { loadSession, noStore, refuseCrossSite } from "../session.server.ts";
import type { Route } from "./+types/auth-verify";

/** The address holds the verification token: never stored, never sent on in a Referer. */
export const headers: Route.HeadersFunction = () => ({ ...noStore, "Referrer-Policy": "no-referrer" });

/** Opening the link changes nothing: the page asks the reader to confirm. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const signedIn = (await loadSession(context, request)) !== null;
  const title = titleFor(request, "auth.meta.verify");
  return data({ token: token || null, signedIn, title }, { headers: noStore });
}

export async function action({ context, request }: Route.ActionArgs) {
  refuseCrossSite(request);
  const { identity } = context.get(appContext);
  const token = (await request.formData()).get("token");
  const result = await identity.verifyEmail(typeof token === "string" ? token : "", request.headers);
  return data({ result }, { status: result === "verified" ? 200 : 400, headers: noStore });
}
