import { localeOfPath } from "../../core/i18n/locales.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import type { Route } from "./+types/contact";

/** The shop's support address comes from its configuration (SUPPORT_EMAIL); none is shown without one. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { t } = requestTranslator(localeOfPath(new URL(request.url).pathname), new Set());
  return {
    supportEmail: context.get(appContext).env.SUPPORT_EMAIL ?? null,
    // The head's words in the page's language, for meta (which has no translator).
    meta: { title: t("contact.meta.title"), description: t("contact.meta.description") },
  };
}
