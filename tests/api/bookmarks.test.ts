import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { headerIdentity, newCustomer, Visitor } from "./checkout-visitor.ts";

const ARTICLE = { id: 1, slug: "ginsenosides-explained" };
const OTHER = { id: 3, slug: "magnesium-and-sleep-evidence" };

describe.each(testDatabases)("reading list API on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  const customer = () => newCustomer(shop, "reader");
  const list = async (v: Visitor) => (await v.call("GET", "/api/bookmarks")).body;
  const ids = async (v: Visitor) => (await list(v)).bookmarks.map((b: { articleId: number }) => b.articleId);

  it("tells a guest they are signed out, and asks them to sign in to save", async () => {
    const guest = new Visitor(shop);
    const res = await guest.call("GET", "/api/bookmarks");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signedIn: false, bookmarks: [] });
    const saved = await guest.call("PUT", `/api/bookmarks/${ARTICLE.id}`);
    expect(saved.status).toBe(401);
    expect(saved.body.message).toBe("Please sign in to save articles to your reading list.");
    expect((await guest.call("DELETE", `/api/bookmarks/${ARTICLE.id}`)).status).toBe(401);
  });

  it("saves, lists newest first with where to read each, saves twice as once, and removes", async () => {
    const v = await customer();
    expect(await list(v)).toEqual({ signedIn: true, bookmarks: [] });
    expect((await v.call("PUT", `/api/bookmarks/${ARTICLE.id}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    const second = await v.call("PUT", `/api/bookmarks/${OTHER.id}`);
    expect(second.body.bookmarks.map((b: { articleId: number }) => b.articleId)).toEqual([
      OTHER.id,
      ARTICLE.id,
    ]);
    expect((await v.call("PUT", `/api/bookmarks/${ARTICLE.id}`)).status).toBe(200);
    const { bookmarks } = await list(v);
    expect(bookmarks).toHaveLength(2);
    expect(bookmarks[1]).toMatchObject({
      articleId: ARTICLE.id,
      slug: ARTICLE.slug,
      href: `/knowledge/${ARTICLE.slug}`,
    });
    expect(bookmarks[1].title.length).toBeGreaterThan(0);
    expect((await v.call("DELETE", `/api/bookmarks/${ARTICLE.id}`)).status).toBe(200);
    expect(await ids(v)).toEqual([OTHER.id]);
    // Removing what is not there is not an error: the list is as asked.
    expect((await v.call("DELETE", `/api/bookmarks/${ARTICLE.id}`)).status).toBe(200);
  });

  it("sends a story to the story reader", async () => {
    const v = await customer();
    const story = await v.call("GET", "/api/content/articles/king-sejong-and-the-gift-of-letters");
    const saved = await v.call("PUT", `/api/bookmarks/${story.body.id}`);
    expect(saved.body.bookmarks[0].href).toBe("/story/king-sejong-and-the-gift-of-letters");
  });

  it("keeps each customer's list their own", async () => {
    const a = await customer();
    const b = await customer();
    await a.call("PUT", `/api/bookmarks/${ARTICLE.id}`);
    expect(await ids(b)).toEqual([]);
    await b.call("DELETE", `/api/bookmarks/${ARTICLE.id}`);
    expect(await ids(a)).toEqual([ARTICLE.id]);
  });

  it.each(["999999", "0", "-1", "1.5", "abc", "99999999999"])("answers 404 for article %s", async (id) => {
    const v = await customer();
    const res = await v.call("PUT", `/api/bookmarks/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Article not found.");
    expect(await ids(v)).toEqual([]);
  });
});
