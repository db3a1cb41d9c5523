import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUserRole } from "../../server/admin/promote.ts";
import { adminAudit, orders, products } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";
import { TEST_ADDRESS } from "./checkout-visitor.ts";

const CARD = { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", name: "Sam Shopper" };

describe.each(testDatabases)("the dashboard's Products and the shop's stock on %s", (kind) => {
  let shop: TestShop;
  const people: Record<"customer" | "staff" | "admin", Browser> = {} as never;
  const stockOf = async (id: number) =>
    (
      await shop.services.database.db
        .select({ n: products.stockOnHand })
        .from(products)
        .where(eq(products.id, id))
    )[0]?.n;
  const setStock = (id: number, stockOnHand: number) =>
    people.admin.call("PATCH", `/api/admin/products/${id}`, { stockOnHand });

  /** A guest who put `quantity` of a product in the cart and opened the payment page: its session id. */
  async function checkedOut(productId: number, quantity = 1) {
    const guest = new Browser(shop);
    expect((await guest.call("POST", "/api/cart", { productId, quantity })).status).toBe(201);
    const cartItems = (await guest.call("GET", "/api/cart")).body;
    const res = await guest.call("POST", "/api/checkout/create-session", {
      email: uniqueEmail("buyer"),
      cartItems,
      shippingAddress: TEST_ADDRESS,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return new URL(res.body.url).pathname.split("/").pop() as string;
  }

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

  it("checks the role: 401 signed out, 403 for a customer, staff reads but changes neither price nor stock, admin both", async () => {
    const price = { priceCents: 3100 };
    const stock = { stockOnHand: 50 };
    const anonymous = new Browser(shop);
    expect((await anonymous.call("GET", "/api/admin/products")).status).toBe(401);
    expect((await anonymous.call("PATCH", "/api/admin/products/1", price)).status).toBe(401);
    expect((await people.customer.call("GET", "/api/admin/products")).status).toBe(403);
    expect((await people.customer.call("PATCH", "/api/admin/products/1", stock)).status).toBe(403);

    const read = await people.staff.call("GET", "/api/admin/products");
    expect(read.status).toBe(200);
    expect(read.body.map((p: { name: string }) => p.name)).toEqual([
      "Korean Ginseng",
      "Total Restore",
      "Ashwagandha",
      "Verdant Edge",
    ]);
    expect(read.body[0]).toMatchObject({
      priceCents: 3000,
      subscriptionDiscount: null,
      stockOnHand: 100,
      lowStockThreshold: 10,
      stock: "in",
    });
    expect((await people.staff.call("GET", "/api/admin/products/1/audit")).status).toBe(200);
    for (const body of [price, stock, { subscriptionDiscount: 20 }, { lowStockThreshold: 5 }]) {
      const res = await people.staff.call("PATCH", "/api/admin/products/1", body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 403, body: { code: "forbidden" } });
    }
    expect(await stockOf(1)).toBe(100);

    const changed = await people.admin.call("PATCH", "/api/admin/products/1", { ...price, ...stock });
    expect(changed.status).toBe(200);
    expect(changed.body.product).toMatchObject({ priceCents: 3100, stockOnHand: 50, stock: "in" });
    // Back as it was, for the tests below.
    await people.admin.call("PATCH", "/api/admin/products/1", { priceCents: 3000, stockOnHand: 100 });
  });

  it("refuses bad input with a 400 that says what is wrong, and an unknown product with a 404", async () => {
    const cases: [unknown, string][] = [
      [{ stockOnHand: -1 }, "Stock on hand cannot be negative."],
      [{ stockOnHand: 2.5 }, "Stock on hand must be a whole number."],
      [{ priceCents: 0 }, "Price must be more than $0.00."],
      [{ priceCents: "30.00" }, "Price must be an amount in cents."],
      [{ subscriptionDiscount: 95 }, "Subscription discount can be at most 90%."],
      [{ lowStockThreshold: -3 }, "Low-stock threshold cannot be negative."],
      [{}, "Send at least one field to change."],
      [{ name: "Cheap Ginseng" }, "name"],
    ];
    for (const [body, message] of cases) {
      const res = await people.admin.call("PATCH", "/api/admin/products/2", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("invalid_input");
      expect(res.body.message).toContain(message);
    }
    const notJson = await people.admin.call("PATCH", "/api/admin/products/2", "{", {
      "content-type": "application/json",
    });
    expect(notJson.status).toBe(400);
    expect((await people.admin.call("PATCH", "/api/admin/products/99", { stockOnHand: 1 })).status).toBe(404);
    expect((await people.admin.call("PATCH", "/api/admin/products/abc", { stockOnHand: 1 })).status).toBe(
      404,
    );
    const [row] = await shop.services.database.db.select().from(products).where(eq(products.id, 2));
    expect(row).toMatchObject({ priceCents: 4000, stockOnHand: 100, subscriptionDiscount: null });
  });

  it("writes one audit row per change, before and after, shown on the product's trail", async () => {
    const db = shop.services.database.db;
    const res = await people.admin.call("PATCH", "/api/admin/products/3", {
      priceCents: 3200,
      subscriptionDiscount: 20,
      lowStockThreshold: 10, // unchanged: not in the row
    });
    expect(res.status).toBe(200);
    // The same values again change nothing and write nothing.
    await people.admin.call("PATCH", "/api/admin/products/3", { priceCents: 3200 });
    await setStock(3, 4);
    const rows = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "product"), eq(adminAudit.targetId, "3")));
    expect(rows.map((r) => [r.action, r.before, r.after]).sort()).toEqual(
      [
        [
          "product-updated",
          { priceCents: 3000, subscriptionDiscount: null },
          { priceCents: 3200, subscriptionDiscount: 20 },
        ],
        ["product-updated", { stockOnHand: 100 }, { stockOnHand: 4 }],
      ].sort(),
    );
    expect(rows.every((r) => r.actor.startsWith("admin-"))).toBe(true);
    const trail = await people.admin.call("GET", "/api/admin/products/3/audit");
    expect(trail.body).toHaveLength(2);
    expect(trail.body[0].after).toEqual({ stockOnHand: 4 });
    const list = await people.admin.call("GET", "/api/admin/products");
    expect(list.body.find((p: { id: number }) => p.id === 3)).toMatchObject({ stockOnHand: 4, stock: "low" });
    // The shop sells at the new price at once: the cached catalogue was dropped.
    const shopList = (await new Browser(shop).call("GET", "/api/products")).body;
    expect(shopList.find((p: { id: number }) => p.id === 3)).toMatchObject({
      priceCents: 3200,
      inStock: true,
    });
    await people.admin.call("PATCH", "/api/admin/products/3", {
      priceCents: 3000,
      subscriptionDiscount: null,
      stockOnHand: 100,
    });
  });

  it("refuses adding beyond the stock with a message saying how many are left, and checking out beyond it", async () => {
    expect((await setStock(4, 2)).status).toBe(200);
    const guest = new Browser(shop);
    const tooMany = await guest.call("POST", "/api/cart", { productId: 4, quantity: 3 });
    expect(tooMany).toMatchObject({
      status: 409,
      body: { code: "out_of_stock", message: "Sorry, only 2 of Verdant Edge are left in stock." },
    });
    expect((await guest.call("POST", "/api/cart", { productId: 4, quantity: 2 })).status).toBe(201);
    const more = await guest.call("POST", "/api/cart", { productId: 4, quantity: 1, isSubscription: true });
    expect(more.body.message).toBe(
      "Sorry, only 2 of Verdant Edge are left in stock, and your cart already has 2.",
    );
    const line = (await guest.call("GET", "/api/cart")).body[0];
    expect((await guest.call("PUT", `/api/cart/${line.id}`, { quantity: 3 })).status).toBe(409);
    expect((await guest.call("PUT", `/api/cart/${line.id}`, { quantity: 1 })).status).toBe(200);

    // Sold out while the line sat in the cart: the checkout says so before any payment page.
    await setStock(4, 0);
    const cartItems = (await guest.call("GET", "/api/cart")).body;
    const checkout = await guest.call("POST", "/api/checkout/create-session", {
      email: uniqueEmail("late"),
      cartItems,
      shippingAddress: TEST_ADDRESS,
    });
    expect(checkout).toMatchObject({
      status: 409,
      body: { code: "out_of_stock", message: "Sorry, Verdant Edge is out of stock." },
    });
    const out = await new Browser(shop).call("POST", "/api/cart", { productId: 4, quantity: 1 });
    expect(out.body.message).toBe("Sorry, Verdant Edge is out of stock.");
    const listed = (await new Browser(shop).call("GET", "/api/products")).body;
    expect(listed.find((p: { id: number }) => p.id === 4).inStock).toBe(false);
    expect(listed.find((p: { id: number }) => p.id === 1).inStock).toBe(true);
    await setStock(4, 100);
  });

  it("a paid order takes its units from stock; the sandbox refuses before charging when it is gone", async () => {
    const session = await checkedOut(2, 3);
    expect(await payWithSandboxCard(shopDeps(shop.services), session, CARD)).toMatchObject({ kind: "paid" });
    expect(await stockOf(2)).toBe(97);

    const late = await checkedOut(2, 1);
    await setStock(2, 0);
    expect(await payWithSandboxCard(shopDeps(shop.services), late, CARD)).toEqual({
      kind: "closed",
      message: "Sold out: Total Restore sold out while you were checking out. Your card was not charged.",
    });
    const [order] = await shop.services.database.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, late));
    expect(order?.status).toBe("pending");
    await setStock(2, 100);
  });

  it("many buyers paying at once for the last units: exactly the stock is sold, never below zero, the others told it sold out", async () => {
    const BUYERS = 12;
    const STOCK = 3;
    const sessions = [];
    for (let i = 0; i < BUYERS; i++) sessions.push(await checkedOut(1, 1));
    await setStock(1, STOCK);
    const results = await Promise.all(
      sessions.map((s) => payWithSandboxCard(shopDeps(shop.services), s, CARD)),
    );
    const paid = results.filter((r) => r?.kind === "paid");
    const refused = results.filter((r) => r?.kind === "closed" && r.message.startsWith("Sold out:"));
    expect(paid).toHaveLength(STOCK);
    expect(refused).toHaveLength(BUYERS - STOCK);
    expect(await stockOf(1)).toBe(0);
    const db = shop.services.database.db;
    const states = await Promise.all(
      sessions.map(
        async (s) => (await db.select().from(orders).where(eq(orders.providerSessionId, s)))[0]?.status,
      ),
    );
    expect(states.filter((s) => s === "processing")).toHaveLength(STOCK);
    expect(states.filter((s) => s === "processing" || s === "pending" || s === "cancelled")).toHaveLength(
      BUYERS,
    );
    const listed = (await new Browser(shop).call("GET", "/api/products")).body;
    expect(listed.find((p: { id: number }) => p.id === 1).inStock).toBe(false);
    await setStock(1, 100);
  });
});

describe("npm run db:seed after the owner's edits", () => {
  it("keeps the owner's price, subscription discount and stock, and restores the product's text", async () => {
    const shop = await createTestShop("pglite");
    try {
      const db = shop.services.database.db;
      await db
        .update(products)
        .set({ priceCents: 4500, subscriptionDiscount: 25, stockOnHand: 7, name: "Renamed" })
        .where(eq(products.id, 1));
      const { seed } = await import("../../server/db/seed.ts");
      await seed(db);
      const [row] = await db.select().from(products).where(eq(products.id, 1));
      expect(row).toMatchObject({
        priceCents: 4500,
        subscriptionDiscount: 25,
        stockOnHand: 7,
        name: "Korean Ginseng",
      });
    } finally {
      await shop.close();
    }
  });
});
