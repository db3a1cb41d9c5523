import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context.server.ts";
import { loadCheckoutPage } from "../../app/routes/checkout.server.ts";
import { loadSandboxPage } from "../../app/routes/pay.$sessionId.server.ts";
import { loader as shippingPage } from "../../app/routes/shipping-returns.server.ts";
import { orders, orderTaxLines, user } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { pendingOrderOf } from "../support/stripe-shop.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, ONTARIO, PARIS, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

/**
 * The owner's markets decide where the shop ships (docs/decisions/051-markets-and-currencies.md): the
 * checkout's check of an address, the checkout page's countries, the payment page's collected countries
 * and the shipping page follow /admin/markets, at once.
 */

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };
/** Ashwagandha (product 3): $30.00, CA$40.00, €29.00 (content/price-lists.json). */
const ASHWAGANDHA = 3;

describe.each(testDatabases)("the owner's markets decide where the shop ships on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    await createUser(shop, "ola", "ola@example.com");
    await db().update(user).set({ role: "admin" }).where(eq(user.id, "ola"));
  });
  afterAll(() => shop.close());

  async function cart() {
    const v = new Visitor(shop);
    expect((await v.add(ASHWAGANDHA, 1, false)).status).toBe(201);
    return v;
  }
  /** The product spec's call: no address, the payment page collects it (decision 027). */
  async function bare(v: Visitor, currency?: string) {
    return v.call("POST", "/api/checkout/create-session", {
      email: "bare@example.com",
      userId: null,
      cartItems: (await v.cartItems()).map(({ bundleId: _b, ...line }) => line),
      ...(currency ? { currency } : {}),
    });
  }
  const checkoutCountries = async (v: Visitor) =>
    (await loadCheckoutPage(shop.services, new Headers(v.cookie ? { cookie: v.cookie } : {}))).shipTo;
  async function shippingText(): Promise<string> {
    const context = new RouterContextProvider();
    context.set(appContext, shop.services);
    const request = new Request("http://localhost/shipping-returns");
    return JSON.stringify((await shippingPage({ context, request, params: {} } as never)).blocks);
  }

  it("with the demo's markets, a Paris address is an order in EUR with its VAT included", async () => {
    const v = await cart();
    expect(await checkoutCountries(v)).toEqual(["US", "CA", "GB", "IE", "FR", "DE", "ES", "IT", "NL", "BE"]);
    const res = await v.checkout({ shippingAddress: PARIS, currency: "EUR" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({ currency: "eur", subtotalCents: 2900, taxCents: 0 });
    const taxes = await db().select().from(orderTaxLines).where(eq(orderTaxLines.orderId, order.id));
    expect(taxes.length).toBeGreaterThan(0);
    expect(taxes.every((t) => t.included && t.currency === "eur")).toBe(true);
  });

  it("the shipping page lists the countries the markets ship to", async () => {
    const text = await shippingText();
    expect(text).toContain("United Kingdom");
    expect(text).toContain("France");
    expect(text).toContain("Belgium");
    expect(text).not.toContain("Austria");
  });

  it("a bare call with currency CAD is a CAD order whose payment page collects only Canada", async () => {
    const v = await cart();
    const res = await bare(v, "CAD");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order, sessionId } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({ currency: "cad", subtotalCents: 4000, shippingAddress: null });
    expect((await loadSandboxPage(shop.services, sessionId))?.shipTo).toEqual(["CA"]);
    // A US address typed there is refused (it would be a US dollar order); a Canadian one pays it.
    expect(
      await payWithSandboxCard(shopDeps(shop.services), sessionId, { ...card, ...TEST_ADDRESS }),
    ).toMatchObject({
      kind: "invalid",
      addressErrors: { country: expect.stringContaining("We ship to Canada.") },
    });
    expect(
      await payWithSandboxCard(shopDeps(shop.services), sessionId, { ...card, ...ONTARIO }),
    ).toMatchObject({
      kind: "paid",
    });
    const [paid] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ status: "processing", currency: "cad", shippingAddress: { country: "CA" } });
  });

  it("a bare call without a currency is in US dollars and collects the US only", async () => {
    const v = await cart();
    const res = await bare(v);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order, sessionId } = await pendingOrderOf(shop, res.body.url);
    expect(order.currency).toBe("usd");
    expect((await loadSandboxPage(shop.services, sessionId))?.shipTo).toEqual(["US"]);
  });

  it("the owner turns the EU off: Paris is refused with a 400, the checkout and the shipping page drop France", async () => {
    const owner = new Visitor(shop, "ola");
    // A cached page (the shipping page lists the countries) is dropped by the save.
    const { pageCache } = shop.services;
    pageCache.set("/shipping-returns", { status: 200, headers: [], body: Buffer.from("France") });
    const off = await owner.call("PUT", "/api/admin/markets", {
      enabled: ["us", "ca", "uk"],
      euCountries: ["IE", "FR", "DE", "ES", "IT", "NL", "BE"],
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ changed: true, shipTo: ["US", "CA", "GB"] });
    expect(pageCache.get("/shipping-returns")).toBeUndefined();

    const v = await cart();
    const paris = await v.checkout({ shippingAddress: PARIS, currency: "EUR" });
    expect(paris.status).toBe(400);
    expect(paris.body).toMatchObject({
      code: "invalid_address",
      fields: { country: "We don't ship to France yet. We ship to United States, Canada, United Kingdom." },
    });
    expect(await checkoutCountries(v)).toEqual(["US", "CA", "GB"]);
    // The payment page cannot collect a euro order's address anywhere now.
    const euros = await bare(v, "EUR");
    expect(euros.status).toBe(400);
    expect(euros.body).toMatchObject({ code: "currency_not_shipped" });
    expect(euros.body.message).toContain("EUR");
    // The address book refuses it too.
    const book = await owner.call("POST", "/api/addresses", PARIS);
    expect(book.status).toBe(400);
    const text = await shippingText();
    expect(text).not.toContain("France");
    expect(text).toContain("United Kingdom");

    // On again: France is shipped to at once.
    const on = await owner.call("PUT", "/api/admin/markets", {
      enabled: ["us", "ca", "uk", "eu"],
      euCountries: ["FR"],
    });
    expect(on.status).toBe(200);
    expect((await v.checkout({ shippingAddress: PARIS, currency: "EUR" })).status).toBe(200);
    expect(await checkoutCountries(v)).toEqual(["US", "CA", "GB", "FR"]);
  });
});
