import { data } from "react-router";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import type { Route } from "./+types/not-found";

/** Any path no route takes: a 404, its title in the page's language (meta has no translator). */
export function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTranslator(localeOfPath(new URL(request.url).pathname), new Set());
  return data({ meta: { title: t("notFound.meta.title") } }, { status: 404 });
}
