import type { IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { currencyFromCookie } from "../../core/shopper-currency.ts";
import { themeFromCookie } from "../../core/theme.ts";
import type { Metrics } from "./metrics.ts";
import { buildTemplate, fillTemplate, type NonceTemplate, templateChunks } from "./nonce-template.ts";
import { NONCE_PLACEHOLDER, newNonce } from "./security-headers.ts";
import type { HttpVariables } from "./variables.ts";

/**
 * Cache of public answers (docs/decisions/003-anonymous-page-cache.md): rendered pages, and the catalogue
 * and content reads of the API.
 * Pages are the same for every visitor, signed in or not (decision 040): the cart badge, the signed-in
 * header, the hearts and a product's review panel are filled in by the browser, and no loader of these
 * paths reads the session. Only allowlisted public paths are cached; answers that set a cookie or are not
 * 200 always go to the renderer.
 */
const PUBLIC_PAGE =
  /^\/(?:|products\/[a-z0-9-]+|knowledge(?:\/[a-z0-9-]+)?|story\/[a-z0-9-]+|stacks(?:\/[a-z0-9-]+)?|quiz|search|sitemap\.xml|robots\.txt)(?:\.data)?$/;
/**
 * The same pages in Spanish and French (decision 049: the language is the path's first segment, and
 * nothing else on the server picks it, so the URL keys each language apart): `/es`, `/fr/products/x`.
 */
const LOCALIZED_PAGE =
  /^\/(?:es|fr)(?:\.data|\/(?:products\/[a-z0-9-]+|knowledge(?:\/[a-z0-9-]+)?|story\/[a-z0-9-]+|stacks(?:\/[a-z0-9-]+)?|quiz|search)(?:\.data)?)?$/;
/** Catalogue, content and search reads: the same answer for everyone (no cookies, no user). */
const PUBLIC_API =
  /^\/api\/(?:search|products(?:\/\d+\/(?:content|educational-modules))?|content\/(?:articles(?:\/[a-z0-9-]+)?|experts(?:\/\d+)?|categories|stacks(?:\/[a-z0-9-]+)?|search|recommendations))$/;

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  expires: number;
  /** A page with CSP nonce slots: each answer gets its own nonce (server/http/nonce-template.ts). */
  template?: NonceTemplate;
  /** Every header of a hit, built on the first hit of an answer without a nonce (`serve`). */
  fixedHeaders?: string[];
}

export class PageCache {
  #entries = new Map<string, CachedPage>();
  /** Counts clears: an answer rendered before a clear is not stored after it (it may show the old price). */
  #generation = 0;
  readonly ttlMs: number;
  readonly maxEntries: number;

  /**
   * Without a configured public origin, pages build absolute links from the request's host: each host then
   * gets entries of its own, so a forged Host header cannot put its links into anyone else's answer.
   */
  readonly keyByHost: boolean;

  readonly #metrics: Metrics | undefined;

  constructor(options: { ttlMs?: number; maxEntries?: number; keyByHost?: boolean; metrics?: Metrics } = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 500;
    this.keyByHost = options.keyByHost ?? false;
    this.#metrics = options.metrics;
  }

  /** Counts a cacheable request as answered from the cache or rendered. */
  count(hit: boolean): void {
    if (this.#metrics) (hit ? this.#metrics.pageCacheHit : this.#metrics.pageCacheMiss).inc();
  }

  /** Whether a request may be answered from (and stored in) the cache. */
  static cacheable(method: string, url: string): boolean {
    if (method !== "GET" && method !== "HEAD") return false;
    const q = url.indexOf("?");
    const path = q === -1 ? url : url.slice(0, q);
    return PUBLIC_PAGE.test(path) || LOCALIZED_PAGE.test(path) || PUBLIC_API.test(path);
  }

  /**
   * Whether the client asked for a fresh answer (`Cache-Control: no-cache`, as a browser's hard reload
   * sends): it is rendered and stored again, never served from the cache.
   */
  static wantsFresh(cacheControl: string | string[] | undefined | null): boolean {
    const value = Array.isArray(cacheControl) ? cacheControl.join(",") : (cacheControl ?? "");
    return /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(value);
  }

  /** Hono's compress() picks gzip, then deflate, from Accept-Encoding: one stored variant each. */
  static key(url: string, acceptEncoding: string | undefined | null): string {
    const enc = acceptEncoding?.includes("gzip")
      ? "gzip"
      : acceptEncoding?.includes("deflate")
        ? "deflate"
        : "identity";
    return `${enc} ${url}`;
  }

  /** The entry a request reaches: by encoding and URL, and by host when links follow the host. */
  keyFor(
    url: string,
    acceptEncoding: string | undefined | null,
    host: string | undefined | null,
    cookie?: string | null,
  ): string {
    // A page is drawn in the visitor's theme from the first paint (the theme cookie) and shows its prices in
    // the visitor's currency (the currency cookie, decision 051): one entry per theme and currency.
    const variant = url.startsWith("/api/")
      ? ""
      : ` ${themeFromCookie(cookie)} ${currencyFromCookie(cookie)}`;
    const key = `${PageCache.key(url, acceptEncoding)}${variant}`;
    return this.keyByHost ? `${key} ${(host ?? "").toLowerCase()}` : key;
  }

  get(key: string): CachedPage | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return hit;
  }

  get generation(): number {
    return this.#generation;
  }

