import { localeOfPath } from "../../core/i18n/locales.ts";
import { wishlistEntries } from "../../server/wishlist/wishlist.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/wishlist";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * Every product and stack as the wishlist shows it, with today's stock: the page picks the visitor's own
 * (the account's from GET /api/wishlist, a guest's from this browser). Not cached: stock changes.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { database, catalogue } = context.get(appContext);
  // The head's words in the page's language, for meta (which has no translator).
  const { t } = requestTranslator(localeOfPath(new URL(request.url).pathname), new Set());
  return {
    entries: await wishlistEntries(database.db, catalogue),
    meta: { title: t("wishlist.meta.title") },
  };
}
