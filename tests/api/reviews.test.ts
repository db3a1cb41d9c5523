import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePreferences } from "../../server/account/preferences.ts";
import { adminAudit, orders, outbox, reviews, user } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { mails, paidSandboxOrder, people } from "./admin-fixtures.ts";
import { createUser, headerIdentity, Visitor } from "./checkout-visitor.ts";

const OWNER = "owner@mana.example";

const GOOD = {
  rating: 5,
  title: "Calmer evenings",
  body: "I sleep better since I take it in the evening, and it is easy to swallow.",
};

describe.each(testDatabases)("product reviews on %s", (kind) => {
  let shop: TestShop;
  let who: Awaited<ReturnType<typeof people>>;
  beforeAll(async () => {
    shop = await createTestShop(kind, {
      identity: headerIdentity(() => shop),
      env: { SUPPORT_EMAIL: OWNER },
    });
    who = await people(shop);
  });
  afterAll(() => shop.close());

  async function customer(name = "Sam Shopper"): Promise<Visitor> {
    const id = `reviewer-${randomBytes(4).toString("hex")}`;
    await createUser(shop, id, `${id}@example.com`);
    // A display name as people give it: the review is signed "Sam S.".
    await shop.services.database.db.update(user).set({ name }).where(eq(user.id, id));
    return new Visitor(shop, id);
  }

  /** A customer's order of the products, paid, shipped and delivered by the owner. */
  async function delivered(buyer: Visitor, productIds: number[]) {
    const order = await paidSandboxOrder(
      shop,
      buyer,
      productIds.map((id) => [id, 1]),
      `${buyer.userId}@example.com`,
    );
    const path = `/api/admin/orders/${order.orderNumber}`;
    expect(
      (await who.staff.call("POST", `${path}/ship`, { carrier: "ups", trackingCode: "1Z1" })).status,
    ).toBe(200);
    expect((await who.staff.call("POST", `${path}/deliver`)).status).toBe(200);
    return order;
  }

  /** No reviews of the product yet: the tests that count them start from none. */
  async function fresh(productId: number) {
    await shop.services.database.db.delete(reviews).where(eq(reviews.productId, productId));
    shop.services.catalogue.invalidate();
  }

  const review = (v: Visitor, productId: number, body: unknown = GOOD) =>
    v.call("POST", `/api/products/${productId}/reviews`, body);
  const publicList = async (productId: number, page = 1) =>
    (await new Visitor(shop).call("GET", `/api/products/${productId}/reviews?page=${page}`)).body;
  const moderate = (id: string, status: string, by = who.staff, reason?: string) =>
    by.call(
      "POST",
      `/api/admin/reviews/${id}/status`,
      reason === undefined ? { status } : { status, reason },
    );
  const autoPublish = (on: boolean) =>
    who.admin.call("PUT", "/api/admin/reviews/settings", { autoPublish: on });

  it("lets only a signed-in customer with a delivered order of the product review it", async () => {
    expect((await review(new Visitor(shop), 4)).status).toBe(401);
    const buyer = await customer();
    expect(await buyer.call("GET", "/api/products/4/reviews/mine")).toMatchObject({
      body: { kind: "not-buyer" },
    });
    // Paid but not yet delivered: not a verified buyer.
    await paidSandboxOrder(shop, buyer, [[4, 1]], `${buyer.userId}@example.com`);
    const early = await review(buyer, 4);
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(
      "Only customers whose order of this product has been delivered can review it.",
    );
    await delivered(buyer, [4]);
    expect((await buyer.call("GET", "/api/products/4/reviews/mine")).body).toEqual({ kind: "may-review" });
    const made = await review(buyer, 4);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ ...GOOD, status: "pending", authorName: "Sam S." });
    expect((await buyer.call("GET", "/api/products/4/reviews/mine")).body).toMatchObject({
      kind: "reviewed",
      review: { id: made.body.id, status: "pending" },
    });
    // A delivered order of another product does not make them a buyer of this one.
    expect((await review(buyer, 3)).status).toBe(403);
    expect((await review(buyer, 999)).status).toBe(404);
    expect((await new Visitor(shop).call("GET", "/api/products/abc/reviews")).status).toBe(400);
  });

  it("takes one review per product and customer (a second is 409)", async () => {
    const buyer = await customer();
    await delivered(buyer, [1]);
    expect((await review(buyer, 1)).status).toBe(201);
    const again = await review(buyer, 1, { ...GOOD, title: "Second thoughts" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_reviewed");
  });

  it.each([
    ["a rating of 0", { ...GOOD, rating: 0 }, "rating"],
    ["a rating of 4.5", { ...GOOD, rating: 4.5 }, "rating"],
    ["a short title", { ...GOOD, title: " ok " }, "title must be at least 3 characters"],
    ["a long title", { ...GOOD, title: "x".repeat(101) }, "title must be at most 100 characters"],
    ["a short text", { ...GOOD, body: "Too short to help." }, "text must be at least 20 characters"],
    ["a long text", { ...GOOD, body: "y".repeat(2001) }, "text must be at most 2000 characters"],
    ["a link", { ...GOOD, body: "Better than the one at https://elsewhere.test, honestly." }, "links"],
    ["www.", { ...GOOD, body: "Cheaper at www dot nothing, see www.cheap-pills for more." }, "links"],
    ["a bare domain", { ...GOOD, title: "See cheap-pills.com" }, "title must not contain links"],
    [
      "a control character",
      { ...GOOD, body: `Fine product overall\u0007, works for me.` },
      "control characters",
    ],
    ["an unknown field", { ...GOOD, status: "published" }, "status"],
  ])("refuses %s with a 400 saying what is wrong", async (_, body, says) => {
    const buyer = await customer();
    await delivered(buyer, [2]);
    const res = await review(buyer, 2, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(says);
  });

  it("accepts plain text with numbers and abbreviations that are not links, trimmed", async () => {
    const buyer = await customer();
    await delivered(buyer, [3]);
    const res = await review(buyer, 3, {
      rating: 4,
      title: "  Good, e.g. for sleep  ",
      body: "Took 2.5 weeks to notice.\nNow I sleep 7.5 hours, i.e. much better.",
    });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe("Good, e.g. for sleep");
  });

  it("lets only the author edit or delete a review: someone else's is 404", async () => {
    const author = await customer();
    const other = await customer();
    await delivered(author, [1]);
    const { id } = (await review(author, 1)).body;
    const edit = { ...GOOD, rating: 3, title: "Changed my mind" };
    expect((await other.call("PATCH", `/api/reviews/${id}`, edit)).status).toBe(404);
    expect((await other.call("DELETE", `/api/reviews/${id}`)).status).toBe(404);
    expect((await new Visitor(shop).call("DELETE", `/api/reviews/${id}`)).status).toBe(401);
    expect((await author.call("PATCH", "/api/reviews/not-a-uuid", edit)).status).toBe(400);
    const edited = await author.call("PATCH", `/api/reviews/${id}`, edit);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ rating: 3, title: "Changed my mind" });
    expect((await author.call("DELETE", `/api/reviews/${id}`)).status).toBe(204);
    expect((await author.call("DELETE", `/api/reviews/${id}`)).status).toBe(404);
    expect((await author.call("GET", "/api/products/1/reviews/mine")).body).toEqual({ kind: "may-review" });
  });

  it("shows only published reviews: pending waits, the owner publishes, hides; an edit goes back to pending", async () => {
    await fresh(2);
    const a = await customer("Ana Lopez");
    const b = await customer("Ben");
    await delivered(a, [2]);
    await delivered(b, [2]);
    const ra = (await review(a, 2, { ...GOOD, rating: 5 })).body;
    const rb = (await review(b, 2, { ...GOOD, rating: 2, title: "Not for me" })).body;
    expect(await publicList(2)).toMatchObject({ reviews: [], summary: { average: null, count: 0 } });
    expect((await moderate(ra.id, "published")).status).toBe(200);
    expect((await moderate(rb.id, "published")).status).toBe(200);
    const shown = await publicList(2);
    // Newest first.
    expect(shown.reviews.map((r: { id: string }) => r.id)).toEqual([rb.id, ra.id]);
    expect(shown.summary).toEqual({
      average: 3.5,
      count: 2,
      stars: [
        { stars: 5, count: 1 },
        { stars: 4, count: 0 },
        { stars: 3, count: 0 },
        { stars: 2, count: 1 },
        { stars: 1, count: 0 },
      ],
    });
    expect(shown.reviews[1]).toMatchObject({ authorName: "Ana L." });
    expect(shown.reviews[0]).not.toHaveProperty("status");
    // The cards' line comes with the catalogue.
    expect((await shop.services.catalogue.ratings()).get(2)).toEqual({ average: 3.5, count: 2 });

    expect((await moderate(rb.id, "hidden", who.staff, "spam")).status).toBe(200);
    expect((await publicList(2)).summary).toMatchObject({ average: 5, count: 1 });
    expect((await shop.services.catalogue.ratings()).get(2)).toEqual({ average: 5, count: 1 });

    const edited = await a.call("PATCH", `/api/reviews/${ra.id}`, { ...GOOD, rating: 4 });
    expect(edited.body.status).toBe("pending");
    expect((await publicList(2)).reviews).toEqual([]);
    expect((await shop.services.catalogue.ratings()).has(2)).toBe(false);

    const audit = await shop.services.database.db
      .select({ action: adminAudit.action })
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "review"), eq(adminAudit.targetId, rb.id)));
    expect(audit.map((x) => x.action).sort()).toEqual(["review.hidden", "review.published"]);
    expect((await moderate(ra.id, "deleted")).status).toBe(400);
    expect((await moderate("00000000-0000-4000-8000-000000000000", "published")).status).toBe(404);
  });

  it("lists the owner's queue by status, pending by default, with reports; the setting is the admin's", async () => {
    const buyer = await customer();
    await delivered(buyer, [3]);
    const { id } = (await review(buyer, 3)).body;
    const list = await who.staff.call("GET", "/api/admin/reviews");
    expect(list.status).toBe(200);
    expect(list.body.reviews.map((r: { id: string }) => r.id)).toContain(id);
    expect(list.body.reviews.every((r: { status: string }) => r.status === "pending")).toBe(true);
    expect((await who.staff.call("GET", "/api/admin/reviews?status=gone")).status).toBe(400);
    expect((await who.staff.call("PUT", "/api/admin/reviews/settings", { autoPublish: true })).status).toBe(
      403,
    );
    expect((await who.customer.call("GET", "/api/admin/reviews")).status).toBe(403);
    expect((await new Visitor(shop).call("GET", "/api/admin/reviews")).status).toBe(401);
  });

  it("publishes at once with auto-publish on, and pages the list five at a time", async () => {
    await fresh(3);
    expect((await autoPublish(true)).status).toBe(200);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const buyer = await customer();
        await delivered(buyer, [3]);
        const made = await review(buyer, 3, { ...GOOD, title: `Review number ${i}` });
        expect(made.body.status).toBe("published");
        ids.push(made.body.id);
      }
      const first = await publicList(3);
      expect(first).toMatchObject({ page: 1, pages: 2, summary: { count: 6, average: 5 } });
      expect(first.reviews).toHaveLength(5);
      const second = await publicList(3, 2);
      expect(second.reviews.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
      expect((await publicList(3, 9)).page).toBe(2);
      expect((await new Visitor(shop).call("GET", "/api/products/3/reviews?page=0")).status).toBe(400);
      expect((await who.admin.call("GET", "/api/admin/reviews")).body.autoPublish).toBe(true);
    } finally {
      await autoPublish(false);
    }
  });

  it("takes one report per review and reporter, with a reason from the list", async () => {
    await autoPublish(true);
    const author = await customer();
    await delivered(author, [4]);
    const { id } = (await review(author, 4)).body;
    await autoPublish(false);
    const reporter = await customer();
    const report = (v: Visitor, reason: string) => v.call("POST", `/api/reviews/${id}/report`, { reason });
    expect((await report(new Visitor(shop), "spam")).status).toBe(401);
    expect((await report(reporter, "because")).status).toBe(400);
    expect((await report(author, "spam")).status).toBe(400);
    expect((await report(reporter, "spam")).status).toBe(201);
    const twice = await report(reporter, "offensive");
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("You have already reported this review. Thank you.");
    expect((await report(who.customer, "off-topic")).status).toBe(201);
    const flagged = (await who.staff.call("GET", "/api/admin/reviews?status=published")).body.reviews.find(
      (r: { id: string }) => r.id === id,
    );
    expect(flagged).toMatchObject({ reportCount: 2 });
    expect(flagged.reportReasons.sort()).toEqual(["off-topic", "spam"]);
  });

  it("invites a review once per delivered order, only when the customer turned promotions on", async () => {
    const quiet = await customer();
    await delivered(quiet, [1]);
    expect(await mails(shop, `${quiet.userId}@example.com`, "How are you finding")).toBe(0);

    const keen = await customer();
    await savePreferences(shop.services.database.db, keen.userId as string, {
      notifications: { promotions: true },
    });
    const order = await delivered(keen, [1, 2]);
    const [invite] = await shop.services.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `review-invite:${order.id}`));
    expect(invite?.to).toBe(`${keen.userId}@example.com`);
    expect(invite?.subject).toBe("How are you finding your MANA order?");
    expect(invite?.text).toContain(`Your order ${order.orderNumber} was delivered. Once you have tried it,`);
    expect(invite?.text).toMatch(/Review .+: https?:\/\/[^/]+\/products\/[^#]+#write-review/);
    expect(invite?.text).toContain("/products/");
    expect(invite?.text).toContain("#write-review");
    // Delivering the same order again (it is already delivered) sends nothing more.
    await who.staff.call("POST", `/api/admin/orders/${order.orderNumber}/deliver`);
    expect(await mails(shop, `${keen.userId}@example.com`, "How are you finding")).toBe(1);
  });

  it("writes the review invitation in the order's language, its links to that language's pages", async () => {
    const buyer = await customer();
    await savePreferences(shop.services.database.db, buyer.userId as string, {
      notifications: { promotions: true },
    });
    const order = await paidSandboxOrder(shop, buyer, [[1, 1]], `${buyer.userId}@example.com`);
    await shop.services.database.db.update(orders).set({ locale: "fr" }).where(eq(orders.id, order.id));
    const path = `/api/admin/orders/${order.orderNumber}`;
    expect(
      (await who.staff.call("POST", `${path}/ship`, { carrier: "ups", trackingCode: "1Z1" })).status,
    ).toBe(200);
    expect((await who.staff.call("POST", `${path}/deliver`)).status).toBe(200);
    const [invite] = await shop.services.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `review-invite:${order.id}`));
    expect(invite?.subject).toBe("Que pensez-vous de votre commande MANA ?");
    expect(invite?.text).toContain(`Votre commande ${order.orderNumber} a été livrée.`);
    expect(invite?.text).toMatch(
      /Donner votre avis sur .+: https?:\/\/[^/]+\/fr\/products\/[^#]+#write-review/,
    );
    expect(invite?.text).toMatch(/Visiter la boutique: https?:\/\/[^/]+\/fr\n/);
  });

  it("hides a review only for a reason from the list, never for its rating, and records the reason and who hid it", async () => {
    const buyer = await customer("Lee Low");
    await delivered(buyer, [3]);
    const { id } = (await review(buyer, 3, { ...GOOD, rating: 1, title: "Did nothing for me" })).body;
    for (const [body, says] of [
      [{ status: "hidden" }, "reason is required to hide a review"],
      [{ status: "hidden", reason: "rating" }, "a review is never hidden for its rating"],
      [{ status: "hidden", reason: "negative" }, "reason must be one of off-topic"],
      [{ status: "hidden", reason: "" }, "reason must be one of"],
      [{ status: "published", reason: "spam" }, "reason is only given to hide a review"],
    ] as const) {
      const res = await who.staff.call("POST", `/api/admin/reviews/${id}/status`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(says);
    }
    expect((await moderate(id, "hidden", who.staff, "medical-claim")).status).toBe(200);
    const [row] = await shop.services.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({
      status: "hidden",
      hiddenReason: "medical-claim",
      moderatedBy: `${who.staff.userId}@example.com`,
    });
    const hidden = (await who.staff.call("GET", "/api/admin/reviews?status=hidden")).body.reviews;
    expect(hidden.find((r: { id: string }) => r.id === id)).toMatchObject({
      hiddenReason: "medical-claim",
      moderatedBy: `${who.staff.userId}@example.com`,
    });
    // Publishing clears the reason and records who published it.
    expect((await moderate(id, "published", who.admin)).status).toBe(200);
    const [after] = await shop.services.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(after).toMatchObject({
      status: "published",
      hiddenReason: null,
      moderatedBy: `${who.admin.userId}@example.com`,
    });
  });

  it("flags a review that mentions a reaction, in the queue, and e-mails the owner once", async () => {
    const buyer = await customer();
    await delivered(buyer, [1]);
    const plain = (await review(buyer, 1)).body;
    const queue = async () => (await who.staff.call("GET", "/api/admin/reviews")).body.reviews;
    expect((await queue()).find((r: { id: string }) => r.id === plain.id)).toMatchObject({
      reactionFlag: false,
    });
    const rash = {
      ...GOOD,
      body: "Broke out in a rash on my neck after the third day, so I stopped taking it.",
    };
    expect((await buyer.call("PATCH", `/api/reviews/${plain.id}`, rash)).status).toBe(200);
    expect((await queue()).find((r: { id: string }) => r.id === plain.id)).toMatchObject({
      reactionFlag: true,
    });
    // Edited again, still about the rash: the owner is not mailed a second time.
    expect((await buyer.call("PATCH", `/api/reviews/${plain.id}`, { ...rash, rating: 2 })).status).toBe(200);
    expect(await mails(shop, OWNER, "mentions a reaction")).toBe(1);
  });
});
