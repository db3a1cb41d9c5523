import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCheckoutPage } from "../../app/routes/checkout.server.ts";
import { orders, orderTaxLines, outbox } from "../../server/db/schema.ts";
import { EnvError, parseEnv } from "../../server/env.ts";
import { postEvent, stripeEvent, WEBHOOK_SECRET } from "../reliability/support/stripe-events.ts";
import { pendingOrderOf } from "../support/stripe-shop.ts";
import { StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

/**
 * Stripe Tax as the shop's second tax provider (TAX_PROVIDER=stripe, docs/decisions/050-taxes.md): Stripe
 * Checkout taxes the session (automatic tax), the shop sends no tax line of its own, and the completed
 * session's taxes become the order's lines and total. The stand-in taxes as tests/support/stripe-stand-in.ts
 * STAND_IN_TAX_RATES says (Ontario's HST 13%, Quebec's GST and QST, the UK's VAT 20% included).
 */

const ONTARIO = { ...TEST_ADDRESS, city: "Toronto", region: "ON", postalCode: "M5V 2T6", country: "CA" };
const LONDON = { ...TEST_ADDRESS, city: "London", region: "", postalCode: "SW1A 1AA", country: "GB" };

type LineItem = { quantity: string; price_data: Record<string, unknown> & { unit_amount: string } };

describe.each(testDatabases)("Stripe Tax (TAX_PROVIDER=stripe) on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    standIn = await new StripeStandIn().start();
    shop = await createTestShop(kind, { env: { ...standIn.env(WEBHOOK_SECRET), TAX_PROVIDER: "stripe" } });
  });
  afterAll(async () => {
    await shop?.close();
    await standIn?.stop();
  });

  /**
   * Korean Ginseng once and Total Restore as a subscription: to Canada CA$40.00 + CA$45.90 + CA$7.95
   * shipping = CA$93.85 before tax.
   */
  async function cartOf() {
    const v = new Visitor(shop);
    await v.add(1, 1, false);
    await v.add(2, 1, true);
    return v;
  }

  /** The last session the shop asked for, as Stripe received it. */
  function lastSessionCall() {
    const [call] = standIn.sessionRequests().slice(-1);
    if (!call) throw new Error("no session");
    return { params: call.params, items: Object.values(call.params.line_items ?? {}) as LineItem[] };
  }

  async function taxLinesOf(orderId: string) {
    const lines = await db()
      .select()
      .from(orderTaxLines)
      .where(eq(orderTaxLines.orderId, orderId))
      .orderBy(asc(orderTaxLines.position));
    return lines.map((l) => [l.name, l.ratePercent, l.amountCents, l.currency, l.included]);
  }

  /** Stripe's signed checkout.session.completed for the session as the stand-in holds it (no breakdown). */
  async function deliverCompleted(sessionId: string, change: Record<string, unknown> = {}) {
    const session = standIn.sessions.get(sessionId) ?? {};
    return postEvent(
      shop,
      stripeEvent("checkout.session.completed", {
        ...session,
        payment_status: "paid",
        status: "complete",
        payment_intent: `pi_${sessionId.slice(-12)}`,
        ...change,
      }),
    );
  }

  it("asks Stripe Checkout for automatic tax and sends no tax line of the shop's; no taxCents 409", async () => {
    const v = await cartOf();
    // The page shows no tax figure with Stripe Tax; a client that sends one is not refused for it.
    const res = await v.checkout({ shippingAddress: ONTARIO, taxCents: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({ currency: "cad", taxCents: 0, totalCents: 9385 });
    expect(await taxLinesOf(order.id)).toEqual([]);
    const { params, items } = lastSessionCall();
    expect(params.automatic_tax).toEqual({ enabled: "true" });
    // The customer carries the order's address (Stripe Tax reads it); a billing address typed there is saved.
    expect(params.customer_update).toEqual({ address: "auto" });
    expect(params).not.toHaveProperty("shipping_address_collection");
    expect(items.map((i) => i.price_data.tax_behavior)).toEqual(["exclusive", "exclusive", "exclusive"]);
    expect(items.map((i) => (i.price_data.product_data as { name: string }).name)).not.toContainEqual(
      expect.stringMatching(/HST|GST|tax/i),
    );
    const sum = items.reduce((s, i) => s + Number(i.price_data.unit_amount) * Number(i.quantity), 0);
    expect(sum).toBe(order.totalCents);
    // Stripe taxes the session itself: CA$93.85 + HST 13% CA$12.20.
    expect(standIn.sessions.get(order.providerSessionId as string)).toMatchObject({
      amount_total: 10605,
      total_details: { amount_tax: 1220 },
    });
  });

  it("the completed session's taxes become the order's lines and total, what Stripe charged to the cent", async () => {
    const v = await cartOf();
    const res = await v.checkout({ shippingAddress: ONTARIO });
    const { order, sessionId } = await pendingOrderOf(shop, res.body.url);
    const reads = standIn.requests.length;
    expect(await deliverCompleted(sessionId)).toEqual({
      status: 200,
      body: { received: true, outcome: "paid" },
    });
    // The event carries no breakdown: the shop read the session again with it expanded.
    expect(
      standIn.requests
        .slice(reads)
        .some(
          (r) =>
            r.method === "GET" &&
            r.path === `/v1/checkout/sessions/${sessionId}` &&
            JSON.stringify(r.params).includes("total_details.breakdown"),
        ),
    ).toBe(true);
    expect(await taxLinesOf(order.id)).toEqual([["HST", "13", 1220, "cad", false]]);
    const [paid] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ status: "processing", taxCents: 1220, totalCents: 10605 });
    expect(paid?.totalCents).toBe(standIn.sessions.get(sessionId)?.amount_total);
    // The confirmation lists the tax Stripe charged, by name and rate.
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, "guest@example.com"), like(outbox.subject, `%${order.orderNumber}%`)));
    expect(mail?.text).toMatch(/HST 13%:? +(CA)?\$12\.20/);
    // The same event again changes nothing.
    expect((await deliverCompleted(sessionId)).body.outcome).toMatch(/duplicate|already_paid/);
    expect(await taxLinesOf(order.id)).toHaveLength(1);
  });

  it("a payment that is not the order with Stripe's taxes is not recorded: no lines, still pending", async () => {
    const v = await cartOf();
    const res = await v.checkout({ shippingAddress: { ...ONTARIO, line2: "Unit 9" } });
    const { order, sessionId } = await pendingOrderOf(shop, res.body.url);
    expect((await deliverCompleted(sessionId, { amount_total: 9385 })).body).toEqual({
      received: true,
      outcome: "amount_mismatch",
    });
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: "pending", taxCents: 0, totalCents: 9385 });
    expect(await taxLinesOf(order.id)).toEqual([]);
  });

  it("an order without an address (decision 027): Stripe's page collects it and Stripe Tax taxes it there", async () => {
    const v = await cartOf();
    const res = await v.call("POST", "/api/checkout/create-session", {
      email: "spec.client@example.com",
      userId: null,
      cartItems: (await v.cartItems()).map(({ bundleId: _b, ...line }) => line),
      acceptRenewal: true,
      currency: "CAD",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order, sessionId } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({ shippingAddress: null, taxCents: 0, totalCents: 9385 });
    const { params } = lastSessionCall();
    expect(params).toMatchObject({
      automatic_tax: { enabled: "true" },
      customer_update: { address: "auto", shipping: "auto" },
      shipping_address_collection: { allowed_countries: { "0": "CA" } },
    });
    standIn.collectShipping(sessionId, {
      name: "Camille Collected",
      address: {
        line1: "1 Rue Sainte-Catherine",
        line2: null,
        city: "Montréal",
        state: "QC",
        postal_code: "H2X 1Y4",
        country: "CA",
      },
    });
    expect((await deliverCompleted(sessionId)).body.outcome).toBe("paid");
    // GST 5% of CA$93.85 = CA$4.69; QST 9.975% = CA$9.36.
    expect(await taxLinesOf(order.id)).toEqual([
      ["GST", "5", 469, "cad", false],
      ["QST", "9.975", 936, "cad", false],
    ]);
    const [paid] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({
      status: "processing",
      taxCents: 1405,
      totalCents: 10790,
      shippingAddress: expect.objectContaining({ region: "QC" }),
    });
  });

  it("prices in pounds contain their VAT: 'inclusive' prices, the VAT recorded as included, nothing added", async () => {
    const v = new Visitor(shop);
    await v.add(1, 1, false);
    const res = await v.checkout({ shippingAddress: LONDON });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order, sessionId } = await pendingOrderOf(shop, res.body.url);
    expect(order.currency).toBe("gbp");
    const { items } = lastSessionCall();
    expect(new Set(items.map((i) => i.price_data.tax_behavior))).toEqual(new Set(["inclusive"]));
    expect((await deliverCompleted(sessionId)).body.outcome).toBe("paid");
    const vat = Math.round((order.totalCents * 20) / 120);
    expect(await taxLinesOf(order.id)).toEqual([["VAT", "20", vat, "gbp", true]]);
    const [paid] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ status: "processing", taxCents: 0, totalCents: order.totalCents });
  });

  it("the checkout page is told the tax is calculated on the payment page, and quotes none", async () => {
    const v = await cartOf();
    const page = await loadCheckoutPage(shop.services, new Headers({ cookie: v.cookie }), "CAD");
    expect(page.taxRates).toEqual({ rows: [], homeStates: [], atPayment: true });
    expect(page.summary?.taxCents ?? 0).toBe(0);
  });
});

describe("TAX_PROVIDER", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk_test_standin", STRIPE_WEBHOOK_SECRET: "whsec_12345678" };

  it("is the rate table by default, and Stripe Tax with the stripe payment provider", () => {
    expect(parseEnv({}).TAX_PROVIDER).toBe("table");
    expect(parseEnv({ ...stripe, TAX_PROVIDER: "stripe" }).TAX_PROVIDER).toBe("stripe");
  });

  it("refuses to start with Stripe Tax on the sandbox, saying why", () => {
    for (const env of [
      { TAX_PROVIDER: "stripe" },
      { ...stripe, PAYMENT_PROVIDER: "sandbox", TAX_PROVIDER: "stripe" },
    ]) {
      expect(() => parseEnv(env)).toThrow(EnvError);
      expect(() => parseEnv(env)).toThrow(
        /TAX_PROVIDER: stripe \(Stripe Tax\) works only with the stripe payment provider/,
      );
    }
    expect(() => parseEnv({ TAX_PROVIDER: "avalara" })).toThrow(/TAX_PROVIDER/);
  });
});
