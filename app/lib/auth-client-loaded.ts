/**
 * The header loads Better Auth's client (about 17 KB compressed) only for a signed-in visitor. The auth
 * and account pages load it anyway; this tells the header when they have, so it switches to the live
 * account menu at once (a sign-in on /auth updates the header without a reload).
 */
const EVENT = "mana:auth-client-loaded";
let loaded = false;

export function markAuthClientLoaded() {
  loaded = true;
  if (typeof window !== "undefined") window.dispatchEvent(new Event(EVENT));
}

/** Calls `onLoad` once the client is loaded (now, if it already is); returns the unsubscribe. */
export function whenAuthClientLoaded(onLoad: () => void): () => void {
  if (loaded) {
    onLoad();
    return () => {};
  }
  window.addEventListener(EVENT, onLoad, { once: true });
  return () => window.removeEventListener(EVENT, onLoad);
}
