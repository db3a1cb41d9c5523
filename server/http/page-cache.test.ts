import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { buildTemplate } from "./nonce-template.ts";
import { PageCache } from "./page-cache.ts";
import { NONCE_PLACEHOLDER, securityHeaderList } from "./security-headers.ts";

describe("anonymous page cache", () => {
  it.each([
    ["/", true],
    ["/products/ashwagandha", true],
    ["/knowledge", true],
    ["/knowledge?q=sleep", true],
    ["/search?q=ashw", true],
    ["/search.data?q=ashw", true],
    ["/knowledge/ginsenosides-explained", true],
    ["/story/the-root-that-looked-like-a-person", true],
    ["/stacks", true],
    ["/stacks/focus-and-calm", true],
    // The quiz's page: its answers stay in the browser (decision 053).
    ["/quiz", true],
    ["/products/ashwagandha.data", true],
    ["/checkout", false],
    ["/success?session_id=abc", false],
    ["/account", false],
    ["/orders", false],
    ["/auth", false],
    ["/api/products", true],
    ["/api/products/2/content", true],
    ["/api/content/articles?limit=50", true],
    ["/api/content/search?q=sleep", true],
    ["/api/search?q=ashw", true],
    ["/api/content/stacks?outcome=Deep%20sleep", true],
    ["/api/content/analytics/articles/3", false],
    ["/api/cart", false],
    ["/api/orders", false],
    ["/api/subscriptions", false],
    ["/api/auth/get-session", false],
    ["/dev/outbox", false],
    ["/admin", false],
    ["/api/admin/overview", false],
    ["/products/../checkout", false],
    // Spanish and French pages, keyed apart by their path (decision 049).
    ["/es", true],
    ["/fr", true],
    ["/fr.data", true],
    ["/fr/products/ashwagandha", true],
    ["/es/products/ashwagandha.data", true],
    ["/fr/knowledge/ginsenosides-explained", true],
    ["/es/story/the-root-that-looked-like-a-person", true],
    ["/fr/stacks/focus-and-calm", true],
    ["/es/quiz", true],
    ["/es/search?q=sue%C3%B1o", true],
    ["/fr/checkout", false],
    ["/es/account", false],
    ["/fr/orders", false],
    ["/fr/auth", false],
    ["/de/products/ashwagandha", false],
    ["/fr/admin", false],
    ["/fr/api/products", false],
    ["/fr/sitemap.xml", false],
    ["/fr/", false],
  ])("%s cacheable: %s", (url, expected) => {
    expect(PageCache.cacheable("GET", url)).toBe(expected);
  });

  it("serves no stored answer to a request for a fresh one (Cache-Control: no-cache)", () => {
    expect(PageCache.wantsFresh("no-cache")).toBe(true);
    expect(PageCache.wantsFresh("max-age=0, No-Cache")).toBe(true);
    expect(PageCache.wantsFresh(["max-age=0", "no-cache"])).toBe(true);
    expect(PageCache.wantsFresh("max-age=0")).toBe(false);
    expect(PageCache.wantsFresh("no-cache-please")).toBe(false);
    expect(PageCache.wantsFresh(undefined)).toBe(false);
  });

  it("never serves or stores a write", () => {
    expect(PageCache.cacheable("HEAD", "/")).toBe(true);
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      expect(PageCache.cacheable(method, "/")).toBe(false);
  });

  it("keeps one variant of a page per theme (the mana_theme cookie), and one of an API read for all", () => {
    const cache = new PageCache();
    const key = (url: string, cookie?: string) => cache.keyFor(url, "gzip", "shop.test", cookie);
    expect(key("/", "mana_theme=dark")).not.toBe(key("/"));
    expect(key("/", "mana_theme=system")).not.toBe(key("/", "mana_theme=dark"));
    // No cookie, a light one, or an unknown value are all the light page.
    expect(key("/", "mana_theme=light")).toBe(key("/"));
    expect(key("/", "mana_theme=sepia; mana_cart=x")).toBe(key("/"));
    expect(key("/knowledge", "mana_cart=x; mana_theme=dark")).toBe(key("/knowledge", "mana_theme=dark"));
    expect(key("/api/products", "mana_theme=dark")).toBe(key("/api/products"));
  });

  it("keeps one variant of a page per currency (the mana_currency cookie, decision 051)", () => {
    const cache = new PageCache();
    const key = (url: string, cookie?: string) => cache.keyFor(url, "gzip", "shop.test", cookie);
    expect(key("/", "mana_currency=CAD")).not.toBe(key("/"));
    expect(key("/products/korean-ginseng", "mana_currency=EUR")).not.toBe(
      key("/products/korean-ginseng", "mana_currency=GBP"),
    );
    // A page's data for a client navigation is priced in the currency too.
    expect(key("/products/korean-ginseng.data", "mana_currency=CAD")).not.toBe(
      key("/products/korean-ginseng.data"),
    );
    // No cookie, US dollars, or a currency the shop does not price in are all the US dollar page.
    expect(key("/", "mana_currency=USD")).toBe(key("/"));
    expect(key("/", "mana_currency=JPY; mana_cart=x")).toBe(key("/"));
    // Theme and currency together: each pair is its own page.
    expect(key("/", "mana_theme=dark; mana_currency=CAD")).not.toBe(key("/", "mana_currency=CAD"));
    expect(key("/", "mana_theme=dark; mana_currency=CAD")).not.toBe(key("/", "mana_theme=dark"));
    expect(key("/stacks", "mana_cart=x; mana_currency=CAD")).toBe(key("/stacks", "mana_currency=CAD"));
    // A catalogue read of the API is the same for every currency.
    expect(key("/api/products", "mana_currency=CAD")).toBe(key("/api/products"));
  });

  it("keeps one variant per encoding, expires entries and evicts the oldest", async () => {
    const cache = new PageCache({ ttlMs: 30, maxEntries: 2 });
    const page = { status: 200, headers: [] as [string, string][], body: Buffer.from("x") };
    cache.set(PageCache.key("/", "gzip, br"), page);
    expect(cache.get(PageCache.key("/", "gzip"))).toBeDefined();
    expect(cache.get(PageCache.key("/", undefined))).toBeUndefined();
    cache.set(PageCache.key("/a", undefined), page);
    cache.set(PageCache.key("/b", undefined), page);
    expect(cache.get(PageCache.key("/", "gzip"))).toBeUndefined();
    await new Promise((r) => setTimeout(r, 40));
    expect(cache.get(PageCache.key("/a", undefined))).toBeUndefined();
  });
});

