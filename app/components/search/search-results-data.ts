import {
  SITE_SEARCH_MAX_LENGTH,
  SITE_SEARCH_MIN_LENGTH,
  type SiteSearchResults,
} from "../../../core/contracts/search.ts";
import type { Locale } from "../../../core/i18n/locales.ts";
import { apiRequest } from "../../lib/api.ts";
import { keepPreviousData, useQuery } from "../../lib/query.ts";

/** The query the box sends: trimmed, and only once it is long enough (null before). */
export function searchableQuery(raw: string): string | null {
  const q = raw.trim().slice(0, SITE_SEARCH_MAX_LENGTH);
  return q.length >= SITE_SEARCH_MIN_LENGTH ? q : null;
}

/** The search's address: the query, and the page's language when it is not English. */
export const searchUrl = (q: string, locale: Locale) =>
  `/api/search?q=${encodeURIComponent(q)}${locale === "en" ? "" : `&lang=${locale}`}`;

/**
 * The header box's suggestions for a query, searched and worded in the page's language; the previous
 * answer stays on screen while the next loads.
 */
export function useSearchSuggestions(q: string | null, locale: Locale) {
  const url = searchUrl(q ?? "", locale);
  return useQuery({
    queryKey: locale === "en" ? ["/api/search", q] : ["/api/search", q, locale],
    queryFn: () => apiRequest<SiteSearchResults>("GET", url),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
}