  /** Stores an answer, unless the cache was cleared since `generation` (when its rendering began). */
  set(key: string, page: Omit<CachedPage, "expires">, generation = this.#generation): void {
    if (generation !== this.#generation) return;
    if (this.#entries.size >= this.maxEntries) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { ...page, expires: Date.now() + this.ttlMs });
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /**
   * Answers a raw Node request from the cache, skipping the framework entirely; false when it cannot.
   * Each encoding has its own stored variant, so a client gets the bytes it can read.
   */
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    requestId?: string,
    security?: (path: string, contentType: string | undefined, nonce: string) => [string, string][],
  ): boolean {
    const url = req.url ?? "/";
    if (!PageCache.cacheable(req.method ?? "GET", url)) return false;
    if (PageCache.wantsFresh(req.headers["cache-control"])) return false;
    const accept = req.headers["accept-encoding"];
    const hit = this.get(
      this.keyFor(
        url,
        Array.isArray(accept) ? accept.join(",") : accept,
        req.headers.host,
        req.headers.cookie,
      ),
    );
    if (!hit) return false;
    this.count(true);
    const type = hit.headers.find(([k]) => k === "content-type")?.[1];
    const path = url.split("?")[0] ?? "/";
    // Only pages carry a CSP nonce (server/app.ts keeps a template only for an answer with nonce slots);
    // JSON answers skip the random bytes.
    const html = Boolean(hit.template) || type?.startsWith("text/html") === true;
    const nonce = html ? newNonce() : "";
    // The stored page is written in pieces with the fresh nonce between them: no per-hit copy of the page.
    const chunks = hit.template ? templateChunks(hit.template, nonce) : [hit.body];
    // One flat header list handed to writeHead: the headers of an answer without a nonce are the same for
    // every hit, so they are built once per entry (per-header setHeader calls were a tenth of a hit's CPU).
    let headers: string[];
    if (html || !security) {
      headers = hitHeaders(hit, security?.(path, type, nonce) ?? []);
    } else {
      hit.fixedHeaders ??= hitHeaders(hit, security(path, type, ""));
      headers = hit.fixedHeaders.slice();
    }
    if (requestId) headers.push("x-request-id", requestId);
    res.writeHead(hit.status, headers);
    if (req.method === "HEAD") res.end();
    else if (chunks.length === 1) res.end(chunks[0]);
    else {
      res.cork();
      for (let i = 0; i < chunks.length - 1; i++) res.write(chunks[i]);
      res.end(chunks[chunks.length - 1]);
    }
    return true;
  }
}

/** A hit's headers as one flat list: the stored ones, replaced by the security headers of the same name. */
function hitHeaders(hit: CachedPage, security: [string, string][]): string[] {
  const replaced = new Set(security.map(([name]) => name));
  const headers: string[] = [];
  for (const [name, value] of hit.headers) if (!replaced.has(name)) headers.push(name, value);
  for (const [name, value] of security) headers.push(name, value);
  headers.push("x-page-cache", "hit", "content-length", String(hit.body.length));
  return headers;
}

/** What Hono's compress() would compress: text, JSON, XML and scripts. */
const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:json|javascript|xml|[\w.+-]*\+(?:json|xml)))/i;

/**
 * Anonymous public pages: answered from the cache, or rendered once and stored (decision 003). Pages
 * are rendered with a placeholder nonce and stored (gzipped here, one variant per encoding) as a
 * template, so every answer gets its own CSP nonce without a render or a recompression (decision 006).
 */
export function servePageCache(cache: PageCache): MiddlewareHandler<{ Variables: HttpVariables }> {
  return async (c, next) => {
    const cookie = c.req.header("cookie");
    const url = c.req.path + (c.req.url.includes("?") ? c.req.url.slice(c.req.url.indexOf("?")) : "");
    if (!PageCache.cacheable(c.req.method, url)) return next();
    const key = cache.keyFor(url, c.req.header("accept-encoding"), c.req.header("host"), cookie);
    const hit = PageCache.wantsFresh(c.req.header("cache-control")) ? undefined : cache.get(key);
    cache.count(Boolean(hit));
    if (hit) {
      const body = hit.template ? fillTemplate(hit.template, c.get("cspNonce")) : hit.body;
      return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), {
        status: hit.status,
        headers: [...hit.headers, ["x-page-cache", "hit"]],
      });
    }
    c.set("renderNonce", NONCE_PLACEHOLDER);
    c.set("skipCompress", true);
    const generation = cache.generation;
    await next();
    const res = c.res;
    const plain = Buffer.from(await res.arrayBuffer());
    const gzip =
      key.startsWith("gzip ") &&
      plain.length >= 1024 &&
      !res.headers.has("content-encoding") &&
      COMPRESSIBLE.test(res.headers.get("content-type") ?? "");
    const template = buildTemplate(plain, gzip ? "gzip" : "identity");
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    if (gzip) headers.set("content-encoding", "gzip");
    if (res.status === 200 && !res.headers.has("set-cookie") && c.req.method === "GET") {
      const stored = [...headers.entries()].filter(([k]) => k !== "x-request-id");
      // Only an answer with nonce slots (a page) is kept as a template; a JSON read is served as stored.
      const slots = template.offsets.length > 0 ? template : undefined;
      cache.set(
        key,
        { status: res.status, headers: stored, body: template.body, template: slots },
        generation,
      );
    }
    const body = fillTemplate(template, c.get("cspNonce"));
    c.res = new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), {
      status: res.status,
      headers,
    });
  };
}
