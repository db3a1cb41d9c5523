import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";

/** A visitor with their own cookie jar, talking to the in-process app. */
class Visitor {
  cookie = "";
  private shop: TestShop;
  constructor(shop: TestShop) {
    this.shop = shop;
  }
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.shop.app.request(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const set = res.headers.get("set-cookie");
    if (set) this.cookie = set.split(";")[0] ?? "";
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  }
  cart() {
    return this.call("GET", "/api/cart");
  }
  add(body: unknown) {
    return this.call("POST", "/api/cart", body);
  }
}

describe.each(testDatabases)("cart API on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  it("starts empty and sets no cookie on a read", async () => {
    const v = new Visitor(shop);
    const res = await v.cart();
    expect(res).toMatchObject({ status: 200, body: [] });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("adds a product with the API's defaults and an httpOnly, SameSite=Lax cookie", async () => {
    const v = new Visitor(shop);
    const res = await v.add({ productId: 1 });
    expect(res.status).toBe(201);
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(res.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
    expect(res.body).toMatchObject({
      productId: 1,
      quantity: 1,
      isSubscription: false,
      bundleId: null,
      product: { name: "Korean Ginseng", price: "30.00", imageUrl: "/images/products/korean-ginseng.svg" },
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("adds to the same line for the same product and mode, and keeps subscriptions apart", async () => {
    const v = new Visitor(shop);
    await v.add({ productId: 2, quantity: 2 });
    await v.add({ productId: 2, quantity: 3 });
    await v.add({ productId: 2, isSubscription: true });
    const { body } = await v.cart();
    expect(
      body.map((i: { quantity: number; isSubscription: boolean }) => [i.quantity, i.isSubscription]),
    ).toEqual([
      [5, false],
      [1, true],
    ]);
  });

  it("changes a quantity, removes a line and clears the cart", async () => {
    const v = new Visitor(shop);
    const a = (await v.add({ productId: 1 })).body;
    await v.add({ productId: 3 });
    expect((await v.call("PUT", `/api/cart/${a.id}`, { quantity: 4 })).body).toMatchObject({ quantity: 4 });
    expect((await v.call("DELETE", `/api/cart/${a.id}`)).status).toBe(200);
    expect((await v.cart()).body).toHaveLength(1);
    expect((await v.call("DELETE", "/api/cart")).body).toEqual({ cleared: 1 });
    expect((await v.cart()).body).toEqual([]);
  });

  it("answers each cart write with the whole cart after it, as GET /api/cart lists it", async () => {
    const v = new Visitor(shop);
    const first = await v.add({ productId: 1 });
    expect(first.status).toBe(201);
    expect(first.body.cart).toEqual((await v.cart()).body);
    expect(first.body.cart).toEqual([expect.objectContaining({ id: first.body.id, productId: 1 })]);

    const second = await v.add({ productId: 2, quantity: 2, isSubscription: true });
    expect(second.body).toMatchObject({ productId: 2, quantity: 2, isSubscription: true });
    expect(second.body.cart).toEqual((await v.cart()).body);
    expect(second.body.cart.map((i: { productId: number }) => i.productId)).toEqual([1, 2]);

    const changed = await v.call("PUT", `/api/cart/${first.body.id}`, { quantity: 3 });
    expect(changed.body).toMatchObject({ id: first.body.id, productId: 1, quantity: 3 });
    expect(changed.body.cart).toEqual((await v.cart()).body);
    expect(changed.body.cart[0]).toMatchObject({ id: first.body.id, quantity: 3 });

    const removed = await v.call("DELETE", `/api/cart/${first.body.id}`);
    expect(removed.body).toEqual({ deleted: true, cart: (await v.cart()).body });
    expect(removed.body.cart.map((i: { productId: number }) => i.productId)).toEqual([2]);

    // A cleared cart is empty: the answer counts the lines removed, and the cart reads empty.
    expect((await v.call("DELETE", "/api/cart")).body).toEqual({ cleared: 1 });
    expect((await v.cart()).body).toEqual([]);
  });

  it("carries the bundle on lines added from it", async () => {
    const v = new Visitor(shop);
    for (const productId of [1, 2, 3, 4]) await v.add({ productId, bundleId: "complete-mana-system" });
    const { body } = await v.cart();
    expect(body).toHaveLength(4);
    expect(body[0]).toMatchObject({
      bundleId: "complete-mana-system",
      bundle: { id: "complete-mana-system", bundlePriceCents: 10000, productIds: [1, 2, 3, 4] },
    });
  });

  it.each([
    ["unknown product", { productId: 999 }, 400],
    ["quantity 0", { productId: 1, quantity: 0 }, 400],
    ["quantity -5", { productId: 1, quantity: -5 }, 400],
    ["quantity 1.5", { productId: 1, quantity: 1.5 }, 400],
    ["quantity 10^9", { productId: 1, quantity: 1e9 }, 400],
    ["quantity as a string", { productId: 1, quantity: "2" }, 400],
    ["productId as a string", { productId: "1" }, 400],
    ["a price in the body", { productId: 1, price: "0.01" }, 400],
    ["unknown bundle", { productId: 1, bundleId: "free-stuff" }, 400],
    ["product not in the bundle", { productId: 2, bundleId: "focus-and-calm" }, 400],
    ["missing body", undefined, 400],
    ["an array", [1, 2], 400],
  ])("refuses %s with a 4xx JSON message", async (_name, body, status) => {
    const v = new Visitor(shop);
    const res = await v.call("POST", "/api/cart", body, { "content-type": "application/json" });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  });

  it("refuses malformed JSON and non-JSON bodies", async () => {
    const v = new Visitor(shop);
    expect((await v.call("POST", "/api/cart", "{nope", { "content-type": "application/json" })).status).toBe(
      400,
    );
    expect((await v.call("POST", "/api/cart", "productId=1", { "content-type": "text/plain" })).status).toBe(
      415,
    );
  });

  it.each([0, -5, 1.5, 1e9, "2"])("refuses quantity %s on update", async (quantity) => {
    const v = new Visitor(shop);
    const a = (await v.add({ productId: 1 })).body;
    expect((await v.call("PUT", `/api/cart/${a.id}`, { quantity })).status).toBe(400);
  });

  it("refuses a line over 99 rather than clipping it", async () => {
    const v = new Visitor(shop);
    await v.add({ productId: 4, quantity: 99 });
    const res = await v.add({ productId: 4, quantity: 1 });
    expect(res.status).toBe(422);
    expect((await v.cart()).body[0].quantity).toBe(99);
  });

  it("keeps carts apart: another visitor's line answers 404 and is untouched", async () => {
    const alice = new Visitor(shop);
    const bob = new Visitor(shop);
    const line = (await alice.add({ productId: 1 })).body;
    await bob.add({ productId: 2 });
    expect((await bob.cart()).body.map((i: { productId: number }) => i.productId)).toEqual([2]);
    expect((await bob.call("PUT", `/api/cart/${line.id}`, { quantity: 5 })).status).toBe(404);
    expect((await bob.call("DELETE", `/api/cart/${line.id}`)).status).toBe(404);
    expect((await new Visitor(shop).call("DELETE", `/api/cart/${line.id}`)).status).toBe(404);
    expect((await bob.call("DELETE", "/api/cart/not-a-uuid")).status).toBe(404);
    expect((await alice.cart()).body[0]).toMatchObject({ quantity: 1 });
  });

  it("ignores a forged cookie", async () => {
    const v = new Visitor(shop);
    v.cookie = "mana_cart=forged-value-that-matches-nothing-at-all-xxxxxxxx";
    expect((await v.cart()).body).toEqual([]);
  });

  it("gives a cart to a visitor whose cookie has none (a cart since merged or removed), even under concurrent adds", async () => {
    const v = new Visitor(shop);
    v.cookie = `mana_cart=${"k".repeat(43)}`;
    const results = await Promise.all([1, 2, 2, 3].map((productId) => v.add({ productId })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(results.every((r) => r.headers.get("set-cookie") === null)).toBe(true);
    const { body } = await v.cart();
    expect(
      body.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity]).sort(),
    ).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    const other = new Visitor(shop);
    expect((await other.cart()).body).toEqual([]);
  });

  it("refuses writes from another site's origin and changes nothing", async () => {
    const v = new Visitor(shop);
    await v.add({ productId: 1 });
    const res = await v.call("POST", "/api/cart", { productId: 2 }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await v.call("DELETE", "/api/cart", undefined, { origin: "https://evil.example" })).status).toBe(
      403,
    );
    expect((await v.cart()).body).toHaveLength(1);
  });

  it("50 concurrent adds of the same product end in one line with the right quantity", async () => {
    const v = new Visitor(shop);
    await v.add({ productId: 3 });
    const results = await Promise.all(Array.from({ length: 50 }, () => v.add({ productId: 3 })));
    expect(results.filter((r) => r.status >= 500)).toHaveLength(0);
    const ok = results.filter((r) => r.status === 201).length;
    const { body } = await v.cart();
    expect(body).toHaveLength(1);
    expect(body[0].quantity).toBe(Math.min(99, 1 + ok));
    expect(ok).toBe(50);
  });
});
