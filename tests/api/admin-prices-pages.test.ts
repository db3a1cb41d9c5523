import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context.server.ts";
import { action as marketsAction, loader as marketsLoader } from "../../app/routes/admin-markets.server.ts";
import { action as pricesAction, loader as pricesLoader } from "../../app/routes/admin-prices.server.ts";
import { action as productsAction } from "../../app/routes/admin-products.server.ts";
import { priceOf } from "../../core/price-lists.ts";
import { adminAudit, user } from "../../server/db/schema.ts";
import { enabledMarkets } from "../../server/markets/markets.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity } from "./checkout-visitor.ts";

// The dashboard's Prices, Markets and Products pages write through their route actions (decision 034):
// the same rules as /api/admin/prices and /api/admin/markets, checked here as a form posts them.
const ORIGIN = "http://localhost";
type Answer = { status: number; body: unknown; location?: string | null };
type Route = "prices" | "markets" | "products";
const ACTIONS = { prices: pricesAction, markets: marketsAction, products: productsAction };
const LOADERS = { prices: pricesLoader, markets: marketsLoader };

describe.each(testDatabases)("the dashboard's Prices and Markets pages on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    await createUser(shop, "cat", "cat@example.com");
    await createUser(shop, "sam", "sam@example.com");
    await createUser(shop, "ola", "ola@example.com");
    await shop.services.database.db.update(user).set({ role: "staff" }).where(eq(user.id, "sam"));
    await shop.services.database.db.update(user).set({ role: "admin" }).where(eq(user.id, "ola"));
  });
  afterAll(() => shop.close());

  /** What a page's loader or action answers `userId` (nobody when null). */
  async function run(route: Route, userId: string | null, form?: Record<string, string>): Promise<Answer> {
    const context = new RouterContextProvider();
    context.set(appContext, shop.services);
    const request = new Request(`${ORIGIN}/admin/${route}`, {
      method: form ? "POST" : "GET",
      headers: { origin: ORIGIN, ...(userId ? { "x-test-user": userId } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
    });
    const fn = form ? ACTIONS[route] : LOADERS[route as "prices" | "markets"];
    try {
      const answer = (await fn({ context, request, params: {} } as never)) as {
        data: unknown;
        init?: { status?: number } | null;
      };
      return { status: answer.init?.status ?? 200, body: answer.data };
    } catch (thrown) {
      if (thrown instanceof Response)
        return { status: thrown.status, body: null, location: thrown.headers.get("location") };
      const refused = thrown as { data?: unknown; init?: { status?: number } };
      if (refused.init?.status) return { status: refused.init.status, body: refused.data };
      throw thrown;
    }
  }
  const table = () => shop.services.catalogue.priceTable(595);

  it("signed out goes to sign in; a customer gets 403; staff read prices but change nothing and see no markets", async () => {
    const form = { intent: "prices", "product:1@CAD": "41.00" };
    expect(await run("prices", null)).toMatchObject({ status: 302, location: "/auth" });
    expect(await run("prices", null, form)).toMatchObject({ status: 302, location: "/auth" });
    for (const route of ["prices", "markets"] as const) expect((await run(route, "cat")).status).toBe(403);
    expect((await run("prices", "cat", form)).status).toBe(403);
    expect((await run("prices", "sam")).status).toBe(200);
    expect((await run("prices", "sam", form)).status).toBe(403);
    expect((await run("markets", "sam")).status).toBe(403);
    expect((await run("markets", "sam", { intent: "markets", "market:us": "on" })).status).toBe(403);
    expect((await run("products", "sam", { intent: "product-1", "product:1@CAD": "41.00" })).status).toBe(
      403,
    );
    expect(priceOf(await table(), "product:1", "CAD")).toBe(4000);
  });

  it("the Prices form: amounts as typed, only what changed, a message per wrong field, forged names ignored", async () => {
    const saved = await run("prices", "ola", {
      intent: "prices",
      "product:1@CAD": "41,50",
      "product:1@EUR": "29.00",
      "shipping:flat@GBP": "4",
      "product:1@USD": "1.00",
      "product:99@CAD": "1.00",
      "stack:1@JPY": "1.00",
    });
    expect(saved).toMatchObject({ status: 200, body: { errors: null } });
    const prices = await table();
    expect(priceOf(prices, "product:1", "CAD")).toBe(4150);
    expect(priceOf(prices, "shipping:flat", "GBP")).toBe(400);
    expect(priceOf(prices, "product:1", "USD")).toBe(3000);
    const rows = await shop.services.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, "price-list-updated"));
    expect(rows.map((r) => [r.targetType, r.targetId, r.after])).toEqual(
      expect.arrayContaining([
        ["product", "1", { CAD: 4150 }],
        ["shipping", "flat", { GBP: 400 }],
      ]),
    );
    expect(rows).toHaveLength(2);

    const wrong = await run("prices", "ola", {
      intent: "prices",
      "product:2@CAD": "-3",
      "stack:2@GBP": "",
      "stack:3@EUR": "1000.00",
    });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { errors: Record<string, string> }).errors).toEqual({
      "product:2@CAD":
        "Total Restore in CAD: Enter the price as a number with up to two decimals, such as 40.00.",
      "stack:2@GBP": "Focus & Calm Stack in GBP: Enter the price, such as 40.00.",
    });
    const stack = await run("prices", "ola", { intent: "prices", "stack:3@EUR": "1000.00" });
    expect(stack.status).toBe(400);
    expect((stack.body as { errors: Record<string, string> }).errors["stack:3@EUR"]).toBe(
      "Sleep & Unwind Stack's price in EUR (€1000.00) must be below the sum of its products' prices in EUR (€68.00).",
    );
    expect((await run("prices", "ola", { intent: "prices", "product:1@CAD": "41.50" })).body).toMatchObject({
      unchanged: true,
    });
  });

  it("the product's editor saves its CAD price with the product, and refuses one beside its field", async () => {
    const saved = await run("products", "ola", {
      intent: "product-3",
      "product:3@CAD": "39.00",
      stock: "90",
    });
    expect(saved).toMatchObject({ status: 200, body: { errors: null } });
    expect(priceOf(await table(), "product:3", "CAD")).toBe(3900);
    // Ashwagandha at CA$1.00 would make its stacks cost more than their products: nothing is saved.
    const refused = await run("products", "ola", {
      intent: "product-3",
      "product:3@CAD": "1.00",
      stock: "80",
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: Record<string, string> }).errors["product:3@CAD"]).toContain(
      "must be below the sum of its products' prices in CAD",
    );
    expect(priceOf(await table(), "product:3", "CAD")).toBe(3900);
    expect(await shop.services.catalogue.stockOf(3)).toBe(90);
  });

  it("the Markets form: the boxes ticked are the markets and EU countries saved; none at all is refused", async () => {
    const saved = await run("markets", "ola", {
      intent: "markets",
      "market:us": "on",
      "market:eu": "on",
      "eu:PT": "on",
      "eu:XX": "on",
    });
    expect(saved).toMatchObject({ status: 200, body: { errors: null } });
    expect((await enabledMarkets(shop.services.database.db)).map((m) => [m.id, m.countries])).toEqual([
      ["us", ["US"]],
      ["eu", ["PT"]],
    ]);
    const none = await run("markets", "ola", { intent: "markets" });
    expect(none).toMatchObject({
      status: 400,
      body: { errors: { enabled: "Enable at least one market: the shop must sell somewhere." } },
    });
    const noCountry = await run("markets", "ola", { intent: "markets", "market:eu": "on" });
    expect((noCountry.body as { errors: Record<string, string> }).errors.euCountries).toBe(
      "Choose at least one country for the European Union market, or turn the market off.",
    );
    const page = await run("markets", "ola");
    expect(page.body).toMatchObject({ shipTo: ["US", "PT"], alsoShipsTo: [] });
  });
});
