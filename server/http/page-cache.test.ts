import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache.ts";

describe("anonymous page cache", () => {
  it.each([
    ["/", true],
    ["/products/ashwagandha", true],
    ["/knowledge", true],
    ["/knowledge?q=sleep", true],
    ["/knowledge/ginsenosides-explained", true],
    ["/story/the-root-that-looked-like-a-person", true],
    ["/stacks", true],
    ["/stacks/focus-and-calm", true],
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
    ["/api/content/stacks?outcome=Deep%20sleep", true],
    ["/api/content/analytics/articles/3", false],
    ["/api/cart", false],
    ["/api/orders", false],
    ["/api/subscriptions", false],
    ["/api/auth/get-session", false],
    ["/dev/outbox", false],
    ["/products/../checkout", false],
  ])("%s cacheable: %s", (url, expected) => {
    expect(PageCache.cacheable("GET", url, undefined)).toBe(expected);
  });

  it("never serves or stores for a visitor with a session, nor for writes", () => {
    expect(PageCache.cacheable("GET", "/", "mana.session_token=abc")).toBe(false);
    expect(PageCache.cacheable("GET", "/", "theme=dark; __Secure-mana.session_token=abc")).toBe(false);
    expect(PageCache.cacheable("GET", "/", "mana_cart=guest-token")).toBe(true);
    expect(PageCache.cacheable("POST", "/", undefined)).toBe(false);
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
