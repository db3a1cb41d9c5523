import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStoryEligible } from "../../core/story.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";

type Json = Record<string, unknown>;
type Article = Json & { id: number; slug: string; tags: string[]; publishDate: string };

describe.each(testDatabases)("content API on %s", (kind) => {
  let shop: TestShop;
  const get = (path: string, init?: RequestInit) => shop.app.request(path, init);
  const json = async <T = unknown>(path: string) => {
    const res = await get(path);
    return { status: res.status, body: (await res.json()) as T };
  };
  const track = (body: unknown, headers: Record<string, string> = {}) =>
    shop.app.request("/api/content/analytics/track", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  describe("articles", () => {
    it("lists articles and stories newest first, 50 by default, without the search text", async () => {
      const { status, body } = await json<Article[]>("/api/content/articles");
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThanOrEqual(22);
      expect(body.length).toBeLessThanOrEqual(50);
      const dates = body.map((a) => Date.parse(a.publishDate));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      expect(body.some((a) => a.id >= 101)).toBe(true);
      expect(body[0]).not.toHaveProperty("searchText");
      expect(body[0]).toMatchObject({
        title: expect.any(String),
        excerpt: expect.any(String),
        contentBlocks: expect.any(Array),
        featuredProducts: expect.any(Array),
      });
    });

    it("never answers a type filter with children's stories, whatever their stored type", async () => {
      const all = (await json<Article[]>("/api/content/articles")).body;
      const storyTypes = new Set(all.filter((a) => isStoryEligible(a)).map((a) => a.articleType));
      expect(storyTypes.size).toBeGreaterThan(0);
      for (const type of storyTypes) {
        const { body } = await json<Article[]>(`/api/content/articles?type=${type}`);
        expect(body.length).toBeGreaterThan(0);
        expect(body.filter((a) => isStoryEligible(a))).toEqual([]);
      }
    });

    it("filters by type and honours the limit", async () => {
      const { body } = await json<Article[]>("/api/content/articles?type=research");
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((a) => a.articleType === "research")).toBe(true);
      expect((await json<Article[]>("/api/content/articles?limit=3")).body).toHaveLength(3);
    });

    it.each([
      "type=recipes",
      "limit=-1",
      "limit=0",
      "limit=1000000",
      "limit=ten",
      "limit=2&limit=3",
      "nope=1",
    ])("refuses ?%s with a 400 JSON error", async (query) => {
      const res = await get(`/api/content/articles?${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    });

    it("finds an article by slug and answers a JSON 404 for an unknown one", async () => {
      const { status, body } = await json<Article>("/api/content/articles/ashwagandha-stress-research");
      expect(status).toBe(200);
      expect(body.slug).toBe("ashwagandha-stress-research");
      const missing = await get("/api/content/articles/no-such-article");
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: "Article not found", code: "not_found" });
      expect((await get(`/api/content/articles/${"x".repeat(300)}`)).status).toBe(400);
    });

    it("lists the categories with their counts", async () => {
      const { status, body } =
        await json<Array<{ category: string; count: number }>>("/api/content/categories");
      expect(status).toBe(200);
      expect(body.find((c) => c.category === "children")?.count).toBeGreaterThanOrEqual(5);
    });
  });

  describe("experts", () => {
    it("lists featured experts only when asked", async () => {
      const all = await json<Json[]>("/api/content/experts");
      const featured = await json<Json[]>("/api/content/experts?featured=true");
      expect(featured.body.length).toBeGreaterThanOrEqual(3);
      expect(featured.body.length).toBeLessThan(all.body.length);
      expect(featured.body.every((e) => e.featured === true)).toBe(true);
      expect(featured.body[0]).toMatchObject({
        name: expect.any(String),
        credentials: expect.any(String),
        bio: expect.any(String),
        authorityScore: expect.any(Number),
        verifiedExpert: expect.any(Boolean),
        headshotUrl: expect.stringMatching(/^\/images\/experts\//),
      });
      expect((await get("/api/content/experts?featured=yes")).status).toBe(400);
    });

    it("finds one expert by id, 404 when unknown, 400 when not a number", async () => {
      expect((await json<Json>("/api/content/experts/1")).body).toMatchObject({ id: 1 });
      expect((await get("/api/content/experts/999")).status).toBe(404);
      expect((await get("/api/content/experts/abc")).status).toBe(400);
      expect((await get("/api/content/experts/-1")).status).toBe(400);
    });
  });

  describe("search", () => {
    const search = (q: string) => json<Article[]>(`/api/content/search?q=${encodeURIComponent(q)}`);

    it("finds ashwagandha articles from the prefix 'ash'", async () => {
      const { status, body } = await search("ash");
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThan(0);
      expect(body.some((a) => a.slug === "ashwagandha-stress-research")).toBe(true);
    });

    it("still finds 'ashwagandha' with a one-letter typo", async () => {
      const { body } = await search("ashwaganda");
      expect(body.some((a) => a.slug.includes("ashwagandha"))).toBe(true);
    });

    it("ranks a title match first and understands several words", async () => {
      const { body } = await search("magnesium sleep");
      expect(body.length).toBeGreaterThan(0);
      expect(body[0]?.title).toMatch(/magnesium/i);
    });

    it("answers an empty list for queries of 2 characters or fewer, and for nonsense", async () => {
      for (const q of ["", "a", "as", "  as  "]) expect((await search(q)).body).toEqual([]);
      expect((await search("zzqxv")).body).toEqual([]);
    });

    it("does not break on query syntax characters", async () => {
      for (const q of ["ash & | ! :*", '"unclosed quote', "'); drop table articles; --", "-ginseng or"]) {
        const res = await get(`/api/content/search?q=${encodeURIComponent(q)}`);
        expect(res.status, q).toBe(200);
      }
    });

    it("refuses a 10,000 character query with a 400", async () => {
      const res = await get(`/api/content/search?q=${"a".repeat(10_000)}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid_input" });
    });
  });

  describe("recommendations", () => {
    it("gives 4 related articles, never the article itself", async () => {
      const { body: article } = await json<Article>("/api/content/articles/ashwagandha-stress-research");
      const { status, body } = await json<Article[]>(`/api/content/recommendations?articleId=${article.id}`);
      expect(status).toBe(200);
      expect(body).toHaveLength(4);
      expect(body.map((a) => a.id)).not.toContain(article.id);
      // Related by tags or products: the first shares something with the article.
      const first = body[0] as Article;
      const shares =
        first.tags.some((t) => article.tags.includes(t)) ||
        (first.featuredProducts as number[]).some((p) => (article.featuredProducts as number[]).includes(p));
      expect(shares).toBe(true);
    });

    it("recommends stories for a story", async () => {
      const { body } = await json<Article[]>("/api/content/recommendations?articleId=101");
      expect(body).toHaveLength(4);
      expect(body.every((a) => a.id >= 101 && a.id !== 101)).toBe(true);
    });

    it("refuses a missing or non-numeric articleId and answers 404 for an unknown one", async () => {
      expect((await get("/api/content/recommendations")).status).toBe(400);
      expect((await get("/api/content/recommendations?articleId=abc")).status).toBe(400);
      expect((await get("/api/content/recommendations?articleId=1.5")).status).toBe(400);
      expect((await get("/api/content/recommendations?articleId=99999")).status).toBe(404);
    });
  });

  describe("analytics", () => {
    const views = async (id: number) =>
      (await json<{ views: number }>(`/api/content/analytics/articles/${id}`)).body.views;

    it("counts one view per visitor per article per hour", async () => {
      const before = await views(2);
      const first = await track({ articleId: 2, eventType: "view" }, { "user-agent": "test-a" });
      expect(first.status).toBe(202);
      expect(await first.json()).toEqual({ recorded: true });
      // No cookie counts a reader: the shop sets only strictly necessary cookies (decision 045).
      expect(first.headers.get("set-cookie")).toBeNull();
      for (let i = 0; i < 5; i++) {
        const again = await track({ articleId: 2, eventType: "view" }, { "user-agent": "test-a" });
        expect(await again.json()).toEqual({ recorded: false });
      }
      expect(await views(2)).toBe(before + 1);

      // Another visitor (another browser) counts once more; the same browser does not.
      const other = { "user-agent": "test-b" };
      expect(await (await track({ articleId: 2, eventType: "view" }, other)).json()).toEqual({
        recorded: true,
      });
      expect(await (await track({ articleId: 2, eventType: "view" }, other)).json()).toEqual({
        recorded: false,
      });
      expect(await views(2)).toBe(before + 2);
    });

    it("cannot be inflated without bound by rotating user agents or old visitor cookies from one address", async () => {
      const before = await views(3);
      const sends = Array.from({ length: 70 }, (_, i) =>
        track(
          { articleId: 3, eventType: "view" },
          { "user-agent": `rotating-${i}`, cookie: `mana_vid=${i.toString(16).padStart(32, "0")}` },
        ),
      );
      for (const s of sends) await s;
      expect(await views(3)).toBeLessThanOrEqual(before + 50);
    });

    it("records a product click with its product", async () => {
      const res = await track({ articleId: 2, eventType: "product_click", productId: 3 });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ recorded: true });
    });

    it.each([
      [{ articleId: 2 }, 400],
      [{ articleId: "2", eventType: "view" }, 400],
      [{ articleId: 2, eventType: "like" }, 400],
      [{ articleId: 2, eventType: "product_click" }, 400],
      [{ articleId: 2, eventType: "product_click", productId: 999 }, 400],
      [{ articleId: -4, eventType: "view" }, 400],
      [{ articleId: 99999, eventType: "view" }, 404],
      [{ articleId: 2, eventType: "view", extra: "x" }, 400],
    ])("refuses %j with %i", async (body, status) => {
      const res = await track(body);
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ code: expect.any(String) });
    });

    it("refuses malformed JSON and a non-JSON body with a 4xx", async () => {
      const bad = await shop.app.request("/api/content/analytics/track", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      expect(bad.status).toBe(400);
      const text = await shop.app.request("/api/content/analytics/track", { method: "POST", body: "hi" });
      expect(text.status).toBe(415);
    });

    it("answers views 404 for an unknown article and 400 for a non-numeric id", async () => {
      expect((await get("/api/content/analytics/articles/99999")).status).toBe(404);
      expect((await get("/api/content/analytics/articles/abc")).status).toBe(400);
    });
  });

  describe("stacks", () => {
    type Stack = Json & {
      slug: string;
      targetOutcomes: string[];
      productCombination: Array<{ id: number; name: string; tagline: string; price: string }>;
      pricingStrategy: { bundlePrice: string; savings: string; subscriptionDiscount: number };
    };

    it("lists every stack with its products resolved and consistent pricing", async () => {
      const { status, body } = await json<Stack[]>("/api/content/stacks");
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThanOrEqual(6);
      const outcomes = new Set(body.flatMap((s) => s.targetOutcomes));
      expect(outcomes.size).toBe(5);
      for (const s of body) {
        expect(s.productCombination.length).toBeGreaterThanOrEqual(2);
        for (const p of s.productCombination) {
          expect(p).toMatchObject({
            id: expect.any(Number),
            name: expect.any(String),
            tagline: expect.any(String),
          });
          expect(p.price).toMatch(/^\d+\.\d{2}$/);
        }
        const individual = s.productCombination.reduce((sum, p) => sum + Number(p.price), 0);
        expect(Number(s.pricingStrategy.bundlePrice)).toBeLessThan(individual);
        expect(Number(s.pricingStrategy.savings)).toBeCloseTo(
          individual - Number(s.pricingStrategy.bundlePrice),
        );
      }
    });

    it("filters by outcome label or id, and treats an empty or 'null' outcome as all", async () => {
      const byLabel = await json<Stack[]>("/api/content/stacks?outcome=Deep%20sleep");
      const byId = await json<Stack[]>("/api/content/stacks?outcome=deep-sleep");
      expect(byLabel.body.length).toBeGreaterThan(0);
      expect(byLabel.body.every((s) => s.targetOutcomes.includes("deep-sleep"))).toBe(true);
      expect(byId.body.map((s) => s.slug)).toEqual(byLabel.body.map((s) => s.slug));
      const all = await json<Stack[]>("/api/content/stacks");
      expect((await json<Stack[]>("/api/content/stacks?outcome=")).body).toHaveLength(all.body.length);
      expect((await json<Stack[]>("/api/content/stacks?outcome=null")).body).toHaveLength(all.body.length);
      expect((await get("/api/content/stacks?outcome=Flying")).status).toBe(400);
    });

    it("finds one stack by slug, 404 when unknown", async () => {
      expect((await json<Stack>("/api/content/stacks/focus-and-calm")).body.slug).toBe("focus-and-calm");
      expect((await get("/api/content/stacks/nope")).status).toBe(404);
    });
  });

  describe("product content", () => {
    it("answers the articles and stacks of a product", async () => {
      const { status, body } = await json<{ articles: Article[]; stacks: Stack[] }>(
        "/api/products/3/content",
      );
      expect(status).toBe(200);
      expect(body.articles.length).toBeGreaterThan(0);
      expect(body.articles.every((a) => (a.featuredProducts as number[]).includes(3))).toBe(true);
      expect(body.stacks.length).toBeGreaterThan(0);
      expect(body.stacks.every((s) => s.productCombination.some((p) => p.id === 3))).toBe(true);
    });

    it("answers in the page's language with ?lang=, the same items in the same order", async () => {
      type Content = { articles: Article[]; stacks: Stack[] };
      const english = await json<Content>("/api/products/3/content");
      for (const lang of ["es", "fr"]) {
        const { status, body } = await json<Content>(`/api/products/3/content?lang=${lang}`);
        expect(status).toBe(200);
        expect(body.articles.map((a) => a.slug)).toEqual(english.body.articles.map((a) => a.slug));
        // Every article and story of the catalogue is translated (docs/translations-missing.md).
        for (const [i, article] of body.articles.entries()) {
          expect(article.title, `${lang} ${article.slug}`).not.toBe(english.body.articles[i]?.title);
          expect(article.tags).toEqual(english.body.articles[i]?.tags);
        }
        expect(body.stacks.map((s) => s.name)).toEqual(english.body.stacks.map((s) => s.name));
        expect(body.stacks[0]?.description).not.toBe(english.body.stacks[0]?.description);
      }
      const refused = await json<{ error: string }>("/api/products/3/content?lang=de");
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain("lang");
    });

    it("answers educational modules in order", async () => {
      const { status, body } = await json<{ modules: Json[] }>("/api/products/1/educational-modules");
      expect(status).toBe(200);
      expect(body.modules.length).toBeGreaterThan(0);
      expect(body.modules[0]).toMatchObject({ order: 1, url: expect.stringMatching(/^\/knowledge\//) });
    });

    it("keeps GET /api/products working and refuses bad product ids", async () => {
      expect((await get("/api/products")).status).toBe(200);
      expect((await get("/api/products/99/content")).status).toBe(404);
      expect((await get("/api/products/abc/content")).status).toBe(400);
      expect((await get("/api/products/abc/educational-modules")).status).toBe(400);
    });
  });
});

type Stack = {
  slug: string;
  name: string;
  description: string;
  productCombination: Array<{ id: number }>;
};
