import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Article } from "../../core/contracts/content.ts";
import type { SiteSearchResults } from "../../core/contracts/search.ts";
import { articles, articleTranslations, productTranslations } from "../../server/db/schema.ts";
import { seed, seedIfEmpty } from "../../server/db/seed.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";

/** Search in the page's language: the translations' words (migration 0018), their titles, their links. */
describe.each(testDatabases)("search in the page's language on %s", (kind) => {
  let shop: TestShop;
  const slug = "magnesium-and-sleep-evidence";
  const siteSearch = async (query: string) => {
    const res = await shop.app.request(`/api/search?${query}`);
    return { status: res.status, body: (await res.json()) as SiteSearchResults };
  };
  const articleSearch = async (query: string) => {
    const res = await shop.app.request(`/api/content/search?${query}`);
    return { status: res.status, body: (await res.json()) as Article[] };
  };
  const count = async (table: typeof articleTranslations | typeof productTranslations) => {
    const [row] = await shop.services.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  it("finds the French article by a French word, with its French title and a /fr link", async () => {
    const { status, body } = await siteSearch("q=sommeil&lang=fr");
    expect(status).toBe(200);
    const hit = body.articles.find((a) => a.slug === slug);
    expect(hit).toMatchObject({
      url: `/fr/knowledge/${slug}`,
      title: expect.stringMatching(/^Magnésium et sommeil/),
    });
    expect(body.articles.every((a) => a.url.startsWith("/fr/knowledge/"))).toBe(true);
    expect(body.stories.every((a) => a.url.startsWith("/fr/story/"))).toBe(true);
    expect(body.products.every((p) => p.url.startsWith("/fr/products/"))).toBe(true);

    const knowledge = await articleSearch("q=sommeil&lang=fr");
    expect(knowledge.status).toBe(200);
    expect(knowledge.body.find((a) => a.slug === slug)?.title).toMatch(/^Magnésium et sommeil/);
  });

  it("corrects a typo of a French word against the French words ('someil')", async () => {
    const { body } = await siteSearch("q=someil&lang=fr");
    expect(body.corrections).toContain("sommeil");
    expect(body.articles.map((a) => a.slug)).toContain(slug);
    const knowledge = await articleSearch("q=someil&lang=fr");
    expect(knowledge.body.map((a) => a.slug)).toContain(slug);
  });

  it("finds the Spanish article by a Spanish word and a typo of it, with its Spanish title and a /es link", async () => {
    const { body } = await siteSearch("q=magnesio&lang=es");
    expect(body.articles.find((a) => a.slug === slug)).toMatchObject({
      url: `/es/knowledge/${slug}`,
      title: expect.stringMatching(/^Magnesio y sueño/),
    });
    const typo = await siteSearch("q=magnesoi&lang=es");
    expect(typo.body.corrections.length).toBeGreaterThan(0);
    expect(typo.body.articles.map((a) => a.slug)).toContain(slug);
    const knowledge = await articleSearch("q=magnesoi&lang=es");
    expect(knowledge.body.find((a) => a.slug === slug)?.title).toMatch(/^Magnesio y sueño/);
  });

  it("finds a product by its Spanish words and shows its Spanish tagline", async () => {
    const english = await siteSearch("q=ashwagandha");
    const { body } = await siteSearch("q=ashwagandha&lang=es");
    const hit = body.products.find((p) => p.slug === "ashwagandha");
    expect(hit?.url).toBe("/es/products/ashwagandha");
    expect(hit?.tagline).not.toBe(english.body.products.find((p) => p.slug === "ashwagandha")?.tagline);
  });

  it("keeps English as it was: English words, English titles, links without a prefix", async () => {
    const plain = await siteSearch("q=magnesium");
    const en = await siteSearch("q=magnesium&lang=en");
    expect(en.body).toEqual(plain.body);
    expect(plain.body.articles.find((a) => a.slug === slug)).toMatchObject({
      url: `/knowledge/${slug}`,
      title: expect.stringMatching(/^Magnesium and Sleep/),
    });
    expect((await siteSearch("q=sommeil")).body.articles.map((a) => a.slug)).not.toContain(slug);
    const knowledge = await articleSearch("q=magnesium");
    expect(knowledge.body.find((a) => a.slug === slug)?.title).toMatch(/^Magnesium and Sleep/);
  });

  it.each(["de", "EN", "", "fr-FR"])("refuses lang=%s with a 400 on both searches", async (lang) => {
    expect((await shop.app.request(`/api/search?q=sleep&lang=${lang}`)).status).toBe(400);
    expect((await shop.app.request(`/api/content/search?q=sleep&lang=${lang}`)).status).toBe(400);
  });

  it("seeds the translations idempotently, and fills them in a database seeded before", async () => {
    const db = shop.services.database.db;
    const before = { articles: await count(articleTranslations), products: await count(productTranslations) };
    expect(before.articles).toBeGreaterThan(0);
    expect(before.products).toBeGreaterThan(0);
    await seed(db);
    expect(await count(articleTranslations)).toBe(before.articles);
    expect(await count(productTranslations)).toBe(before.products);
    // A database seeded before migration 0018: a catalogue, no translations.
    await db.delete(articleTranslations);
    await db.delete(productTranslations);
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await count(articleTranslations)).toBe(before.articles);
    expect(await count(productTranslations)).toBe(before.products);
  });

  it("falls back to an article's English words when it has no translation in the language", async () => {
    const db = shop.services.database.db;
    const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.slug, slug));
    await db.delete(articleTranslations).where(eq(articleTranslations.articleId, row?.id ?? 0));
    const { body } = await siteSearch("q=magnesium&lang=fr");
    expect(body.articles.find((a) => a.slug === slug)).toMatchObject({
      url: `/fr/knowledge/${slug}`,
      title: expect.stringMatching(/^Magnesium and Sleep/),
    });
  });
});
