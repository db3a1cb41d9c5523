import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUserRole } from "../../server/admin/promote.ts";
import { type Database, openDatabase } from "../../server/db/client.ts";
import { ensureBuild, freshDatabase, ProductionShop } from "../reliability/long/production-shop.ts";

/**
 * Two app processes on one PostgreSQL, each with its own page cache and catalogue (decision 003): a price
 * or stock changed through one must show on the other's cached pages within a second (decision 019).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("price and stock changes reach every process", () => {
  let a: ProductionShop;
  let b: ProductionShop;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let database: Database;
  let cookie = "";

  beforeAll(async () => {
    ensureBuild();
    db = await freshDatabase();
    const env = { DATABASE_URL: db.url, BETTER_AUTH_SECRET: "two-processes-secret-0123456789abcdef" };
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await new ProductionShop(env).start();
    b = await new ProductionShop(env).start();
    const email = `owner-${Date.now()}@example.com`;
    const signUp = await fetch(`${a.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: a.url },
      body: JSON.stringify({ email, password: "correct horse 7", name: "Owner" }),
    });
    expect(signUp.status).toBe(200);
    cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    database = await openDatabase({ url: db.url, poolMax: 2 });
    await setUserRole(database.db, email, "admin", "command line");
  }, 300_000);

  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    await database?.close();
    await db?.drop();
  });

  const page = async (shop: ProductionShop, path: string) => {
    const res = await fetch(`${shop.url}${path}`);
    return { html: await res.text(), cache: res.headers.get("x-page-cache") };
  };

  /** Changes the product on process A; answers how long process B took to show `expected` on `path`. */
  async function changeOnA(id: number, body: object, path: string, expected: string): Promise<number> {
    const res = await fetch(`${a.url}/api/admin/products/${id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", origin: a.url, cookie },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const changed = Date.now();
    while (Date.now() - changed < 5000) {
      if ((await page(b, path)).html.includes(expected)) return Date.now() - changed;
      await new Promise((r) => setTimeout(r, 20));
    }
    return Number.POSITIVE_INFINITY;
  }

  it("a new price on process A shows on process B's cached product page within a second", async () => {
    const path = "/products/ashwagandha";
    for (const shop of [a, b]) await page(shop, path);
    const warm = await page(b, path);
    expect(warm.cache).toBe("hit");
    expect(warm.html).toContain("$30.00");
    expect(warm.html).not.toContain("$41.25");

    expect(await changeOnA(3, { priceCents: 4125 }, path, "$41.25")).toBeLessThan(1000);
    // Process A's own cache too, and B's catalogue (its product API) as well as its pages.
    expect((await page(a, path)).html).toContain("$41.25");
    const listed = (await (await fetch(`${b.url}/api/products`)).json()) as { id: number; price: string }[];
    expect(listed.find((p) => p.id === 3)?.price).toBe("41.25");
  });

  it("stock set to 0 on process A: process B's cached page says Out of stock within a second", async () => {
    const path = "/products/verdant-edge";
    for (const shop of [a, b]) await page(shop, path);
    expect((await page(b, path)).cache).toBe("hit");
    expect(await changeOnA(4, { stockOnHand: 0 }, path, "Out of stock")).toBeLessThan(1000);
    const add = await fetch(`${b.url}/api/cart`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: b.url },
      body: JSON.stringify({ productId: 4, quantity: 1 }),
    });
    expect(add.status).toBe(409);
  });
});
