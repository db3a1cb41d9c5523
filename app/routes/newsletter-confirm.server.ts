import { data } from "react-router";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { requestHost, shopOrigin } from "../../server/http/shop-origin.ts";
import { confirmSubscription, pendingConfirmationEmail } from "../../server/newsletter/confirm.ts";
import { unsubscribeSecret } from "../../server/newsletter/unsubscribe.ts";
import { appContext } from "../context.server.ts";
import { titleFor } from "../i18n/catalogue.server.ts";
import { noStore, refuseCrossSite } from "../session.server.ts";
import type { Route } from "./+types/newsletter-confirm";

export const headers: Route.HeadersFunction = () => ({ ...noStore, "Referrer-Policy": "no-referrer" });

/**
 * Opening the link changes nothing: mail scanners and link previews open links, and a subscription must
 * come from the person (decision 026). The page shows the address and a button that confirms.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token");
  const email = await pendingConfirmationEmail(database.db, token);
  const title = titleFor(request, "newsletter.meta.confirm");
  return data({ token: email ? token : null, email, title }, { headers: noStore });
}

export async function action({ context, request }: Route.ActionArgs) {
  refuseCrossSite(request);
  const { env, database, mailer } = context.get(appContext);
  const posted = (await request.formData()).get("token");
  const token = typeof posted === "string" ? posted : "";
  // The welcome is written in the confirmation page's language (docs/decisions/049-languages.md).
  const links = {
    origin: shopOrigin(env, requestHost(request), "mail"),
    secret: unsubscribeSecret(env),
    locale: localeOfPath(new URL(request.url).pathname),
  };
  const email = await confirmSubscription(database.db, mailer, token, links);
  if (!email) return data({ confirmed: false as const, email: null }, { status: 400, headers: noStore });
  return data({ confirmed: true as const, email }, { headers: noStore });
}
