import { and, eq, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUserRole } from "../../server/admin/promote.ts";
import { GUEST_NOTIFY_REQUESTS } from "../../server/api/stock-notify.ts";
import { outbox, stockNotifications } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { mails } from "./admin-fixtures.ts";
import { Browser, lastSmsCode, solveHumanCheck, uniqueEmail } from "./auth-helpers.ts";

describe.each(testDatabases)("Notify Me and the back-in-stock e-mail on %s", (kind) => {
  let shop: TestShop;
  let owner: Browser;
  let customer: Browser;
  let customerEmail: string;

  const setStock = async (id: number, stockOnHand: number, by = owner) => {
    const res = await by.call("PATCH", `/api/admin/products/${id}`, { stockOnHand });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const notify = (b: Browser, id: number, body: unknown = {}) =>
    b.call("POST", `/api/products/${id}/notify`, body);
  const waiting = async (id: number) =>
    (
      await shop.services.database.db
        .select({ email: stockNotifications.email })
        .from(stockNotifications)
        .where(and(eq(stockNotifications.productId, id), isNull(stockNotifications.notifiedAt)))
    )
      .map((r) => r.email)
      .sort();

  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true });
    owner = new Browser(shop);
    const ownerEmail = uniqueEmail("owner");
    expect((await owner.signUp(ownerEmail)).status).toBe(200);
    await setUserRole(shop.services.database.db, ownerEmail, "admin", "command line");
    customer = new Browser(shop);
    customerEmail = uniqueEmail("customer");
    expect((await customer.signUp(customerEmail)).status).toBe(200);
  });
  afterAll(() => shop.close());

  it("registers a guest's e-mail and a customer's account e-mail, once while waiting", async () => {
    await setStock(3, 0);
    const guest = new Browser(shop);
    const first = await notify(guest, 3, { email: "  Guest.Waiting@Example.com " });
    expect(first).toMatchObject({
      status: 201,
      body: { productId: 3, email: "guest.waiting@example.com", created: true },
    });
    const again = await notify(guest, 3, { email: "guest.waiting@example.com" });
    expect(again).toMatchObject({ status: 200, body: { created: false } });

    // Signed in, the account's e-mail is used, whatever the body says.
    const mine = await notify(customer, 3, { email: "someone-else@example.com" });
    expect(mine).toMatchObject({ status: 201, body: { email: customerEmail } });
    expect(await waiting(3)).toEqual([customerEmail, "guest.waiting@example.com"].sort());
  });

  it("refuses what it cannot register, with a clear message", async () => {
    const guest = new Browser(shop);
    expect(await notify(guest, 3)).toMatchObject({ status: 400, body: { code: "email_required" } });
    const bad = await notify(guest, 3, { email: "not-an-address" });
    expect(bad).toMatchObject({ status: 400, body: { code: "invalid_input" } });
    expect(bad.body.message).toContain("valid e-mail");
    expect((await notify(guest, 3, { email: "a@example.com", extra: 1 })).status).toBe(400);
    expect((await notify(guest, 999, { email: "a@example.com" })).status).toBe(404);
    expect((await notify(guest, "abc" as never, { email: "a@example.com" })).status).toBe(404);
    const inStock = await notify(guest, 1, { email: "a@example.com" });
    expect(inStock).toMatchObject({ status: 409, body: { code: "in_stock" } });
    expect(inStock.body.message).toBe("Korean Ginseng is in stock: add it to your cart.");
  });

  it("sends one e-mail per registration when stock goes from 0 to 10, and nothing more after", async () => {
    await setStock(3, 10);
    expect(await mails(shop, "guest.waiting@example.com", "Ashwagandha is back in stock")).toBe(1);
    expect(await mails(shop, customerEmail, "Ashwagandha is back in stock")).toBe(1);
    expect(await waiting(3)).toEqual([]);
    const [mail] = await shop.services.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, customerEmail), eq(outbox.subject, "Ashwagandha is back in stock")));
    expect(mail?.text).toContain("http://localhost/products/ashwagandha");
    expect(mail?.text).toMatch(/^Ashwagandha \(.+, \$[\d.]+ a month\) is back in stock\./);
    expect(mail?.text).toContain("Order it here: http://localhost/products/ashwagandha");
    expect(mail?.text).toContain("You asked us to tell you when it returned.");
    expect(mail?.dedupeKey).toMatch(/^back-in-stock:/);

    // Raised again, and sold out and back again with nobody waiting: no more e-mail.
    await setStock(3, 20);
    await setStock(3, 0);
    await setStock(3, 5);
    expect(await mails(shop, "guest.waiting@example.com", "back in stock")).toBe(1);
    expect(await mails(shop, customerEmail, "back in stock")).toBe(1);
  });

  it("writes to a customer who saved another display language in it, the product's link in that language", async () => {
    const french = new Browser(shop);
    const email = uniqueEmail("francaise");
    expect((await french.signUp(email)).status).toBe(200);
    expect((await french.call("PUT", "/api/preferences", { display: { language: "fr" } })).status).toBe(200);
    await setStock(2, 0);
    expect((await notify(french, 2)).status).toBe(201);
    await setStock(2, 3);
    const [mail] = await shop.services.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, "% est de nouveau en stock")));
    expect(mail?.text).toMatch(/^.+ \(.+, \$[\d.]+ par mois\) est de nouveau en stock\./);
    expect(mail?.text).toMatch(/Commandez-le ici : http:\/\/localhost\/fr\/products\/\S+/);
    expect(mail?.html).toContain('<html lang="fr">');
  });

  it("answers a new request made after the e-mail the next time stock returns", async () => {
    await setStock(3, 0);
    const guest = new Browser(shop);
    expect((await notify(guest, 3, { email: "guest.waiting@example.com" })).status).toBe(201);
    await setStock(3, 4);
    expect(await mails(shop, "guest.waiting@example.com", "Ashwagandha is back in stock")).toBe(2);
    expect(await mails(shop, customerEmail, "Ashwagandha is back in stock")).toBe(1);
  });

  it("sends each e-mail once when two owners bring the stock back at the same moment", async () => {
    await setStock(4, 0);
    const emails = [uniqueEmail("race-a"), uniqueEmail("race-b"), uniqueEmail("race-c")];
    for (const email of emails) expect((await notify(new Browser(shop), 4, { email })).status).toBe(201);
    const second = new Browser(shop);
    const secondEmail = uniqueEmail("owner-two");
    expect((await second.signUp(secondEmail)).status).toBe(200);
    await setUserRole(shop.services.database.db, secondEmail, "admin", "command line");
    await Promise.all([setStock(4, 10, owner), setStock(4, 12, second), setStock(4, 7, owner)]);
    for (const email of emails) expect(await mails(shop, email, "Verdant Edge is back in stock")).toBe(1);
    expect(await waiting(4)).toEqual([]);
  });
});

