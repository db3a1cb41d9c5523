import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import { orders, subscriptions } from "../../server/db/schema.ts";
import { moveOrder } from "../../server/orders/move-order.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, Visitor } from "./checkout-visitor.ts";

const card = { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", name: "A Buyer" };

describe.each(testDatabases)("orders and subscriptions API on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    await createUser(shop, "alice", "alice@example.com");
    await createUser(shop, "bob", "bob@example.com");
  });
  afterAll(() => shop.close());

  async function buy(userId: string, lines: [number, number, boolean][]) {
    const v = new Visitor(shop, userId);
    for (const [id, qty, sub] of lines) await v.add(id, qty, sub);
    const { body } = await v.checkout();
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    expect(await payWithSandboxCard(shop.services, sessionId, card)).toMatchObject({ kind: "paid" });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    return order as typeof orders.$inferSelect;
  }

  it("answers 401 with a JSON message when nobody is signed in", async () => {
    for (const path of [
      "/api/orders",
      "/api/subscriptions",
      "/api/orders/00000000-0000-4000-8000-000000000000",
    ]) {
      const res = await new Visitor(shop).call("GET", path);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: "unauthorized", message: expect.any(String) });
    }
  });

  it("lists the user's own paid orders, newest first, in both of the API's shapes", async () => {
    const first = await buy("alice", [[1, 2, false]]);
    const second = await buy("alice", [
      [2, 1, true],
      [3, 1, false],
    ]);
    await buy("bob", [[4, 1, false]]);
    // An unpaid checkout is not an order the customer placed.
    const pending = new Visitor(shop, "alice");
    await pending.add(4);
    await pending.checkout();

    const res = await new Visitor(shop, "alice").call("GET", "/api/orders");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      second.orderNumber,
      first.orderNumber,
    ]);
    expect(res.body[0]).toEqual({
      id: second.id,
      orderNumber: second.orderNumber,
      date: second.createdAt.toISOString(),
      createdAt: second.createdAt.toISOString(),
      status: "processing",
      items: [
        {
          productId: 2,
          productName: "Total Restore",
          name: "Total Restore",
          quantity: 1,
          price: "34.00",
          isSubscription: true,
        },
        {
          productId: 3,
          productName: "Ashwagandha",
          name: "Ashwagandha",
          quantity: 1,
          price: "30.00",
          isSubscription: false,
        },
      ],
      subtotal: "64.00",
      discount: "0.00",
      shipping: "5.95",
      total: 69.95,
      totalAmount: "69.95",
      totalCents: 6995,
      trackingCode: null,
    });
    expect(res.body[1]).toMatchObject({
      total: 65.95,
      totalAmount: "65.95",
      items: [{ name: "Korean Ginseng", quantity: 2, price: "60.00" }],
    });
  });

  it("never returns another user's orders or subscriptions; another user's order by id is 404", async () => {
    const bobs = await buy("bob", [[1, 1, true]]);
    const alice = new Visitor(shop, "alice");
    const list = await alice.call("GET", "/api/orders");
    expect(list.body.some((o: { id: string }) => o.id === bobs.id)).toBe(false);
    expect((await alice.call("GET", `/api/orders/${bobs.id}`)).status).toBe(404);
    expect((await alice.call("GET", "/api/orders/not-a-uuid")).status).toBe(404);
    expect((await new Visitor(shop, "bob").call("GET", `/api/orders/${bobs.id}`)).body).toMatchObject({
      orderNumber: bobs.orderNumber,
    });
    const subs = await alice.call("GET", "/api/subscriptions");
    const bobSubs = await db().select().from(subscriptions).where(eq(subscriptions.orderId, bobs.id));
    expect(subs.body.some((s: { id: string }) => s.id === bobSubs[0]?.id)).toBe(false);
  });

  it("lists subscriptions with the API's fields", async () => {
    const res = await new Visitor(shop, "alice").call("GET", "/api/subscriptions");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      productName: "Total Restore",
      amount: "34.00",
      interval: "month",
      status: "active",
      nextBillingDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it("moves orders only along the allowed paths, with a clear message otherwise", async () => {
    const order = await buy("alice", [[3, 1, true]]);
    await expect(moveOrder(db(), order.orderNumber, "delivered")).rejects.toThrow(
      `Order ${order.orderNumber} is processing, so it cannot become delivered: it can only become shipped or cancelled.`,
    );
    await expect(moveOrder(db(), order.orderNumber, "shipped")).rejects.toThrow(/needs a tracking code/);
    expect(await moveOrder(db(), order.orderNumber, "shipped", { trackingCode: "1Z999" })).toMatchObject({
      status: "shipped",
      trackingCode: "1Z999",
    });
    await expect(moveOrder(db(), order.orderNumber, "cancelled")).rejects.toThrow(/cannot become cancelled/);
    expect(await moveOrder(db(), order.orderNumber.toLowerCase(), "delivered")).toMatchObject({
      status: "delivered",
    });
    await expect(moveOrder(db(), "MANA-NOPE2345", "shipped")).rejects.toThrow(
      "There is no order MANA-NOPE2345.",
    );
    const listed = await new Visitor(shop, "alice").call("GET", `/api/orders/${order.id}`);
    expect(listed.body).toMatchObject({ status: "delivered", trackingCode: "1Z999" });
  });

  it("cancelling a paid order cancels its subscriptions", async () => {
    const order = await buy("alice", [[4, 1, true]]);
    await moveOrder(db(), order.orderNumber, "cancelled");
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    expect(subs.map((s) => s.status)).toEqual(["cancelled"]);
  });
});

describe("npm run admin -- orders", () => {
  const run = promisify(execFile);
  it("lists, ships, delivers, and refuses impossible moves with a clear message", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mana-admin-"));
    const database = await openDatabase({ dataDir });
    const { seed } = await import("../../server/db/seed.ts");
    await seed(database.db);
    const [order] = await database.db
      .insert(orders)
      .values({
        orderNumber: "MANA-ADM2N345",
        cartFingerprint: "x",
        email: "cli@example.com",
        status: "processing",
        subtotalCents: 3000,
        totalCents: 3595,
        shippingCents: 595,
        provider: "sandbox",
      })
      .returning();
    await database.close();
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" };
    const admin = (...args: string[]) => run(process.execPath, ["scripts/admin.ts", ...args], { env });

    expect((await admin("orders", "list")).stdout).toMatch(
      /MANA-ADM2N345 .* processing .* \$35\.95 {2}cli@example\.com/,
    );
    const refused = await admin("orders", "deliver", "MANA-ADM2N345").catch((e) => e);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Order MANA-ADM2N345 is processing, so it cannot become delivered");
    expect((await admin("orders", "ship", "MANA-ADM2N345", "--tracking", "TRACK123")).stdout).toContain(
      "Order MANA-ADM2N345 is now shipped (tracking TRACK123).",
    );
    expect((await admin("orders", "deliver", "MANA-ADM2N345")).stdout).toContain("is now delivered");
    const usage = await admin("orders").catch((e) => e);
    expect(usage.stderr).toContain("Usage:");
    expect(order?.orderNumber).toBe("MANA-ADM2N345");
  }, 60_000);
});
