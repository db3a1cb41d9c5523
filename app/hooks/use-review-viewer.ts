import { useCallback } from "react";
import type { ReviewViewer } from "../../core/contracts/reviews.ts";
import { apiRequest } from "../lib/api.ts";
import { useQuery, useQueryClient } from "../lib/query.ts";
import { useSessionProbe } from "../lib/session-probe.ts";

const SIGNED_OUT: ReviewViewer = { kind: "signed-out" };

/** The query key of what the signed-in visitor may do in a product's reviews. */
export const reviewViewerKey = (productId: number) => ["review-viewer", productId] as const;

/**
 * What this visitor may do in a product's reviews: sign in, wait for delivery, write one, or see their
 * own. The product page is the same for every visitor, signed in or not, and is served from the page
 * cache (docs/decisions/040-public-pages-shared-by-signed-in-customers.md): the server renders the
 * signed-out panel, and the browser asks `GET /api/products/:id/reviews/mine` once it finds a session.
 * `pending` is true while a signed-in visitor's answer is on its way.
 */
export function useReviewViewer(productId: number) {
  const qc = useQueryClient();
  const session = useSessionProbe();
  const signedIn = session.data === true;
  const viewer = useQuery({
    queryKey: reviewViewerKey(productId),
    queryFn: () => apiRequest<ReviewViewer>("GET", `/api/products/${productId}/reviews/mine`),
    enabled: signedIn,
    staleTime: 0,
  });
  const refresh = useCallback(
    () => qc.invalidateQueries({ queryKey: reviewViewerKey(productId) }),
    [qc, productId],
  );
  return {
    viewer: signedIn ? (viewer.data ?? SIGNED_OUT) : SIGNED_OUT,
    signedIn,
    pending: signedIn && viewer.isPending,
    refresh,
  };
}
