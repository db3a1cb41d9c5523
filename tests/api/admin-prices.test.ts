import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceOf } from "../../core/price-lists.ts";
import { setUserRole } from "../../server/admin/promote.ts";
import { adminAudit, priceListEntries } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";

/** The dashboard's price lists (decision 051): /api/admin/prices, the owner's CAD, EUR and GBP amounts. */
describe.each(testDatabases)("the dashboard's price lists on %s", (kind) => {
  let shop: TestShop;
  const people: Record<"customer" | "staff" | "admin", Browser> = {} as never;
  const put = (who: Browser, prices: unknown) => who.call("PUT", "/api/admin/prices", { prices });
  const stored = async (item: string, currency: string) =>
    (
      await shop.services.database.db
        .select({ amountCents: priceListEntries.amountCents })
        .from(priceListEntries)
        .where(and(eq(priceListEntries.item, item), eq(priceListEntries.currency, currency)))
    )[0]?.amountCents;

  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true });
    for (const who of ["customer", "staff", "admin"] as const) {
      const browser = new Browser(shop);
      const email = uniqueEmail(who);
      expect((await browser.signUp(email, "correct horse 7", who)).status).toBe(200);
      people[who] = browser;
      if (who !== "customer") await setUserRole(shop.services.database.db, email, who, "command line");
    }
  });
  afterAll(() => shop.close());

  it("lists every product, stack, shipping figure and gift card amount with its four prices", async () => {
    const res = await people.admin.call("GET", "/api/admin/prices");
    expect(res.status).toBe(200);
    const items = res.body.rows.map((r: { item: string }) => r.item);
    expect(items).toEqual([
      "product:1",
      "product:2",
      "product:3",
      "product:4",
      ...[1, 2, 3, 4, 5, 6, 7].map((id) => `stack:${id}`),
      "shipping:flat",
      "shipping:free_over",
      // The gift cards' amounts offered and the bounds of one's own (tests/api/currency-amounts.test.ts).
      "gift_card:1",
      "gift_card:2",
      "gift_card:3",
      "gift_card:min",
      "gift_card:max",
    ]);
    expect(res.body.rows[0]).toMatchObject({
      kind: "product",
      name: "Korean Ginseng",
      prices: { USD: 3000, CAD: 4000, EUR: 2900, GBP: 2500 },
    });
    expect(res.body.rows.find((r: { item: string }) => r.item === "stack:2")).toMatchObject({
      kind: "stack",
      productIds: [1, 3],
      prices: { USD: 5100, CAD: 6900 },
    });
    // The US dollar shipping figures: SHIPPING_FLAT_RATE (5.95 by default) and core/pricing.ts's threshold.
    expect(res.body.rows.at(-7)).toMatchObject({ item: "shipping:flat", prices: { USD: 595, CAD: 795 } });
    expect(res.body.rows.at(-6)).toMatchObject({ item: "shipping:free_over", prices: { USD: 7500 } });
  });

  it("checks the role: 401 signed out, 403 for a customer, staff reads but cannot set, the path is exact", async () => {
    const change = [{ item: "product:1", currency: "CAD", amountCents: 4100 }];
    const anonymous = new Browser(shop);
    expect((await anonymous.call("GET", "/api/admin/prices")).status).toBe(401);
    expect((await put(anonymous, change)).status).toBe(401);
    expect((await people.customer.call("GET", "/api/admin/prices")).status).toBe(403);
    expect(await put(people.customer, change)).toMatchObject({ status: 403, body: { code: "forbidden" } });
    expect((await people.staff.call("GET", "/api/admin/prices")).status).toBe(200);
    expect(await put(people.staff, change)).toMatchObject({ status: 403, body: { code: "forbidden" } });
    // The path in capitals is no other way in: no route answers it, for anybody.
    for (const who of [anonymous, people.customer, people.admin]) {
      expect((await who.call("GET", "/API/ADMIN/PRICES")).status).not.toBe(200);
      expect((await who.call("PUT", "/api/admin/PRICES", { prices: change })).status).toBe(404);
    }
    expect(await stored("product:1", "CAD")).toBe(4000);
  });

  it("sets a CAD price: stored, shown by the catalogue's price table at once, one audit row", async () => {
    const db = shop.services.database.db;
    // The catalogue read before the change: its copy must be dropped.
    expect(priceOf(await shop.services.catalogue.priceTable(595), "product:2", "CAD")).toBe(5400);
    const res = await put(people.admin, [
      { item: "product:2", currency: "CAD", amountCents: 5600 },
      { item: "product:2", currency: "GBP", amountCents: 3300 },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // GBP was already 3300: only the CAD amount changed.
    expect(res.body.changed).toBe(1);
    expect(res.body.rows[1].prices).toEqual({ USD: 4000, CAD: 5600, EUR: 3900, GBP: 3300 });
    expect(await stored("product:2", "CAD")).toBe(5600);
    const table = await shop.services.catalogue.priceTable(595);
    expect(priceOf(table, "product:2", "CAD")).toBe(5600);
    expect(priceOf(table, "product:2", "USD")).toBe(4000);

    const audit = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "product"), eq(adminAudit.targetId, "2")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "price-list-updated",
      before: { CAD: 5400 },
      after: { CAD: 5600 },
    });
    expect(audit[0]?.actorUserId).toBeTruthy();
    // It shows in the product's trail, as the Products page reads it.
    const trail = await people.admin.call("GET", "/api/admin/products/2/audit");
    expect(trail.body[0]).toMatchObject({ action: "price-list-updated", after: { CAD: 5600 } });

    // Sending the same amounts again changes nothing and writes no row.
    const again = await put(people.admin, [{ item: "product:2", currency: "CAD", amountCents: 5600 }]);
    expect(again.body.changed).toBe(0);
    expect(
      await db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.targetType, "product"), eq(adminAudit.targetId, "2"))),
    ).toHaveLength(1);
  });

  it("sets the shipping figures and a stack in EUR, 0 included", async () => {
    const res = await put(people.admin, [
      { item: "shipping:flat", currency: "EUR", amountCents: 0 },
      { item: "shipping:free_over", currency: "EUR", amountCents: 6500 },
      { item: "stack:2", currency: "EUR", amountCents: 5500 },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const table = await shop.services.catalogue.priceTable(595);
    expect(priceOf(table, "shipping:flat", "EUR")).toBe(0);
    expect(priceOf(table, "shipping:free_over", "EUR")).toBe(6500);
    expect(priceOf(table, "stack:2", "EUR")).toBe(5500);
    const [row] = await shop.services.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "shipping"), eq(adminAudit.targetId, "flat")));
    expect(row).toMatchObject({ before: { EUR: 595 }, after: { EUR: 0 } });
  });

  it("refuses bad input with a 400 that says what is wrong, and changes nothing", async () => {
    const cases: [unknown, string][] = [
      [[{ item: "product:1", currency: "USD", amountCents: 100 }], "currency must be CAD, EUR or GBP"],
      [[{ item: "product:1", currency: "cad", amountCents: 100 }], "currency must be CAD, EUR or GBP"],
      [[{ item: "product:1", currency: "JPY", amountCents: 100 }], "currency must be CAD, EUR or GBP"],
      [[{ item: "product:1", currency: "CAD", amountCents: -1 }], "amountCents cannot be negative."],
      [[{ item: "product:1", currency: "CAD", amountCents: 40.5 }], "whole number of minor units"],
      [[{ item: "product:1", currency: "CAD", amountCents: "40.00" }], "amountCents must be an amount"],
      [[{ item: "product:1", currency: "CAD", amountCents: 1_000_001 }], "at most 1000000"],
      [[{ item: "product:1", currency: "CAD" }], "amountCents"],
      [[{ item: "product:1", currency: "CAD", amountCents: 1, note: "x" }], "note"],
      [[], "Send at least one price to set."],
      [[{ item: "products:1", currency: "CAD", amountCents: 100 }], 'Unknown item "products:1"'],
      [[{ item: "product:1; drop table", currency: "CAD", amountCents: 100 }], "Unknown item"],
      [[{ item: "shipping:express", currency: "CAD", amountCents: 100 }], "Unknown item"],
      [[{ item: "product:99", currency: "CAD", amountCents: 100 }], "There is no product 99."],
      [[{ item: "stack:42", currency: "GBP", amountCents: 100 }], "There is no stack 42."],
      [
        [
          { item: "product:1", currency: "CAD", amountCents: 100 },
          { item: "product:1", currency: "CAD", amountCents: 200 },
        ],
        "product:1 in CAD is sent twice.",
      ],
    ];
    for (const [prices, message] of cases) {
      const res = await put(people.admin, prices);
      expect(res.status, JSON.stringify(prices)).toBe(400);
      expect(res.body.message, JSON.stringify(prices)).toContain(message);
    }
    const notJson = await people.admin.call("PUT", "/api/admin/prices", "{", {
      "content-type": "application/json",
    });
    expect(notJson.status).toBe(400);
    expect(await stored("product:1", "CAD")).toBe(4000);
  });

  it("keeps a stack's price below its products' in the same currency, all or nothing", async () => {
    // Focus & Calm (Korean Ginseng + Ashwagandha): CA$40 + CA$40, the stack CA$69.
    const tooHigh = await put(people.admin, [{ item: "stack:2", currency: "CAD", amountCents: 8000 }]);
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.message).toBe(
      "Focus & Calm Stack's price in CAD (CA$80.00) must be below the sum of its products' prices in CAD (CA$80.00).",
    );
    expect(tooHigh.body.fields).toHaveProperty(["stack:2@CAD"]);
    // A product made cheaper than its stacks allow is refused too, beside the product, and the other
    // amounts sent with it are not kept either.
    const cheaper = await put(people.admin, [
      { item: "product:3", currency: "GBP", amountCents: 2600 },
      { item: "product:1", currency: "CAD", amountCents: 2800 },
    ]);
    expect(cheaper.status).toBe(400);
    expect(cheaper.body.fields).toHaveProperty(["product:1@CAD"]);
    expect(cheaper.body.message).toContain("must be below the sum of its products' prices in CAD");
    expect(await stored("product:1", "CAD")).toBe(4000);
    expect(await stored("product:3", "GBP")).toBe(2500);
    // Both lowered together, the stack below its products: accepted.
    const together = await put(people.admin, [
      { item: "product:1", currency: "CAD", amountCents: 3000 },
      { item: "stack:2", currency: "CAD", amountCents: 6500 },
      { item: "stack:1", currency: "CAD", amountCents: 13000 },
      { item: "stack:4", currency: "CAD", amountCents: 6500 },
      { item: "stack:7", currency: "CAD", amountCents: 10000 },
    ]);
    expect(together.status, JSON.stringify(together.body)).toBe(200);
    expect(together.body.changed).toBe(5);
  });
});
