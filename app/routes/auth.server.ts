import { redirect } from "react-router";
import { localeOfPath, pathInLocale } from "../../core/i18n/locales.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { loadProviders, loadSession, noStore } from "../session.server.ts";
import type { Route } from "./+types/auth";

export const headers: Route.HeadersFunction = () => noStore;

/** Signed-in visitors are sent to their account, in the page's language. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  if (await loadSession(context, request)) {
    throw redirect(pathInLocale("/account", locale), { headers: noStore });
  }
  const { t } = requestTranslator(locale, new Set());
  // A deployed shop offers only the providers it has credentials for; development shows the others too,
  // disabled, with how to configure them.
  const showUnconfigured = context.get(appContext).env.NODE_ENV !== "production";
  return {
    providers: loadProviders(context),
    showUnconfigured,
    // The head's words in the page's language, for meta (which has no translator).
    meta: { title: t("auth.meta.title"), description: t("auth.meta.description") },
  };
}
