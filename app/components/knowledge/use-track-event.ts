import { apiRequest } from "../../lib/api.ts";
import { useMutation } from "../../lib/query.ts";

export type TrackInput =
  | { articleId: number; eventType: "view" }
  | { articleId: number; eventType: "product_click"; productId: number };

/**
 * Records an article event (POST /api/content/analytics/track); failures stay silent. The request may
 * outlive the page: a product click is sent as the visitor leaves the article.
 */
export function useTrackEvent() {
  return useMutation({
    mutationFn: (input: TrackInput) =>
      apiRequest<{ recorded: boolean }>("POST", "/api/content/analytics/track", input, { keepalive: true }),
  });
}
