import { useCallback, useEffect, useState } from "react";

/**
 * The story reader's side of the offline worker (public/sw.js, docs/decisions/054-offline-stories.md).
 * Only the story page imports this module: the home page and the shell register no worker.
 */

/** Where the worker keeps the stories a family chose (it outlives a deploy); read here for the button's state. */
const KEPT_CACHE = "mana-offline-kept";

/** A story page's own address (/story/<slug>, /es/story/…, /fr/story/…): the pages the worker keeps. */
export function isStoryPath(pathname: string): boolean {
  return /^\/(?:(?:es|fr)\/)?story\/[a-z0-9][a-z0-9-]*$/.test(pathname);
}

function supported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && "caches" in window;
}

/** Sends a message to the active worker and waits for its answer (false when there is no worker). */
async function ask(message: Record<string, unknown>): Promise<boolean> {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return false;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = window.setTimeout(() => resolve(false), 30_000);
    channel.port1.onmessage = (event) => {
      window.clearTimeout(timer);
      resolve(event.data?.ok === true);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/** Resolves once a worker controls this page (it claims open pages when it first activates). */
function controlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) =>
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }),
  );
}

/**
 * Registers the worker from the story page and hands it the open story: the page itself and every file the
 * page loaded (its scripts, styles, fonts, pictures), so it reads again without a network. The cart
 * drawer's code is loaded first, so that offline the cart can still open and say so.
 */
export function useOfflineStory(path: string | null): void {
  useEffect(() => {
    if (!path || !supported()) return;
    let live = true;
    void (async () => {
      try {
        await navigator.serviceWorker.register("/sw.js", { scope: "/" });
        await controlled();
        await import("../components/shop/cart-drawer.tsx");
        if (!live) return;
        const files = performance.getEntriesByType("resource").map((e) => e.name);
        await ask({ type: "opened", path, files });
      } catch {
        // no worker (a private window, storage refused): the story reads online as before
      }
    })();
    return () => {
      live = false;
    };
  }, [path]);
}

export type KeepState = "unsupported" | "checking" | "kept" | "not-kept" | "busy" | "failed";

/** The 'Keep for offline' button's state for a story page, and the actions that change it. */
export function useKeepForOffline(path: string) {
  const [state, setState] = useState<KeepState>("checking");
  useEffect(() => {
    if (!supported()) {
      setState("unsupported");
      return;
    }
    let live = true;
    void caches
      .open(KEPT_CACHE)
      .then((cache) => cache.match(path))
      .then(
        (hit) => live && setState(hit ? "kept" : "not-kept"),
        () => live && setState("unsupported"),
      );
    return () => {
      live = false;
    };
  }, [path]);
  const keep = useCallback(async () => {
    setState("busy");
    setState((await ask({ type: "keep", path }).catch(() => false)) ? "kept" : "failed");
  }, [path]);
  const forget = useCallback(async () => {
    setState("busy");
    setState((await ask({ type: "forget", path }).catch(() => false)) ? "not-kept" : "kept");
  }, [path]);
  return { state, keep, forget };
}
