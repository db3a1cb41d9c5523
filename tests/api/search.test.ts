import { readFile } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteSearchResults } from "../../core/contracts/search.ts";
import { isStoryEligible } from "../../core/story.ts";
import { allArticles } from "../../server/content/articles.ts";
import { products } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { people } from "./admin-fixtures.ts";
import { headerIdentity, Visitor } from "./checkout-visitor.ts";

describe.each(testDatabases)("site search API on %s", (kind) => {
  let shop: TestShop;
  const search = async (q: string) => {
    const res = await shop.app.request(`/api/search?q=${encodeURIComponent(q)}`);
    return { status: res.status, body: (await res.json()) as SiteSearchResults & { message?: string } };
  };

  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  it("finds the Ashwagandha product and a story from the prefix 'ashw', grouped", async () => {
    const { status, body } = await search("ashw");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["articles", "corrections", "products", "q", "stories"]);
    expect(body.corrections).toEqual([]);
    expect(body.q).toBe("ashw");
    expect(body.products[0]).toMatchObject({
      slug: "ashwagandha",
      name: expect.stringMatching(/ashwagandha/i),
      url: "/products/ashwagandha",
      price: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(body.stories.length).toBeGreaterThan(0);
    expect(body.stories.every((s) => s.url === `/story/${s.slug}`)).toBe(true);
    expect(body.articles.length).toBeGreaterThan(0);
    expect(body.articles.every((a) => a.url === `/knowledge/${a.slug}`)).toBe(true);
  });

  it("still finds the product with a one-letter typo ('ashwaganda')", async () => {
    const { body } = await search("ashwaganda");
    expect(body.products.map((p) => p.slug)).toContain("ashwagandha");
    // The word it was taken for comes back, so the box can mark it in the results.
    expect(body.corrections).toContain("ashwagandha");
  });

  it("finds a product by the words of its description and benefits, not only its name", async () => {
    const [row] = await shop.services.database.db
      .select({ benefits: products.benefits })
      .from(products)
      .where(eq(products.slug, "korean-ginseng"));
    const word = (row?.benefits[0] ?? "").match(/[A-Za-z]{5,}/)?.[0] ?? "";
    expect(word.length).toBeGreaterThan(0);
    const { body } = await search(word);
    expect(body.products.map((p) => p.slug)).toContain("korean-ginseng");
  });

  it("puts each article in one group: stories by the story rule, never among the articles", async () => {
    const byId = new Map((await allArticles(shop.services.database.db)).map((a) => [a.id, a]));
    for (const q of ["ashw", "ginseng", "sleep", "story"]) {
      const { body } = await search(q);
      for (const s of body.stories)
        expect(isStoryEligible(byId.get(s.id) ?? { id: 0, tags: [] }), q).toBe(true);
      for (const a of body.articles)
        expect(isStoryEligible(byId.get(a.id) ?? { id: 101, tags: ["children"] }), q).toBe(false);
      const ids = [...body.articles, ...body.stories].map((a) => a.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("answers a few of each, and only what the shop pages show (no search text, no stock count)", async () => {
    const { body } = await search("ginseng");
    for (const group of [body.products, body.articles, body.stories])
      expect(group.length).toBeLessThanOrEqual(4);
    const text = JSON.stringify(body);
    for (const hidden of ["searchText", "searchVector", "stockOnHand", "contentBlocks", "priceCents"])
      expect(text).not.toContain(hidden);
  });

  it("answers empty groups for a query that matches nothing", async () => {
    const { status, body } = await search("zzqxv");
    expect(status).toBe(200);
    expect(body).toEqual({ q: "zzqxv", corrections: [], products: [], articles: [], stories: [] });
  });

  it("does not break on query syntax characters", async () => {
    for (const q of ["ash & | ! :*", '"unclosed', "'); drop table products; --", "-ginseng or", "::"]) {
      expect((await search(q)).status, q).toBe(200);
    }
  });

  it.each([
    ["", "missing"],
    ["a", "one character"],
    ["   a   ", "one character once trimmed"],
    ["x".repeat(101), "101 characters"],
  ])("refuses q=%j (%s) with a 400 JSON message", async (q) => {
    const res = await shop.app.request(`/api/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_input", message: expect.stringMatching(/q/) });
  });

  it.each(["", "?", "?q=ab&q=cd", "?q=ab&limit=3"])("refuses /api/search%s with a 400", async (query) => {
    const res = await shop.app.request(`/api/search${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("accepts exactly 2 and exactly 100 characters", async () => {
    expect((await search("as")).status).toBe(200);
    expect((await search("a".repeat(100))).status).toBe(200);
  });

  it("finds products stored before their search text existed, once the migration fills it", async () => {
    const db = shop.services.database.db;
    await db.update(products).set({ searchText: "" });
    shop.services.pageCache.clear();
    // The name alone still matches by similarity; the calm the tagline promises does not.
    expect((await search("calm resilience")).body.products).toEqual([]);
    const migration = await readFile(
      new URL("../../drizzle/0010_product_search_text.sql", import.meta.url),
      "utf8",
    );
    await db.execute(sql.raw(migration));
    shop.services.pageCache.clear();
    expect((await search("calm resilience")).body.products.map((p) => p.slug)).toContain("ashwagandha");
  });
});

describe.each(testDatabases)("site search after a dashboard edit on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  it("shows the new price at once (the cached answer is dropped) and still finds the product", async () => {
    const anonymous = new Visitor(shop);
    const before = await anonymous.call("GET", "/api/search?q=ashw");
    expect(before.body.products[0]).toMatchObject({ slug: "ashwagandha", price: "30.00" });
    const { admin } = await people(shop);
    const id = before.body.products[0].id as number;
    expect((await admin.call("PATCH", `/api/admin/products/${id}`, { priceCents: 3250 })).status).toBe(200);
    const after = await anonymous.call("GET", "/api/search?q=ashw");
    expect(after.body.products[0]).toMatchObject({ slug: "ashwagandha", price: "32.50" });
  });
});
