import {
  SITE_SEARCH_MAX_LENGTH,
  SITE_SEARCH_MIN_LENGTH,
  type SiteSearchResults,
} from "../../../core/contracts/search.ts";
import { apiRequest } from "../../lib/api.ts";
import { keepPreviousData, useQuery } from "../../lib/query.ts";

/** The query the box sends: trimmed, and only once it is long enough (null before). */
export function searchableQuery(raw: string): string | null {
  const q = raw.trim().slice(0, SITE_SEARCH_MAX_LENGTH);
  return q.length >= SITE_SEARCH_MIN_LENGTH ? q : null;
}

/** The header box's suggestions for a query; the previous answer stays on screen while the next loads. */
export function useSearchSuggestions(q: string | null) {
  return useQuery({
    queryKey: ["/api/search", q],
    queryFn: () => apiRequest<SiteSearchResults>("GET", `/api/search?q=${encodeURIComponent(q ?? "")}`),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
}
