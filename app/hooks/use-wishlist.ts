import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { WishlistResponse } from "../../core/contracts/wishlist.ts";
import { keyOf, sameKey, type WishlistKey } from "../../core/wishlist-key.ts";
import { type Translator, useT } from "../i18n/i18n.tsx";
import { apiErrorOf, apiRequest, serverMessage } from "../lib/api.ts";
import { guestWishlist, mergeGuestWishlist } from "../lib/guest-wishlist.ts";
import { useQuery, useQueryClient } from "../lib/query.ts";
import { useSessionProbe } from "../lib/session-probe.ts";
import { toast } from "./use-toast.ts";

export const wishlistQueryKey = ["/api/wishlist"] as const;

const keyPath = (key: WishlistKey) =>
  "productId" in key
    ? `/api/wishlist/items/product/${key.productId}`
    : `/api/wishlist/items/stack/${key.stackId}`;

const failed = (t: Translator["t"], err: unknown) =>
  toast({
    title: t("wishlist.toast.error"),
    description: serverMessage(err, t("wishlist.toast.failed")),
    variant: "destructive",
  });

/**
 * The visitor's wishlist, the one source every heart and the wishlist page read: a signed-in customer's
 * from the server (GET /api/wishlist), a guest's from this browser. Whether there is a session is asked
 * again on each page (it may have started or ended since). A guest's list is posted to the account once
 * a session appears (also done at sign-in), then forgotten here.
 */
export function useWishlist() {
  const qc = useQueryClient();
  const t = useT();
  const session = useSessionProbe();
  const signedIn = session.data === true;
  const local = useSyncExternalStore(
    guestWishlist.subscribe,
    guestWishlist.read,
    guestWishlist.serverSnapshot,
  );
  const server = useQuery({
    queryKey: wishlistQueryKey,
    queryFn: () => apiRequest<WishlistResponse>("GET", "/api/wishlist"),
    enabled: signedIn,
    staleTime: 0,
  });

  useEffect(() => {
    if (!signedIn || local.length === 0) return;
    mergeGuestWishlist()
      .then((answer) => {
        if (answer) qc.setQueryData(wishlistQueryKey, answer);
      })
      .catch(() => {});
  }, [signedIn, local.length, qc]);

  const keys: WishlistKey[] = signedIn ? (server.data?.items.map(keyOf) ?? []) : local;
  // Read on this page, not an answer cached from before a sign-in or a sign-out.
  const ready =
    session.isFetchedAfterMount && (!signedIn || (server.isSuccess && server.isFetchedAfterMount));

  const setAnswer = useCallback(
    async (answer: WishlistResponse) => {
      await qc.cancelQueries({ queryKey: wishlistQueryKey });
      qc.setQueryData(wishlistQueryKey, answer);
    },
    [qc],
  );

  /** Saves or removes one item; answers whether it worked (a failure shows its toast). */
  const change = useCallback(
    async (key: WishlistKey, save: boolean): Promise<boolean> => {
      if (!signedIn) {
        if (save) guestWishlist.save(key);
        else guestWishlist.remove(key);
        return true;
      }
      try {
        const answer = save
          ? await apiRequest<WishlistResponse>("PUT", "/api/wishlist/items", key)
          : await apiRequest<WishlistResponse>("DELETE", keyPath(key));
        await setAnswer(answer);
        return true;
      } catch (err) {
        // Already gone (removed in another tab): the list is read again, and that is what was asked.
        if (!save && apiErrorOf(err)?.status === 404) {
          void qc.invalidateQueries({ queryKey: wishlistQueryKey });
          return true;
        }
        failed(t, err);
        return false;
      }
    },
    [signedIn, qc, setAnswer, t],
  );

  /** Empties the list; answers the keys it held, so an undo can put them back. */
  const clear = useCallback(async (): Promise<WishlistKey[] | null> => {
    const held = keys;
    if (!signedIn) {
      guestWishlist.replace([]);
      return held;
    }
    try {
      await setAnswer(await apiRequest<WishlistResponse>("DELETE", "/api/wishlist"));
      return held;
    } catch (err) {
      failed(t, err);
      return null;
    }
  }, [keys, signedIn, setAnswer, t]);

  return {
    ready,
    signedIn,
    keys,
    has: (key: WishlistKey) => keys.some((k) => sameKey(k, key)),
    save: (key: WishlistKey) => change(key, true),
    remove: (key: WishlistKey) => change(key, false),
    clear,
  };
}