describe.each(testDatabases)("Notify Me for guests is rate limited on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    // Behind a trusted proxy, so each test client can stand at its own address.
    shop = await createTestShop(kind, { auth: true, env: { TRUSTED_PROXIES: "127.0.0.1" } });
    const owner = new Browser(shop);
    const ownerEmail = uniqueEmail("owner");
    expect((await owner.signUp(ownerEmail)).status).toBe(200);
    await setUserRole(shop.services.database.db, ownerEmail, "admin", "command line");
    expect((await owner.call("PATCH", "/api/admin/products/2", { stockOnHand: 0 })).status).toBe(200);
  });
  afterAll(() => shop.close());

  it("answers 429 with Retry-After once a guest's address has registered too many, and only that address", async () => {
    const guest = new Browser(shop, { "x-forwarded-for": "203.0.113.40" });
    for (let i = 0; i < GUEST_NOTIFY_REQUESTS.max; i++) {
      const res = await guest.call("POST", "/api/products/2/notify", { email: uniqueEmail(`bulk-${i}`) });
      expect(res.status).toBe(201);
    }
    const over = await guest.call("POST", "/api/products/2/notify", { email: uniqueEmail("bulk-over") });
    expect(over).toMatchObject({ status: 429, body: { code: "too_many_requests" } });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);

    const neighbour = new Browser(shop, { "x-forwarded-for": "203.0.113.41" });
    const theirs = await neighbour.call("POST", "/api/products/2/notify", {
      email: uniqueEmail("neighbour"),
    });
    expect(theirs.status).toBe(201);

    // A signed-in customer registers their own account's e-mail: not counted against the address.
    const customer = new Browser(shop, { "x-forwarded-for": "203.0.113.40" });
    expect((await customer.signUp(uniqueEmail("customer"))).status).toBe(200);
    expect((await customer.call("POST", "/api/products/2/notify", {})).status).toBe(201);
  });

  it("limits a signed-in account that types other people's e-mails, but never counts its own", async () => {
    // A phone-only account has no e-mail of its own: every address it registers comes from the body.
    const phone = "+15550009911";
    const b = new Browser(shop, { "x-forwarded-for": "203.0.113.42" });
    const sent = await b.call(
      "POST",
      "/api/auth/phone-number/send-otp",
      { phoneNumber: phone },
      { "x-human-check": await solveHumanCheck(b) },
    );
    expect(sent.status).toBe(200);
    const code = await lastSmsCode(shop, phone);
    expect((await b.call("POST", "/api/auth/phone-number/verify", { phoneNumber: phone, code })).status).toBe(
      200,
    );
    for (let i = 0; i < GUEST_NOTIFY_REQUESTS.max; i++) {
      const res = await b.call("POST", "/api/products/2/notify", { email: uniqueEmail(`phone-bulk-${i}`) });
      expect(res.status).toBe(201);
    }
    const over = await b.call("POST", "/api/products/2/notify", { email: uniqueEmail("phone-bulk-over") });
    expect(over).toMatchObject({ status: 429, body: { code: "too_many_requests" } });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);

    // An account with an e-mail, at the same exhausted address, registers its own e-mail without limit.
    const customer = new Browser(shop, { "x-forwarded-for": "203.0.113.42" });
    const customerEmail = uniqueEmail("own");
    expect((await customer.signUp(customerEmail)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await customer.call("POST", "/api/products/2/notify", { email: uniqueEmail("ignored") });
      expect(res.status).toBeLessThan(300);
      expect(res.body.email).toBe(customerEmail);
    }
  });
});
