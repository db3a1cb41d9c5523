import {
  RESULTS_PAGE_LIMIT,
  SITE_SEARCH_MAX_LENGTH,
  SITE_SEARCH_MIN_LENGTH,
} from "../../core/contracts/search.ts";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { siteSearch } from "../../server/search/site-search.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import type { Route } from "./+types/search";

/**
 * The results page: empty without a query, a hint for a query too short to search, else every group.
 * A longer query is cut to the longest the search takes rather than refused: the page always answers.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, SITE_SEARCH_MAX_LENGTH);
  // The title in the page's language, for meta (which has no translator).
  const locale = localeOfPath(url.pathname);
  const { t } = requestTranslator(locale, new Set());
  const title = q ? t("search.meta.results", { q }) : t("search.meta.title");
  if (q.length === 0) return { q, title, state: "empty" as const, results: null };
  if (q.length < SITE_SEARCH_MIN_LENGTH) return { q, title, state: "too-short" as const, results: null };
  return {
    q,
    title,
    state: "results" as const,
    results: await siteSearch(database.db, q, RESULTS_PAGE_LIMIT, locale),
  };
}
