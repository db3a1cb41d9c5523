import { expect, test } from "@playwright/test";
import { axeReduced } from "./support/looks.ts";

const ARTICLE = "ashwagandha-stress-research";
const ARTICLE_TITLE = "Ashwagandha and Stress: What the Clinical Trials Actually Measured";

test.describe("knowledge hub", () => {
  test("searches from 3 characters: 'ash' finds articles, 'as' does not search", async ({ page }) => {
    await page.goto("/knowledge");
    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.fill("ash");
    await expect(page.getByRole("heading", { name: "Results for “ash”" })).toBeVisible();
    await expect(page).toHaveURL(/q=ash/);
    const results = page.getByRole("region", { name: "Results for “ash”" }).getByRole("article");
    await expect(results.first()).toBeVisible();
    await expect(page.getByRole("link", { name: ARTICLE_TITLE })).toBeVisible();

    await search.fill("as");
    await expect(page.getByRole("heading", { name: "Latest articles" })).toBeVisible();
    await expect(page).not.toHaveURL(/q=/);
    await expect(page.getByText("No results found")).toHaveCount(0);
  });

  test("says so when nothing matches, and a one-letter typo still finds ashwagandha", async ({ page }) => {
    await page.goto("/knowledge");
    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.fill("zzqxv");
    await expect(page.getByText("No results found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search terms")).toBeVisible();
    await search.fill("ashwaganda");
    await expect(page.getByRole("link", { name: ARTICLE_TITLE })).toBeVisible();
  });

  test("turns a type filter on and off; stories stay out of the grid", async ({ page }) => {
    await page.goto("/knowledge");
    const grid = page.getByRole("region", { name: "Latest articles" });
    const allCount = await grid.getByRole("article").count();
    expect(allCount).toBeGreaterThanOrEqual(16);
    await expect(grid.getByText("The Root That Looked Like a Person")).toHaveCount(0);
    await expect(
      page.getByRole("region", { name: "Bedtime stories" }).getByText("Story 1 of 6"),
    ).toBeVisible();

    const research = page.getByRole("button", { name: "Research", exact: true });
    await research.click();
    await expect(research).toHaveAttribute("aria-pressed", "true");
    const filtered = page.getByRole("region", { name: "Research" }).getByRole("article");
    await expect(filtered.first()).toBeVisible();
    const n = await filtered.count();
    expect(n).toBeLessThan(allCount);
    for (let i = 0; i < n; i++)
      await expect(filtered.nth(i).getByText("Research", { exact: true })).toBeVisible();

    await research.click();
    await expect(research).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("region", { name: "Latest articles" }).getByRole("article")).toHaveCount(
      allCount,
    );
  });

  test("opens an article with its blocks, 4 recommendations, JSON-LD, a view and a product click", async ({
    page,
  }) => {
    await page.goto("/knowledge");
    const view = page.waitForRequest(
      (r) => r.url().endsWith("/api/content/analytics/track") && r.postDataJSON()?.eventType === "view",
    );
    await page.getByRole("link", { name: ARTICLE_TITLE }).click();
    await expect(page).toHaveURL(`/knowledge/${ARTICLE}`);
    await expect(page.getByRole("heading", { level: 1, name: ARTICLE_TITLE })).toBeVisible();
    await expect(page).toHaveTitle(`${ARTICLE_TITLE} | MANA`);
    await view;

    await expect(page.getByText("Study:").first()).toBeVisible();
    await expect(page.getByText("Expert insight", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("blockquote").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Keep reading" }).getByRole("article")).toHaveCount(4);

    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd).toMatchObject({ "@type": "Article", headline: ARTICLE_TITLE });

    // A guest is asked to sign in to keep a reading list (e2e/read-aloud-bookmarks.spec.ts has the rest).
    await page.getByRole("button", { name: "Bookmark" }).click();
    const signIn = page.getByRole("alertdialog", { name: "Sign in to bookmark" });
    await expect(signIn.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth");
    await page.getByRole("button", { name: "OK" }).click();

    const click = page.waitForRequest(
      (r) =>
        r.url().endsWith("/api/content/analytics/track") && r.postDataJSON()?.eventType === "product_click",
    );
    await page
      .getByRole("complementary", { name: "Related products" })
      .getByRole("link", { name: "Ashwagandha" })
      .click();
    expect((await click).postDataJSON()).toMatchObject({ eventType: "product_click", productId: 3 });
  });

  test("the article HTML carries title, Open Graph, article metadata and JSON-LD before any JavaScript", async ({
    request,
  }) => {
    const res = await request.get(`/knowledge/${ARTICLE}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${ARTICLE_TITLE} | MANA</title>`);
    expect(html).toContain(`<meta property="og:title" content="${ARTICLE_TITLE}"/>`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/images\/articles\//);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toMatch(/<meta property="article:published_time" content="\d{4}-/);
    expect(html).toContain('<meta property="article:tag" content="ashwagandha"/>');
    expect(html).toMatch(
      /<script type="application\/ld\+json">\{"@context":"https:\/\/schema.org","@type":"Article"/,
    );
  });

  test("the article HTML describes its share picture (og:image:alt, twitter:image:alt)", async ({
    request,
  }) => {
    const html = await (await request.get(`/knowledge/${ARTICLE}`)).text();
    expect(html).toMatch(/<meta property="og:image:alt" content="[^"]*Ashwagandha and Stress[^"]*"\/>/);
    expect(html).toMatch(/<meta name="twitter:image:alt" content="[^"]*Ashwagandha and Stress[^"]*"\/>/);
  });

  test("the hub's search form has a focusable submit button labelled Search", async ({ page }) => {
    await page.goto("/knowledge");
    const search = page.getByRole("search");
    const submit = search.getByRole("button", { name: "Search", exact: true });
    await expect(submit).toHaveAttribute("type", "submit");
    await submit.focus();
    await expect(submit).toBeFocused();
    await search.getByRole("searchbox", { name: "Search articles" }).fill("ash");
    await submit.press("Enter");
    await expect(page.getByRole("heading", { name: "Results for “ash”" })).toBeVisible();
  });

  test("an unknown article answers 404 'Article not found'", async ({ page }) => {
    const res = await page.goto("/knowledge/no-such-article");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article not found" })).toBeVisible();
  });

  test("sitemap.xml lists products, articles, stories and stacks; robots.txt points at it", async ({
    request,
  }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    for (const path of [
      "/products/korean-ginseng",
      `/knowledge/${ARTICLE}`,
      "/story/the-root-that-looked-like-a-person",
      "/stacks/focus-and-calm",
    ]) {
      expect(xml).toMatch(new RegExp(`<loc>[^<]*${path}</loc><lastmod>\\d{4}-`));
    }
    expect(await (await request.get("/robots.txt")).text()).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  });

  for (const path of ["/knowledge", `/knowledge/${ARTICLE}`]) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      const results = await axeReduced(page);
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
        [],
      );
    });
  }
});
