import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, newsletterSubscribers, outbox, user } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { type OrderRow, paidSandboxOrder, people } from "./admin-fixtures.ts";
import { headerIdentity, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

type Who = "customer" | "staff" | "admin";

/** Every new dashboard route, and whether staff may use it (customers and outbox yes, newsletter no). */
const ROUTES = (customerId: string, messageId: string) =>
  [
    ["/api/admin/customers", true],
    [`/api/admin/customers/${customerId}`, true],
    ["/api/admin/customers.csv", true],
    ["/api/admin/newsletter", false],
    ["/api/admin/newsletter.csv", false],
    ["/api/admin/outbox", true],
    [`/api/admin/outbox/${messageId}`, true],
  ] as const;

/** CSV text as rows of cells (quoted cells with commas, quotes and line breaks read back). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe.each(testDatabases)("the dashboard's customers, newsletter and outbox on %s", (kind) => {
  let shop: TestShop;
  let who: Record<Who, Visitor>;
  let buyer: Visitor;
  let buyerEmail: string;
  let order: OrderRow;

  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    who = await people(shop);
    const db = shop.services.database.db;
    const id = `buyer-${randomBytes(4).toString("hex")}`;
    buyerEmail = `${id}@example.com`;
    await db.insert(user).values({ id, email: buyerEmail, name: "Sam Shopper", emailVerified: true });
    buyer = new Visitor(shop, id);
    order = await paidSandboxOrder(shop, buyer, [[1, 1]], buyerEmail);
    await db
      .insert(addresses)
      .values({ userId: id, ...TEST_ADDRESS, line2: null, phone: null, isDefault: true });
    await db
      .insert(newsletterSubscribers)
      .values({ email: buyerEmail, consentAt: new Date("2026-11-01T10:00:00Z") });
    // A name a spreadsheet would run: the CSV must hand it over as text.
    await db.insert(user).values({
      id: `mallory-${randomBytes(4).toString("hex")}`,
      email: `mallory-${randomBytes(2).toString("hex")}@example.com`,
      name: '=HYPERLINK("http://evil.example","Click, me")',
    });
    await db
      .insert(newsletterSubscribers)
      .values({ email: "@sum(1)@example.com", unsubscribedAt: new Date() });
  });
  afterAll(() => shop.close());

  it("checks the role on every new route: 401 signed out, 403 customer, staff all but the newsletter, admin all", async () => {
    const [message] = await shop.services.database.db.select({ id: outbox.id }).from(outbox).limit(1);
    if (!message) throw new Error("the order confirmation should be in the outbox");
    for (const [path, staff] of ROUTES(buyer.userId as string, message.id)) {
      expect((await new Visitor(shop).call("GET", path)).status, path).toBe(401);
      expect((await who.customer.call("GET", path)).status, path).toBe(403);
      expect((await who.staff.call("GET", path)).status, `${path} as staff`).toBe(staff ? 200 : 403);
      expect((await who.admin.call("GET", path)).status, `${path} as admin`).toBe(200);
    }
  });

  it("lists customers with their orders and what they spent, searched by e-mail or name", async () => {
    const list = (q: string) => who.staff.call("GET", `/api/admin/customers?${q}`);
    const byEmail = await list(`q=${encodeURIComponent(buyerEmail.toUpperCase())}`);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(byEmail.body.customers[0]).toMatchObject({
      id: buyer.userId,
      email: buyerEmail,
      name: "Sam Shopper",
      orderCount: 1,
      spentCents: order.totalCents,
      spent: [{ currency: "USD", cents: order.totalCents }],
    });
    expect((await list("q=sam%20shop")).body.customers.map((c: { id: string }) => c.id)).toContain(
      buyer.userId,
    );
    expect((await list("q=100%25")).body.total).toBe(0);
    const all = (await list("")).body;
    // The five accounts made above: customer, staff, admin, the buyer and the spreadsheet-formula name.
    expect(all.total).toBe(5);
    expect(all.customers.find((c: { id: string }) => c.id === who.staff.userId)).toMatchObject({
      orderCount: 0,
      spentCents: 0,
      spent: [],
    });
  });

  it("refuses a bad search with a 400 that says what is wrong, and an unknown customer or message with a 404", async () => {
    for (const [path, words] of [
      ["/api/admin/customers?page=0", "page"],
      ["/api/admin/customers?page=two", "page"],
      [`/api/admin/customers?q=${"x".repeat(101)}`, "at most 100"],
      ["/api/admin/customers?sort=name", "sort"],
      ["/api/admin/customers?q=a&q=b", "repeated"],
      ["/api/admin/newsletter?page=-1", "page"],
      ["/api/admin/outbox?channel=fax", "channel"],
      ["/api/admin/outbox?status=lost", "status"],
    ] as const) {
      const res = await who.admin.call("GET", path);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toContain(words);
    }
    expect((await who.admin.call("GET", "/api/admin/customers/nobody")).status).toBe(404);
    expect((await who.admin.call("GET", "/api/admin/outbox/not-a-uuid")).status).toBe(404);
    expect(
      (await who.admin.call("GET", "/api/admin/outbox/00000000-0000-4000-8000-000000000000")).status,
    ).toBe(404);
  });

  it("shows a customer with a paid order: contact, role, orders, addresses and newsletter consent", async () => {
    const res = await who.staff.call("GET", `/api/admin/customers/${buyer.userId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: buyerEmail,
      name: "Sam Shopper",
      role: "user",
      orderCount: 1,
      spentCents: order.totalCents,
      spent: [{ currency: "USD", cents: order.totalCents }],
      orders: [
        {
          orderNumber: order.orderNumber,
          status: "processing",
          totalCents: order.totalCents,
          currency: "usd",
        },
      ],
      subscriptions: [],
      addresses: [{ fullName: "Sam Shopper", city: "Springfield", country: "US", isDefault: true }],
      newsletter: { status: "subscribed", consentAt: "2026-11-01T10:00:00.000Z", unsubscribedAt: null },
    });
    const staff = await who.admin.call("GET", `/api/admin/customers/${who.staff.userId}`);
    expect(staff.body).toMatchObject({ role: "staff", orders: [], newsletter: { status: "none" } });
  });

  it("downloads customers as CSV: an attachment, quoted cells, and formulas handed over as text", async () => {
    const res = await who.staff.call("GET", "/api/admin/customers.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="customers.csv"');
    const rows = parseCsv(res.body as string);
    expect(rows[0]).toEqual(["email", "name", "joined", "orders", "total_spent_usd", "newsletter"]);
    expect(rows).toHaveLength(1 + 5);
    const sam = rows.find((r) => r[0] === buyerEmail);
    expect(sam).toEqual([
      buyerEmail,
      "Sam Shopper",
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      "1",
      (order.totalCents / 100).toFixed(2),
      "subscribed",
    ]);
    const mallory = rows.find((r) => r[0]?.startsWith("mallory-"));
    expect(mallory?.[1]).toBe('\'=HYPERLINK("http://evil.example","Click, me")');
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil.example"",""Click, me"")"');
    expect(rows.find((r) => r[0] === `${who.staff.userId}@example.com`)?.[5]).toBe("none");
  });

  it("lists newsletter subscribers with consent, searched by e-mail, and downloads them as CSV", async () => {
    const list = await who.admin.call("GET", `/api/admin/newsletter?q=${encodeURIComponent(buyerEmail)}`);
    expect(list.body).toMatchObject({
      total: 1,
      subscribers: [{ email: buyerEmail, status: "subscribed", consentAt: "2026-11-01T10:00:00.000Z" }],
    });
    expect((await who.admin.call("GET", "/api/admin/newsletter")).body.total).toBe(2);
    const csv = await who.admin.call("GET", "/api/admin/newsletter.csv");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="newsletter.csv"');
    const rows = parseCsv(csv.body as string);
    expect(rows[0]).toEqual(["email", "status", "consent_at", "unsubscribed_at", "signed_up"]);
    expect(rows.find((r) => r[0] === buyerEmail)?.slice(0, 3)).toEqual([
      buyerEmail,
      "subscribed",
      "2026-11-01T10:00:00.000Z",
    ]);
    expect(rows.find((r) => r[0]?.includes("sum(1)"))?.slice(0, 2)).toEqual([
      "'@sum(1)@example.com",
      "unsubscribed",
    ]);
  });

  it("lists the outbox newest first with the order's confirmation e-mail, filtered and searched, its text shown", async () => {
    const list = await who.staff.call("GET", `/api/admin/outbox?q=${encodeURIComponent(buyerEmail)}`);
    expect(list.status).toBe(200);
    const confirmation = list.body.messages.find(
      (m: { subject: string | null }) => m.subject === `Your MANA order ${order.orderNumber} is confirmed`,
    );
    expect(confirmation).toMatchObject({ channel: "email", to: buyerEmail, status: "stored" });
    expect((await who.staff.call("GET", "/api/admin/outbox?channel=sms")).body.total).toBe(0);
    expect((await who.staff.call("GET", "/api/admin/outbox?channel=email&status=stored")).body.total).toBe(
      (await who.staff.call("GET", "/api/admin/outbox")).body.total,
    );
    const message = await who.staff.call("GET", `/api/admin/outbox/${confirmation.id}`);
    expect(message.body).toMatchObject({ id: confirmation.id, to: buyerEmail, hasHtml: true });
    expect(message.body.text).toContain(order.orderNumber);
  });

  it("hides a password-reset link from the outbox, so no one with the dashboard can use it", async () => {
    const db = shop.services.database.db;
    const [row] = await db
      .insert(outbox)
      .values({
        channel: "email",
        to: "owner@example.com",
        subject: "Reset your MANA password",
        text: "Choose a new password: http://localhost/api/auth/reset-password/abcdefghijkl1234567?callbackURL=%2Fauth%2Freset",
      })
      .returning({ id: outbox.id });
    const message = await who.staff.call("GET", `/api/admin/outbox/${row?.id}`);
    expect(message.body.text).toBe(
      "Choose a new password: http://localhost/api/auth/reset-password/… [link hidden]",
    );
    const [sms] = await db
      .insert(outbox)
      .values({ channel: "sms", to: "+15555550100", text: "Your MANA code is 123456" })
      .returning({ id: outbox.id });
    expect((await who.staff.call("GET", `/api/admin/outbox/${sms?.id}`)).body.text).toBe(
      "Your MANA code is [code hidden]",
    );
    const smsList = (await who.staff.call("GET", "/api/admin/outbox?channel=sms")).body;
    expect(smsList.messages.map((m: { to: string }) => m.to)).toEqual(["+15555550100"]);
  });
});
