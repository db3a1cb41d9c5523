import { localeOfPath } from "../../core/i18n/locales.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import type { Route } from "./+types/gift-cards";

/** The head's words in the page's language, for meta (which has no translator). */
export function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTranslator(localeOfPath(new URL(request.url).pathname), new Set());
  return { meta: { title: t("giftCards.meta.title"), description: t("giftCards.meta.description") } };
}
