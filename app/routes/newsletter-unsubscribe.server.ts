import { data } from "react-router";
import {
  emailOfUnsubscribeToken,
  isUnsubscribed,
  unsubscribe,
  unsubscribeSecret,
} from "../../server/newsletter/unsubscribe.ts";
import { appContext } from "../context.server.ts";
import { titleFor } from "../i18n/catalogue.server.ts";
import { noStore, refuseCrossSite } from "../session.server.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

export const headers: Route.HeadersFunction = () => ({ ...noStore, "Referrer-Policy": "no-referrer" });

/** Opening the link changes nothing (mail scanners open links): the page asks first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { env, database } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token");
  const email = emailOfUnsubscribeToken(unsubscribeSecret(env), token);
  const unsubscribed = email ? await isUnsubscribed(database.db, email) : false;
  const title = titleFor(request, "newsletter.meta.unsubscribe");
  return data({ token: email ? token : null, email, unsubscribed, title }, { headers: noStore });
}

export async function action({ context, request }: Route.ActionArgs) {
  // Mail clients use the one-click address under /api instead.
  refuseCrossSite(request);
  const { env, database } = context.get(appContext);
  const posted = (await request.formData()).get("token");
  const token = typeof posted === "string" ? posted : new URL(request.url).searchParams.get("token");
  const email = emailOfUnsubscribeToken(unsubscribeSecret(env), token);
  if (!email) return data({ unsubscribed: false }, { status: 400, headers: noStore });
  await unsubscribe(database.db, email);
  return data({ unsubscribed: true }, { headers: noStore });
}
