import type { WishlistResponse } from "../../core/contracts/wishlist.ts";
import { MAX_WISHLIST_ITEMS, readWishlistKey, sameKey, type WishlistKey } from "../../core/wishlist-key.ts";
import { apiRequest } from "./api.ts";

/**
 * A guest's wishlist, kept in this browser's localStorage as product and stack keys (newest first). At
 * sign-in it is posted to the account once (POST /api/wishlist/merge) and then forgotten here.
 */
const STORAGE_KEY = "mana-wishlist";
const EMPTY: WishlistKey[] = [];

let cache: WishlistKey[] | null = null;
const listeners = new Set<() => void>();

function read(): WishlistKey[] {
  if (typeof window === "undefined") return EMPTY;
  if (cache) return cache;
  let parsed: unknown = [];
  try {
    parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "[]");
  } catch {
    parsed = [];
  }
  // Anything this version cannot read is dropped rather than trusted.
  cache = (Array.isArray(parsed) ? parsed : []).flatMap((v) => {
    const key = readWishlistKey(v);
    return key ? [key] : [];
  });
  return cache;
}

function write(next: WishlistKey[]) {
  cache = next.slice(0, MAX_WISHLIST_ITEMS);
  try {
    if (cache.length) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(cache));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private browsing or a full storage: the list lives until the page closes.
  }
  for (const l of listeners) l();
}

export const guestWishlist = {
  read,
  subscribe(listener: () => void) {
    listeners.add(listener);
    // Another tab changed the list.
    const onStorage = (e: StorageEvent) => {
      if (e.key !== STORAGE_KEY) return;
      cache = null;
      listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
  serverSnapshot: () => EMPTY,
  save(key: WishlistKey) {
    const list = read();
    if (!list.some((k) => sameKey(k, key))) write([key, ...list]);
  },
  remove(key: WishlistKey) {
    write(read().filter((k) => !sameKey(k, key)));
  },
  replace(keys: WishlistKey[]) {
    write(keys);
  },
};

let merging: Promise<WishlistResponse | null> | null = null;

/**
 * Posts the guest's list to the signed-in account once and forgets it here; the account's list after
 * the merge, or null when there was nothing to post. A failed post keeps the list for the next try.
 */
export function mergeGuestWishlist(): Promise<WishlistResponse | null> {
  if (merging) return merging;
  const items = read();
  if (items.length === 0) return Promise.resolve(null);
  merging = apiRequest<WishlistResponse>("POST", "/api/wishlist/merge", { items: [...items].reverse() })
    .then((answer) => {
      write([]);
      return answer;
    })
    .finally(() => {
      merging = null;
    });
  return merging;
}
