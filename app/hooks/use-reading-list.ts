import type { ReadingList } from "../../core/contracts/bookmarks.ts";
import { apiRequest } from "../lib/api.ts";
import { useMutation, useQuery, useQueryClient } from "../lib/query.ts";

export const READING_LIST_KEY = ["/api/bookmarks"] as const;

/** The signed-in customer's reading list (a guest's answer says they are signed out). */
export function useReadingList() {
  return useQuery({
    queryKey: READING_LIST_KEY,
    queryFn: () => apiRequest<ReadingList>("GET", "/api/bookmarks"),
  });
}

/** Saves an article to the reading list or takes it off; the answer is the whole list. */
export function useBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ articleId, saved }: { articleId: number; saved: boolean }) =>
      apiRequest<ReadingList>(saved ? "PUT" : "DELETE", `/api/bookmarks/${articleId}`),
    onSuccess: (list) => client.setQueryData(READING_LIST_KEY, list),
  });
}
