import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";

const keysOf = (body: { items: { productId: number | null; stackId: number | null }[] }) =>
  body.items.map((i) => (i.productId !== null ? `p${i.productId}` : `s${i.stackId}`)).sort();

describe.each(testDatabases)("the wishlist on %s", (kind) => {
  let shop: TestShop;
  let stackId: number;

  async function signedUp(name: string) {
    const b = new Browser(shop);
    expect((await b.signUp(uniqueEmail(name), "correct horse 7", name)).status).toBe(200);
    return b;
  }

  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true });
    const stacks = await new Browser(shop).call("GET", "/api/content/stacks");
    stackId = stacks.body[0].id;
  });
  afterAll(() => shop.close());

  it("is for signed-in customers only", async () => {
    const guest = new Browser(shop);
    for (const [method, path, body] of [
      ["GET", "/api/wishlist", undefined],
      ["PUT", "/api/wishlist/items", { productId: 1 }],
      ["DELETE", "/api/wishlist/items/product/1", undefined],
      ["DELETE", "/api/wishlist", undefined],
      ["POST", "/api/wishlist/merge", { items: [{ productId: 1 }] }],
    ] as const) {
      const res = await guest.call(method, path, body);
      expect(res, `${method} ${path}`).toMatchObject({ status: 401, body: { code: "unauthorized" } });
    }
  });

  it("saves products and stacks once each, removes one, and clears the list", async () => {
    const me = await signedUp("saver");
    expect((await me.call("GET", "/api/wishlist")).body).toEqual({ items: [] });
    const first = await me.call("PUT", "/api/wishlist/items", { productId: 2 });
    expect(first.status).toBe(200);
    expect(first.body.items[0]).toMatchObject({
      kind: "product",
      productId: 2,
      name: "Total Restore",
      href: "/products/total-restore",
      priceCents: 4000,
      inStock: true,
      productIds: [2],
    });
    await me.call("PUT", "/api/wishlist/items", { productId: 2 });
    const stack = await me.call("PUT", "/api/wishlist/items", { stackId });
    expect(keysOf(stack.body)).toEqual(["p2", `s${stackId}`]);
    const saved = stack.body.items.find((i: { kind: string }) => i.kind === "stack");
    expect(saved.productIds.length).toBeGreaterThan(1);
    expect(saved.inStock).toBe(true);

    const removed = await me.call("DELETE", "/api/wishlist/items/product/2");
    expect(removed.status).toBe(200);
    expect(keysOf(removed.body)).toEqual([`s${stackId}`]);
    expect((await me.call("DELETE", "/api/wishlist/items/product/2")).status).toBe(404);

    await me.call("PUT", "/api/wishlist/items", { productId: 3 });
    expect((await me.call("DELETE", "/api/wishlist")).body).toEqual({ items: [] });
    expect((await me.call("GET", "/api/wishlist")).body).toEqual({ items: [] });
  });

  it("merges the list a guest kept in the browser at sign-in, duplicates once", async () => {
    const me = await signedUp("merger");
    await me.call("PUT", "/api/wishlist/items", { productId: 1 });
    const merged = await me.call("POST", "/api/wishlist/merge", {
      items: [{ productId: 1 }, { productId: 4 }, { productId: 4 }, { stackId }],
    });
    expect(merged.status).toBe(200);
    expect(keysOf(merged.body)).toEqual(["p1", "p4", `s${stackId}`]);
    // Posting the same list again (a second tab) changes nothing.
    const again = await me.call("POST", "/api/wishlist/merge", { items: [{ productId: 4 }, { stackId }] });
    expect(keysOf(again.body)).toEqual(["p1", "p4", `s${stackId}`]);
    // A product no longer in the shop is left out rather than refusing the whole list.
    const gone = await me.call("POST", "/api/wishlist/merge", { items: [{ productId: 999 }] });
    expect(gone.status).toBe(200);
    expect(keysOf(gone.body)).toEqual(["p1", "p4", `s${stackId}`]);
  });

  it("keeps each customer's list their own", async () => {
    const alice = await signedUp("alice");
    const bob = await signedUp("bob");
    await alice.call("PUT", "/api/wishlist/items", { productId: 3 });
    await alice.call("PUT", "/api/wishlist/items", { stackId });
    expect((await bob.call("GET", "/api/wishlist")).body).toEqual({ items: [] });
    expect((await bob.call("DELETE", "/api/wishlist/items/product/3")).status).toBe(404);
    expect((await bob.call("DELETE", `/api/wishlist/items/stack/${stackId}`)).status).toBe(404);
    await bob.call("DELETE", "/api/wishlist");
    await bob.call("PUT", "/api/wishlist/items", { productId: 1 });
    expect(keysOf((await alice.call("GET", "/api/wishlist")).body)).toEqual(["p3", `s${stackId}`]);
    expect(keysOf((await bob.call("GET", "/api/wishlist")).body)).toEqual(["p1"]);
  });

  it("refuses bad input with a 4xx that says what is wrong", async () => {
    const me = await signedUp("typo");
    const cases: [unknown, number, string][] = [
      [{}, 400, "invalid_input"],
      [{ productId: 1, stackId: 1 }, 400, "invalid_input"],
      [{ productId: "1" }, 400, "invalid_input"],
      [{ productId: -2 }, 400, "invalid_input"],
      [{ productId: 1.5 }, 400, "invalid_input"],
      [{ productId: 999 }, 404, "not_found"],
      [{ stackId: 999 }, 404, "not_found"],
    ];
    for (const [body, status, code] of cases) {
      const res = await me.call("PUT", "/api/wishlist/items", body);
      expect(res, JSON.stringify(body)).toMatchObject({ status, body: { code } });
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await me.call("PUT", "/api/wishlist/items", "{not json")).status).toBe(400);
    expect((await me.call("DELETE", "/api/wishlist/items/product/abc")).status).toBe(404);
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ productId: i + 1 }));
    const merge = await me.call("POST", "/api/wishlist/merge", { items: tooMany });
    expect(merge).toMatchObject({ status: 400, body: { code: "invalid_input" } });
    expect(merge.body.message).toContain("at most 100");
    expect((await me.call("POST", "/api/wishlist/merge", { items: "p1" })).status).toBe(400);
    expect((await me.call("GET", "/api/wishlist")).body).toEqual({ items: [] });
  });

  it("shows a sold-out product as out of stock, and a stack holding it too", async () => {
    const me = await signedUp("soldout");
    const stacks = (await me.call("GET", "/api/content/stacks")).body;
    const stack = stacks[0];
    const productId = stack.productCombination[0].id;
    await shop.services.database.db.execute(
      `update products set stock_on_hand = 0 where id = ${Number(productId)}`,
    );
    shop.services.catalogue.invalidate();
    await me.call("PUT", "/api/wishlist/items", { productId });
    const { body } = await me.call("PUT", "/api/wishlist/items", { stackId: stack.id });
    for (const item of body.items) {
      expect(item.inStock, item.name).toBe(false);
      expect(item.soldOutProductIds).toEqual([productId]);
    }
    await shop.services.database.db.execute(
      `update products set stock_on_hand = 100 where id = ${Number(productId)}`,
    );
    shop.services.catalogue.invalidate();
  });
});
