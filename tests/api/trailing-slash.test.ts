import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../support/test-app.ts";

describe("trailing-slash page paths", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop("pglite");
  });
  afterAll(() => shop.close());

  it.each([
    ["/knowledge/", "/knowledge"],
    ["/products/ashwagandha/", "/products/ashwagandha"],
    ["/knowledge/?q=sleep&type=research", "/knowledge?q=sleep&type=research"],
    ["/knowledge//", "/knowledge"],
    ["//evil.example/", "/evil.example"],
  ])("%s answers a permanent redirect to %s", async (from, to) => {
    const res = await shop.app.request(from);
    expect([301, 308]).toContain(res.status);
    expect(res.headers.get("location")).toBe(to);
  });

  it.each([
    ["/FR/knowledge", "/fr/knowledge"],
    ["/Es", "/es"],
    ["/ES/products/ashwagandha/", "/es/products/ashwagandha"],
    ["/fR/knowledge?q=sommeil", "/fr/knowledge?q=sommeil"],
    ["//FR/knowledge", "/fr/knowledge"],
  ])("a language prefix in capitals, %s, redirects to %s (decision 049)", async (from, to) => {
    const res = await shop.app.request(from);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(to);
  });

  it("leaves a path that only begins like a language alone", async () => {
    for (const path of ["/fr/knowledge", "/es", "/FRance", "/ESsentials"]) {
      expect([301, 308]).not.toContain((await shop.app.request(path)).status);
    }
  });

  it("a POST is redirected with 308 so its method and body are kept", async () => {
    const res = await shop.app.request("/knowledge/", { method: "POST" });
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/knowledge");
  });

  it("leaves the home page and API paths alone", async () => {
    expect((await shop.app.request("/api/content/articles/")).status).not.toBe(301);
    expect((await shop.app.request("/api/content/articles/")).status).not.toBe(308);
    const home = await shop.app.request("/");
    expect([301, 308]).not.toContain(home.status);
  });
});
