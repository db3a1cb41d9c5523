import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSandboxPage } from "../../app/routes/pay.$sessionId.server.ts";
import { orderEvents, orders, orderTaxLines, outbox } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { postEvent, stripeEvent } from "../reliability/support/stripe-events.ts";
import { pendingOrderOf, sessionIdOf, useStripeShop } from "../support/stripe-shop.ts";
import type { StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { headerIdentity, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };

const ONTARIO = {
  ...TEST_ADDRESS,
  city: "Toronto",
  region: "ON",
  postalCode: "M5V 2T6",
  country: "CA",
};
const QUEBEC = { ...ONTARIO, city: "Montréal", region: "QC", postalCode: "H2X 1Y4" };
const WASHINGTON = { ...TEST_ADDRESS, city: "Seattle", region: "WA", postalCode: "98101" };

/**
 * A cart of Korean Ginseng once ($30.00) and Total Restore as a subscription ($34.00), shipping $5.95. To
 * Canada it is an order in Canadian dollars (decision 051): CA$40.00 + CA$45.90 (CA$54.00 less 15%), CA$7.95.
 */
async function cartOf(shop: TestShop) {
  const v = new Visitor(shop);
  await v.add(1, 1, false);
  await v.add(2, 1, true);
  return v;
}

/** The product spec's create-session call, without an address (decision 027), in Canadian dollars. */
async function bareCall(v: Visitor) {
  const res = await v.call("POST", "/api/checkout/create-session", {
    email: "spec.client@example.com",
    userId: null,
    cartItems: (await v.cartItems()).map(({ bundleId: _b, ...line }) => line),
    acceptRenewal: true,
    currency: "CAD",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

async function taxLinesOf(shop: TestShop, orderId: string) {
  const lines = await shop.services.database.db
    .select()
    .from(orderTaxLines)
    .where(eq(orderTaxLines.orderId, orderId))
    .orderBy(asc(orderTaxLines.position));
  return lines.map((l) => [l.name, l.ratePercent, l.amountCents, l.included]);
}

describe.each(testDatabases)("taxes at checkout on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  async function placed(address: typeof TEST_ADDRESS, extra: Record<string, unknown> = {}) {
    const v = await cartOf(shop);
    const res = await v.checkout({ shippingAddress: address, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order } = await pendingOrderOf(shop, res.body.url);
    const lines = await db()
      .select()
      .from(orderTaxLines)
      .where(eq(orderTaxLines.orderId, order.id))
      .orderBy(asc(orderTaxLines.position));
    return { v, res, order, lines: lines.map((l) => [l.name, l.ratePercent, l.amountCents, l.included]) };
  }

  it("adds Ontario's HST on the goods and shipping, as a line of the order, and charges it", async () => {
    const { order, lines, res } = await placed(ONTARIO);
    // 13% of CA$93.85 (goods CA$85.90 + shipping CA$7.95) = CA$12.2005, rounded half-up to CA$12.20.
    expect(lines).toEqual([["HST", "13", 1220, false]]);
    expect(order).toMatchObject({
      currency: "cad",
      subtotalCents: 8590,
      shippingCents: 795,
      taxCents: 1220,
      totalCents: 10605,
    });
    const result = await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(res.body.url), card);
    expect(result?.kind).toBe("paid");
    const [paid] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ status: "processing", totalCents: 10605, taxCents: 1220 });
    // The confirmation lists the tax by name and rate, as the order's pages do.
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, "guest@example.com"), like(outbox.subject, `%${order.orderNumber}%`)));
    expect(mail?.text).toMatch(/HST 13%:? +(CA)?\$12\.20/);
    expect(mail?.text).toContain("$106.05");
  });

  it("adds GST and Quebec's QST as two lines, each rounded on its own", async () => {
    const { order, lines } = await placed(QUEBEC);
    // 5% of CA$93.85 = CA$4.6925 -> CA$4.69; 9.975% of CA$93.85 = CA$9.3615... -> CA$9.36.
    expect(lines).toEqual([
      ["GST", "5", 469, false],
      ["QST", "9.975", 936, false],
    ]);
    expect(order).toMatchObject({ currency: "cad", taxCents: 1405, totalCents: 9385 + 1405 });
  });

  it("charges sales tax in the shop's home state only (TAX_HOME_STATES, WA by default)", async () => {
    const home = await placed(WASHINGTON);
    // 6.5% of $69.95 = $4.54675 -> $4.55.
    expect(home.lines).toEqual([["Sales tax", "6.5", 455, false]]);
    expect(home.order).toMatchObject({ taxCents: 455, totalCents: 7450 });
    const elsewhere = await placed(TEST_ADDRESS);
    expect(elsewhere.lines).toEqual([]);
    expect(elsewhere.order).toMatchObject({ taxCents: 0, totalCents: 6995 });
  });

  it("answers 409 tax_changed when the page showed another tax than the address's, and takes the right one", async () => {
    const v = await cartOf(shop);
    const shownNone = await v.checkout({ shippingAddress: ONTARIO, taxCents: 0 });
    expect(shownNone.status).toBe(409);
    expect(shownNone.body).toMatchObject({ code: "tax_changed" });
    expect(await db().select().from(orders).where(eq(orders.email, "guest@example.com"))).not.toContainEqual(
      expect.objectContaining({ taxCents: 0, shippingAddress: expect.objectContaining({ region: "ON" }) }),
    );
    const shownRight = await v.checkout({ shippingAddress: ONTARIO, taxCents: 1220 });
    expect(shownRight.status).toBe(200);
  });

  it("refuses a shown tax that is not a whole, non-negative number of cents", async () => {
    const v = await cartOf(shop);
    for (const taxCents of [-1, 1.5, "909"]) {
      const res = await v.checkout({ shippingAddress: ONTARIO, taxCents });
      expect(res.status).toBe(400);
    }
  });

  it("the same cart to another province is another checkout: the taxes follow the address", async () => {
    const v = await cartOf(shop);
    const first = await v.checkout({ shippingAddress: ONTARIO });
    const second = await v.checkout({ shippingAddress: QUEBEC });
    const a = (await pendingOrderOf(shop, first.body.url)).order;
    const b = (await pendingOrderOf(shop, second.body.url)).order;
    expect(a.id).not.toBe(b.id);
    expect([a.taxCents, b.taxCents]).toEqual([1220, 1405]);
  });

  it("an order begun without an address: the payment page taxes the address typed on it and the order records it", async () => {
    const res = await bareCall(await cartOf(shop));
    const { order, sessionId } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({ currency: "cad", shippingAddress: null, taxCents: 0, totalCents: 9385 });
    // The page is given what it quotes a typed address with, as the server will: the table and the figures.
    const page = await loadSandboxPage(shop.services, sessionId);
    expect(page?.addressTax).toMatchObject({ goods: 8590, shipping: 795, rates: { homeStates: ["WA"] } });
    expect(page?.addressTax?.rates.rows).toContainEqual(
      expect.objectContaining({ region: "ON", name: "HST" }),
    );
    // A page that showed another tax is sent back to show this one: nothing is charged.
    const deps = shopDeps(shop.services);
    const stale = await payWithSandboxCard(deps, sessionId, { ...card, ...ONTARIO, taxCents: "0" });
    expect(stale).toMatchObject({ kind: "declined", message: expect.stringContaining("CA$12.20") });
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]?.status).toBe("pending");
    // As shown: HST 13% of CA$93.85 is added and charged.
    const paid = await payWithSandboxCard(deps, sessionId, { ...card, ...ONTARIO, taxCents: "1220" });
    expect(paid?.kind).toBe("paid");
    expect(await taxLinesOf(shop, order.id)).toEqual([["HST", "13", 1220, false]]);
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({
      status: "processing",
      taxCents: 1220,
      totalCents: 10605,
      shippingAddress: expect.objectContaining({ region: "ON" }),
    });
  });
});

