import { useSyncExternalStore } from "react";

function subscribe(changed: () => void) {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
}

/** Whether the browser says it has a network (`navigator.onLine`); the server's render assumes it does. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether a request failed for want of a network: the browser says it is offline, or fetch got no answer
 * at all (it rejects with a TypeError; an answer with an error status is an `ApiError`).
 */
export function isNetworkFailure(err: unknown): boolean {
  return (typeof navigator !== "undefined" && !navigator.onLine) || err instanceof TypeError;
}