describe("cache hits answered before the framework (PageCache.serve)", () => {
  const options = { https: false, reportOnly: false };
  // Stored under the identity encoding below; fetch() would otherwise ask for gzip.
  const identity = { headers: { "accept-encoding": "identity" } };

  async function withServer(cache: PageCache, run: (base: string) => Promise<void>) {
    let id = 0;
    const server = createServer((req, res) => {
      const served = cache.serve(req, res, `req-${++id}`, (path, type, nonce) =>
        securityHeaderList(path, type, nonce, options),
      );
      if (!served) {
        res.statusCode = 404;
        res.end("miss");
      }
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    try {
      await run(`http://127.0.0.1:${port}`);
    } finally {
      server.close();
    }
  }

  it("gives a cached page a fresh nonce in its one CSP header and its markup, and the stored headers once", async () => {
    const cache = new PageCache();
    const page = Buffer.from(`<html><script nonce="${NONCE_PLACEHOLDER}">1</script></html>`);
    const template = buildTemplate(page, "identity");
    cache.set(cache.keyFor("/", undefined, undefined), {
      status: 200,
      // As stored by server/app.ts: the rendered answer's headers, its placeholder CSP among them.
      headers: [
        ["content-type", "text/html; charset=utf-8"],
        ["content-security-policy", `script-src 'nonce-${NONCE_PLACEHOLDER}'`],
        ["x-frame-options", "DENY"],
        ["cache-control", "public, max-age=60"],
      ],
      body: template.body,
      template,
    });
    await withServer(cache, async (base) => {
      const nonces = new Set<string>();
      for (const n of [1, 2]) {
        const res = await fetch(`${base}/`, identity);
        const html = await res.text();
        const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? "";
        expect(nonce).not.toBe(NONCE_PLACEHOLDER);
        expect(res.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
        expect(res.headers.get("content-security-policy")).not.toContain(",");
        expect(res.headers.get("x-frame-options")).toBe("DENY");
        // A page is asked for again at every visit (decision 019): the stored lifetime gives way.
        expect(res.headers.get("cache-control")).toBe("no-cache");
        expect(res.headers.get("x-page-cache")).toBe("hit");
        expect(res.headers.get("x-request-id")).toBe(`req-${n}`);
        expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(html));
        nonces.add(nonce);
      }
      expect(nonces.size).toBe(2);
    });
  });

  it("answers a cached JSON read with the same headers every time, its own request id aside, and HEAD without a body", async () => {
    const cache = new PageCache();
    const body = Buffer.from(JSON.stringify([{ id: 1 }]));
    cache.set(PageCache.key("/api/products", undefined), {
      status: 200,
      headers: [
        ["content-type", "application/json"],
        ["x-content-type-options", "nosniff"],
      ],
      body,
    });
    await withServer(cache, async (base) => {
      const seen: string[] = [];
      for (const n of [1, 2, 3]) {
        const res = await fetch(`${base}/api/products`, identity);
        expect(await res.text()).toBe(body.toString());
        expect(res.headers.get("x-request-id")).toBe(`req-${n}`);
        expect(res.headers.get("content-security-policy")).toBeNull();
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        const headers = [...res.headers].filter(([k]) => k !== "x-request-id" && k !== "date");
        seen.push(JSON.stringify(headers));
      }
      expect(new Set(seen).size).toBe(1);
      const head = await fetch(`${base}/api/products`, { ...identity, method: "HEAD" });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
      expect(Number(head.headers.get("content-length"))).toBe(body.length);
    });
  });
});
