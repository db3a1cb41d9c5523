import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";

describe.each(testDatabases)("products API on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  it("lists the four products with decimal-string prices by id", async () => {
    const res = await shop.app.request("/api/products");
    expect(res.status).toBe(200);
    const products = (await res.json()) as Array<Record<string, unknown>>;
    expect(products.map((p) => [p.id, p.name, p.price, p.slug, p.packageSize])).toEqual([
      [1, "Korean Ginseng", "30.00", "korean-ginseng", "60ml"],
      [2, "Total Restore", "40.00", "total-restore", "120 capsules"],
      [3, "Ashwagandha", "30.00", "ashwagandha", "60ml"],
      [4, "Verdant Edge", "30.00", "verdant-edge", "60 capsules"],
    ]);
    for (const p of products) {
      expect(p).toMatchObject({
        tagline: expect.any(String),
        category: expect.stringMatching(/^(cognitive|sleep|vitality|stress)$/),
        imageUrl: expect.stringMatching(/^\/images\//),
      });
      expect((p.benefits as string[]).length).toBeGreaterThanOrEqual(3);
    }
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await shop.app.request("/api/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({
      code: "not_found",
      message: expect.stringContaining("/api/nope"),
    });
  });

  it("reports readiness with the database kind", async () => {
    const res = await shop.app.request("/readyz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", database: kind });
    expect((await shop.app.request("/healthz")).status).toBe(200);
  });

  it("refuses an oversized body with 413, not a 5xx", async () => {
    const res = await shop.app.request("/api/products", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(2_000_000) },
      body: JSON.stringify({ pad: "x".repeat(2_000_000) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "payload_too_large" });
  });
});
