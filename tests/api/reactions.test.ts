import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAudit, outbox, reactionReports, user } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { mails, paidSandboxOrder, people } from "./admin-fixtures.ts";
import { createUser, headerIdentity, Visitor } from "./checkout-visitor.ts";

const OWNER = "owner@mana.example";

const GOOD = {
  productId: 2,
  description: "Two days after starting, I had an itchy rash on both arms. It went away when I stopped.",
  name: "Riley Reporter",
  email: "riley@example.com",
  phone: "+1 (503) 555-0199",
  consent: true,
};

describe.each(testDatabases)("reports of reactions on %s", (kind) => {
  let shop: TestShop;
  let who: Awaited<ReturnType<typeof people>>;
  let ipCount = 0;
  beforeAll(async () => {
    shop = await createTestShop(kind, {
      identity: headerIdentity(() => shop),
      env: { SUPPORT_EMAIL: OWNER, TRUSTED_PROXIES: "127.0.0.1" },
    });
    who = await people(shop);
  });
  afterAll(() => shop.close());

  // Each report from its own client address, except where the limit itself is tested.
  const report = (v: Visitor, body: unknown, ip = `198.51.100.${++ipCount}`) =>
    v.call("POST", "/api/reactions", body, { "x-forwarded-for": ip });

  async function customer() {
    const id = `reporter-${randomBytes(4).toString("hex")}`;
    await createUser(shop, id, `${id}@example.com`);
    return new Visitor(shop, id);
  }

  it("stores a guest's report, e-mails the owner at once and acknowledges it to the reporter", async () => {
    const email = `guest-${randomBytes(3).toString("hex")}@example.com`;
    const res = await report(new Visitor(shop), { ...GOOD, email: email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "new" });
    const [row] = await shop.services.database.db
      .select()
      .from(reactionReports)
      .where(eq(reactionReports.id, res.body.id));
    expect(row).toMatchObject({
      productId: 2,
      orderId: null,
      userId: null,
      name: "Riley Reporter",
      email,
      phone: "+1 (503) 555-0199",
      description: GOOD.description,
      status: "new",
    });
    const [owner] = await shop.services.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `reaction-owner:${res.body.id}`));
    expect(owner?.to).toBe(OWNER);
    expect(owner?.subject).toBe("Reaction reported: Total Restore");
    expect(owner?.text).toContain(GOOD.description);
    expect(owner?.text).toContain(`/admin/reactions/${res.body.id}`);
    expect(await mails(shop, email, "We received your report")).toBe(1);
    const [ack] = await shop.services.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `reaction-ack:${res.body.id}`));
    expect(ack?.text).toContain("Hello Riley Reporter,");
    expect(ack?.text).toContain("Thank you for telling us about your reaction to Total Restore.");
    expect(ack?.text).toContain(
      "We keep this report, your contact details and any order it names for six years",
    );
  });

  it("acknowledges a report in the language of the page it was sent from (x-mana-locale); the owner's copy stays English", async () => {
    const email = `guest-${randomBytes(3).toString("hex")}@example.com`;
    const res = await new Visitor(shop).call(
      "POST",
      "/api/reactions",
      { ...GOOD, email },
      { "x-forwarded-for": `198.51.100.${++ipCount}`, "x-mana-locale": "fr" },
    );
    expect(res.status).toBe(201);
    const mailOf = async (key: string) =>
      (await shop.services.database.db.select().from(outbox).where(eq(outbox.dedupeKey, key)))[0];
    const ack = await mailOf(`reaction-ack:${res.body.id}`);
    expect(ack?.subject).toBe("Nous avons reçu votre signalement");
    expect(ack?.text).toContain("Bonjour Riley Reporter,");
    expect(ack?.text).toContain("Merci de nous avoir signalé votre réaction à Total Restore.");
    expect(ack?.text).toContain("Nous conservons ce signalement");
    expect((await mailOf(`reaction-owner:${res.body.id}`))?.subject).toBe("Reaction reported: Total Restore");
  });

  it.each([
    ["no product", { ...GOOD, productId: undefined }, "productId is required"],
    [
      "a product that does not exist",
      { ...GOOD, productId: 999 },
      "productId must be one of the shop's products",
    ],
    ["no description", { ...GOOD, description: "   " }, "description must be at least 10 characters"],
    [
      "a description too long",
      { ...GOOD, description: "x".repeat(4001) },
      "description must be at most 4000",
    ],
    ["no name", { ...GOOD, name: "" }, "name is required"],
    ["a bad e-mail", { ...GOOD, email: "riley@" }, "email must be a valid e-mail address"],
    ["a bad phone", { ...GOOD, phone: "call me maybe" }, "phone must be a phone number"],
    ["no consent", { ...GOOD, consent: false }, "consent must be true"],
    ["an unknown field", { ...GOOD, status: "closed" }, "status"],
  ])("refuses %s with a 400 saying what is wrong", async (_, body, says) => {
    const res = await report(new Visitor(shop), body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(says);
    // The same words per field, for the form to show beside each.
    expect(Object.values(res.body.fields ?? {}).join(" ")).toContain(says.replace(/^\w+ /, ""));
  });

  it("links a signed-in customer's report to their order, and refuses another customer's order without revealing it", async () => {
    const buyer = await customer();
    const order = await paidSandboxOrder(shop, buyer, [[2, 1]], `${buyer.userId}@example.com`);
    const mine = await report(buyer, { ...GOOD, orderNumber: order.orderNumber.toLowerCase() });
    expect(mine.status).toBe(201);
    const [row] = await shop.services.database.db
      .select()
      .from(reactionReports)
      .where(eq(reactionReports.id, mine.body.id));
    expect(row).toMatchObject({ orderId: order.id, userId: buyer.userId });

    const other = await customer();
    const theirs = await report(other, { ...GOOD, orderNumber: order.orderNumber });
    const none = await report(other, { ...GOOD, orderNumber: "MANA-NOPE-0000" });
    expect(theirs.status).toBe(400);
    expect(theirs.body).toEqual(none.body);
    expect(theirs.body.code).toBe("unknown_order");
    expect(theirs.body.message).toContain("could not find that order number among your orders");
    // A guest knows a guest order by the e-mail it was placed with, and nothing else.
    const guest = new Visitor(shop);
    const guestOrder = await paidSandboxOrder(shop, guest, [[1, 1]], "guest-order@example.com");
    expect(
      (
        await report(new Visitor(shop), {
          ...GOOD,
          email: "someone-else@example.com",
          orderNumber: guestOrder.orderNumber,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await report(new Visitor(shop), {
          ...GOOD,
          email: "guest-order@example.com",
          orderNumber: guestOrder.orderNumber,
        })
      ).status,
    ).toBe(201);
  });

  it("keeps a report when its reporter's account is deleted, with the name and e-mail the law asks to keep", async () => {
    const reporter = await customer();
    const made = await report(reporter, GOOD);
    await shop.services.database.db.delete(user).where(eq(user.id, reporter.userId as string));
    const [row] = await shop.services.database.db
      .select()
      .from(reactionReports)
      .where(eq(reactionReports.id, made.body.id));
    expect(row).toMatchObject({ userId: null, name: GOOD.name, email: GOOD.email });
  });

  it("shows the dashboard list to the admin only, newest first, and audits a change of status or note", async () => {
    const first = await report(new Visitor(shop), { ...GOOD, name: "First Reporter" });
    const second = await report(new Visitor(shop), { ...GOOD, name: "Second Reporter" });
    expect((await new Visitor(shop).call("GET", "/api/admin/reactions")).status).toBe(401);
    expect((await who.customer.call("GET", "/api/admin/reactions")).status).toBe(403);
    expect((await who.staff.call("GET", "/api/admin/reactions")).status).toBe(403);
    expect((await who.customer.call("GET", `/api/admin/reactions/${first.body.id}`)).status).toBe(403);
    const list = await who.admin.call("GET", "/api/admin/reactions");
    expect(list.status).toBe(200);
    const ids = list.body.reports.map((r: { id: string }) => r.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));

    const path = `/api/admin/reactions/${first.body.id}`;
    expect((await who.customer.call("PATCH", path, { status: "closed" })).status).toBe(403);
    expect((await who.admin.call("PATCH", path, { status: "deleted" })).status).toBe(400);
    expect((await who.admin.call("PATCH", path, {})).status).toBe(400);
    expect(
      (await who.admin.call("PATCH", "/api/admin/reactions/not-a-uuid", { status: "closed" })).status,
    ).toBe(400);
    const changed = await who.admin.call("PATCH", path, {
      status: "in_review",
      ownerNote: "Called them back.",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ status: "in_review", ownerNote: "Called them back." });
    expect((await who.admin.call("GET", "/api/admin/reactions?status=in_review")).body.reports).toEqual([
      expect.objectContaining({ id: first.body.id }),
    ]);
    const audit = await shop.services.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "reaction_report"), eq(adminAudit.targetId, first.body.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "reaction.changed", after: { status: "in_review" } });
  });
});

// The real identity, whose limits count (the test identity's never refuse).
describe.each(testDatabases)("reports without an owner address, and their limit, on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true, env: { TRUSTED_PROXIES: "127.0.0.1" } });
  });
  const report = (v: Visitor, body: unknown, ip: string) =>
    v.call("POST", "/api/reactions", body, { "x-forwarded-for": ip });

  afterAll(() => shop.close());

  it("is still stored and acknowledged when the shop has no SUPPORT_EMAIL", async () => {
    const res = await report(new Visitor(shop), GOOD, "203.0.113.80");
    expect(res.status).toBe(201);
    const sent = await shop.services.database.db.select({ key: outbox.dedupeKey }).from(outbox);
    expect(sent.map((m) => m.key)).toContain(`reaction-ack:${res.body.id}`);
    expect(sent.map((m) => m.key)).not.toContain(`reaction-owner:${res.body.id}`);
  });
  it("answers 429 once a client has sent too many reports", async () => {
    const ip = "203.0.113.90";
    for (let i = 0; i < 10; i++) expect((await report(new Visitor(shop), GOOD, ip)).status).toBe(201);
    const over = await report(new Visitor(shop), GOOD, ip);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
  });
});
