import {
  RESULTS_PAGE_LIMIT,
  SITE_SEARCH_MAX_LENGTH,
  SITE_SEARCH_MIN_LENGTH,
} from "../../core/contracts/search.ts";
import { siteSearch } from "../../server/search/site-search.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/search";

/**
 * The results page: empty without a query, a hint for a query too short to search, else every group.
 * A longer query is cut to the longest the search takes rather than refused: the page always answers.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, SITE_SEARCH_MAX_LENGTH);
  if (q.length === 0) return { q, state: "empty" as const, results: null };
  if (q.length < SITE_SEARCH_MIN_LENGTH) return { q, state: "too-short" as const, results: null };
  return { q, state: "results" as const, results: await siteSearch(database.db, q, RESULTS_PAGE_LIMIT) };
}
