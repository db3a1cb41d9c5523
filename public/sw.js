/*
 * MANA's service worker: bedtime stories that read without a network (docs/decisions/054-offline-stories.md).
 * Registered by the story reader only (app/lib/offline-stories.ts), never by the shell. It answers for:
 *   - story pages (/story/<slug>, /es/story/…, /fr/story/…) and their `.data` loader requests: network first,
 *     the copy kept from the last visit when the network fails;
 *   - the build's hashed files (/assets/*: scripts, styles, fonts) and the language catalogues
 *     (/i18n/<locale>.<hash>.json): from the cache when there, else the network;
 *   - the stories' pictures (/images/…, /attached_assets/…): network first, the kept copy offline.
 * Everything else (the cart, /api/*, checkout, account, prices, every other page) goes to the network untouched:
 * this worker never answers for it. Only what a story page asked for is stored.
 * The build writes its id over BUILD_ID (scripts/vite-offline-worker.ts): a new deploy is a new worker, and its
 * activation deletes the caches of every other version.
 */
const VERSION = "BUILD_ID";
const PREFIX = "mana-offline-v-";
const CACHE = PREFIX + VERSION;
/** The stories a family chose to keep, by path: it outlives a deploy (they are fetched again for the new one). */
const KEPT = "mana-offline-kept";

const STORY = /^\/(?:(?:es|fr)\/)?story\/[a-z0-9][a-z0-9-]{0,199}(\.data)?$/;
const ASSET = /^\/assets\/[\w.-]+\.(?:js|css|woff2)$/;
const CATALOGUE = /^\/i18n\/[a-z]{2}\.[0-9a-f]{12}\.json$/;
const IMAGE = /^\/(?:images|attached_assets)\/[\w./-]+\.(?:svg|png|jpe?g|webp|avif)$/;
/**
 * What a story page's HTML names that the page needs: pictures, hashed files, the catalogue. A path, not
 * the end of another site's address: it follows a quote, a bracket or `=`.
 */
const NAMED = /["'(=](\/(?:images|attached_assets|assets|i18n)\/[\w./-]+\.(?:svg|png|jpe?g|webp|avif|js|css|woff2|json))/g;

/**
 * What this worker may store for a URL: "story" (a story page), "story-data" (its loader data), "asset"
 * (a hashed build file or a catalogue), "image" (a picture), or null (never stored, never answered for).
 */
function offlineKind(href, origin) {
  let url;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.includes("..")) return null;
  const path = url.pathname;
  const story = STORY.exec(path);
  if (story) return story[1] ? "story-data" : url.search ? null : "story";
  if (ASSET.test(path) || CATALOGUE.test(path)) return url.search ? null : "asset";
  if (IMAGE.test(path)) return url.search ? null : "image";
  return null;
}

/** The distinct same-origin paths a story page's HTML names that the worker may store. */
function namedInPage(html, origin) {
  const found = new Set();
  for (const m of html.matchAll(NAMED)) {
    const kind = offlineKind(m[1], origin);
    if (kind === "asset" || kind === "image") found.add(m[1]);
  }
  return [...found];
}

const usable = (res) => res?.ok && res.type === "basic" && !res.redirected;

/** Stores the paths not stored yet, one after another (a bedtime phone on a poor network). */
async function storeMissing(cache, paths) {
  for (const path of paths) {
    if (await cache.match(path)) continue;
    try {
      const res = await fetch(path, { credentials: "same-origin" });
      if (usable(res)) await cache.put(path, res);
    } catch {
      // offline again: the next visit stores it
    }
  }
}

/** Stores a story page's answer and what its HTML names (every chapter's pictures, its scripts and styles). */
async function storeStory(path, res) {
  const cache = await caches.open(CACHE);
  const html = await res.clone().text();
  await cache.put(path, res);
  await storeMissing(cache, namedInPage(html, self.location.origin));
}

/** Fetches a story page and stores it (kept, or opened by client-side navigation). */
async function fetchStory(path) {
  if (offlineKind(path, self.location.origin) !== "story") return false;
  const res = await fetch(path, { credentials: "same-origin" });
  if (!usable(res)) return false;
  await storeStory(path, res);
  return true;
}

async function fromStoryPage(clientId) {
  if (!clientId) return false;
  const client = await self.clients.get(clientId);
  return !!client && offlineKind(client.url, self.location.origin) === "story";
}

async function networkFirst(event, kind) {
  const req = event.request;
  const url = new URL(req.url);
  try {
    const res = await fetch(req);
    if (usable(res)) {
      if (kind === "story") event.waitUntil(storeStory(url.pathname, res.clone()));
      else if (kind === "story-data" || (await fromStoryPage(event.clientId)))
        event.waitUntil(caches.open(CACHE).then((c) => c.put(req, res.clone())));
    }
    return res;
  } catch (err) {
    const cache = await caches.open(CACHE);
    const kept =
      (await cache.match(kind === "story" ? url.pathname : req)) ??
      (kind === "story-data" ? await cache.match(req, { ignoreSearch: true }) : undefined);
    if (kept) return kept;
    throw err;
  }
}

async function cacheFirst(event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request, { ignoreVary: true });
  if (kept) return kept;
  const res = await fetch(event.request);
  if (usable(res) && (await fromStoryPage(event.clientId)))
    event.waitUntil(cache.put(event.request, res.clone()));
  return res;
}

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
      // The kept stories again, for this version's scripts (best effort: offline, the next visit does it).
      const kept = await caches.open(KEPT);
      for (const req of await kept.keys()) await fetchStory(new URL(req.url).pathname).catch(() => false);
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const kind = offlineKind(req.url, self.location.origin);
  if (!kind) return; // the network, untouched
  event.respondWith(kind === "asset" ? cacheFirst(event) : networkFirst(event, kind));
});

/**
 * From the story reader (app/lib/offline-stories.ts), answered on the message's port:
 *   { type: "opened", path, files }: the open story and what the page loaded (stored when missing);
 *   { type: "keep", path } / { type: "forget", path }: a family keeps a story, or lets it go.
 */
self.addEventListener("message", (event) => {
  const data = event.data ?? {};
  const origin = self.location.origin;
  const reply = (value) => event.ports[0]?.postMessage(value);
  const path = typeof data.path === "string" ? data.path : "";
  if (offlineKind(path, origin) !== "story") return reply({ ok: false });
  const work = (async () => {
    const cache = await caches.open(CACHE);
    if (data.type === "opened") {
      if (!(await cache.match(path))) await fetchStory(path);
      const files = Array.isArray(data.files) ? data.files : [];
      await storeMissing(
        cache,
        files
          .filter((f) => typeof f === "string")
          .map((f) => new URL(f, origin))
          .filter((u) => ["asset", "image"].includes(offlineKind(u.href, origin)))
          .map((u) => u.pathname),
      );
      return true;
    }
    if (data.type === "keep") {
      const stored = (await fetchStory(path).catch(() => false)) || !!(await cache.match(path));
      if (stored) await (await caches.open(KEPT)).put(path, new Response("kept"));
      return stored;
    }
    if (data.type === "forget") {
      await (await caches.open(KEPT)).delete(path);
      await cache.delete(path);
      for (const req of await cache.keys()) {
        if (new URL(req.url).pathname === `${path}.data`) await cache.delete(req);
      }
      return true;
    }
    return false;
  })();
  event.waitUntil(work.then((ok) => reply({ ok }), () => reply({ ok: false })));
});