describe.each(testDatabases)("taxes on Stripe Checkout on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  useStripeShop(kind, (started) => ({ shop, standIn } = started));

  it("sends each added tax as a line of the session, so Stripe's total is the order's", async () => {
    const v = await cartOf(shop);
    const res = await v.checkout({ shippingAddress: ONTARIO });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order } = await pendingOrderOf(shop, res.body.url);
    const [call] = standIn.sessionRequests().slice(-1);
    const items = Object.values(call?.params.line_items ?? {}) as {
      quantity: string;
      price_data: { unit_amount: string; product_data: { name: string } };
    }[];
    expect(items.at(-1)?.price_data).toMatchObject({
      currency: "cad",
      unit_amount: "1220",
      product_data: { name: "HST 13%" },
    });
    const sum = items.reduce((s, i) => s + Number(i.price_data.unit_amount) * Number(i.quantity), 0);
    expect(sum).toBe(order.totalCents);
  });

  // Decision 050: on Stripe, only Stripe Tax (TAX_PROVIDER=stripe) taxes an order whose address Stripe's page
  // collects; with the rate table its amount was fixed without tax, and the owner is told what was not collected.
  it("an order begun without an address is not taxed on Stripe with the rate table, and says so to the owner", async () => {
    const res = await bareCall(await cartOf(shop));
    const { order, sessionId } = await pendingOrderOf(shop, res.body.url);
    const [call] = standIn.sessionRequests().slice(-1);
    expect(call?.params).not.toHaveProperty("automatic_tax");
    standIn.collectShipping(sessionId, {
      name: "Casey Collected",
      address: {
        line1: "1 King St W",
        line2: null,
        city: "Toronto",
        state: "ON",
        postal_code: "M5V 2T6",
        country: "CA",
      },
    });
    const session = standIn.sessions.get(sessionId) ?? {};
    const delivered = await postEvent(
      shop,
      stripeEvent("checkout.session.completed", {
        ...session,
        payment_status: "paid",
        status: "complete",
        payment_intent: `pi_${sessionId.slice(-12)}`,
      }),
    );
    expect(delivered.body).toEqual({ received: true, outcome: "paid" });
    const db = shop.services.database.db;
    const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ status: "processing", taxCents: 0, totalCents: 9385 });
    expect(await taxLinesOf(shop, order.id)).toEqual([]);
    const flagged = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, "tax_not_collected")));
    expect(flagged.map((e) => e.detail)).toEqual([{ amountCents: 1220, taxes: "HST 13%" }]);
  });
});
