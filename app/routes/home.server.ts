import { localeOfPath } from "../../core/i18n/locales.ts";
import { productIn } from "../../server/content/translations.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalogue } = context.get(appContext);
  const [products, ratings] = await Promise.all([catalogue.list(), catalogue.ratings()]);
  // Each card's average and count of published reviews; a product without any has none.
  const locale = localeOfPath(new URL(request.url).pathname);
  const { t } = requestTranslator(locale, new Set());
  return {
    // Each product's own words in the page's language (content/i18n/, decision 049's "Content").
    products: products.map((p) => ({ ...productIn(locale, p), rating: ratings.get(p.id) ?? null })),
    // The head's words in the page's language, for meta (which has no translator).
    meta: { title: t("home.meta.title"), description: t("home.meta.description") },
  };
}
