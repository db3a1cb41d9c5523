import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../core/subscription-rules.ts";
import { balancesOf } from "../../server/balances/customer-ledger.ts";
import { orderLines, orders, orderTaxLines, renewalConsents, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { refundOrder } from "../../server/orders/refund-order.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { runDueSubscriptions } from "../../server/subscriptions/run-due.ts";
import {
  deliver as deliverSigned,
  inProcess,
  stripeEvent,
  WEBHOOK_SECRET,
} from "../reliability/support/stripe-events.ts";
import { pendingOrderOf, sessionIdOf, useStripeShop } from "../support/stripe-shop.ts";
import { StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, ONTARIO, PARIS, Visitor } from "./checkout-visitor.ts";
import { issuedGiftCard, newDiscountCode } from "./promotion-fixtures.ts";

/**
 * An order is priced and charged in its shipping country's market's currency, from the owner's price list
 * for it (docs/decisions/051-markets-and-currencies.md; CAD, EUR figures from content/price-lists.json).
 */

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };

/** Ashwagandha (product 3): $30.00, CA$40.00, €29.00. */
const ASHWAGANDHA = 3;

async function ashwagandhaCart(shop: TestShop, userId: string | null = null, isSubscription = false) {
  const v = new Visitor(shop, userId);
  expect((await v.add(ASHWAGANDHA, 1, isSubscription)).status).toBe(201);
  return v;
}

describe.each(testDatabases)("orders in the market's currency on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, {
      identity: headerIdentity(() => shop),
      env: { SHIP_TO_COUNTRIES: "US,CA,FR" },
    });
    await createUser(shop, "cleo", "cleo@example.com");
    await createUser(shop, "remy", "remy@example.com");
  });
  afterAll(() => shop.close());

  it("a guest's Ashwagandha to Ontario is an order in CAD: CA$40.00 + CA$7.95 shipping + HST 13% on both, paid on the sandbox", async () => {
    const v = await ashwagandhaCart(shop);
    const res = await v.checkout({ shippingAddress: ONTARIO, currency: "CAD", taxCents: 623 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order, sessionId } = await pendingOrderOf(shop, res.body.url);
    // 13% of CA$47.95 = CA$6.2335 -> CA$6.23.
    expect(order).toMatchObject({
      currency: "cad",
      subtotalCents: 4000,
      shippingCents: 795,
      taxCents: 623,
      totalCents: 5418,
    });
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line).toMatchObject({ unitPriceCents: 4000, lineTotalCents: 4000 });
    const taxes = await db().select().from(orderTaxLines).where(eq(orderTaxLines.orderId, order.id));
    expect(taxes.map((t) => [t.name, t.amountCents, t.currency])).toEqual([["HST", 623, "cad"]]);
    // The sandbox charges the order's currency, and the payment is recorded against it.
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
      kind: "paid",
    });
    const [paid] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ status: "processing", currency: "cad", totalCents: 5418 });
  });

  it("a Paris address is an order in EUR, its VAT included in the prices: nothing is added", async () => {
    const v = await ashwagandhaCart(shop);
    const res = await v.checkout({ shippingAddress: PARIS, currency: "EUR" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({
      currency: "eur",
      subtotalCents: 2900,
      shippingCents: 595,
      taxCents: 0,
      totalCents: 3495,
    });
    const taxes = await db().select().from(orderTaxLines).where(eq(orderTaxLines.orderId, order.id));
    expect(taxes.length).toBeGreaterThan(0);
    expect(taxes.every((t) => t.included && t.currency === "eur")).toBe(true);
  });

  it("answers 409 currency_changed, naming the order's currency, when the page showed another; places nothing", async () => {
    const v = await ashwagandhaCart(shop);
    const shown = await v.checkout({ shippingAddress: ONTARIO, currency: "USD" });
    expect(shown.status).toBe(409);
    expect(shown.body).toMatchObject({ code: "currency_changed", currency: "CAD" });
    expect(shown.body.message).toContain("CAD");
    const fr = await v.checkout(
      { shippingAddress: ONTARIO, currency: "EUR", locale: "fr" },
      {
        "accept-language": "fr",
      },
    );
    expect(fr.body).toMatchObject({ code: "currency_changed", currency: "CAD" });
    // A US address keeps US dollars: the page that showed them pays them.
    const home = await v.checkout({ currency: "USD" });
    expect(home.status).toBe(200);
    expect((await pendingOrderOf(shop, home.body.url)).order).toMatchObject({
      currency: "usd",
      totalCents: 3595,
    });
  });

  it("an amount code without a CAD amount gives nothing in CAD, saying which currencies it is for; a percent code works", async () => {
    const amount = await newDiscountCode(shop, "FIVEOFF", {
      kind: "amount",
      percent: null,
      amountCents: 500,
    });
    const v = await ashwagandhaCart(shop);
    expect((await v.call("POST", "/api/cart/code", { code: amount.code })).status).toBe(200);
    const inCad = await v.call("POST", "/api/cart/code?currency=CAD", { code: amount.code });
    expect(inCad.status).toBe(409);
    expect(inCad.body).toMatchObject({ code: "code_not_in_currency" });
    expect(inCad.body.message).toBe(`The code ${amount.code} is not for orders in CAD: only in USD.`);
    // In the page's language (decision 049).
    const inFrench = await v.call(
      "POST",
      "/api/cart/code?currency=CAD",
      { code: amount.code },
      { "x-mana-locale": "fr" },
    );
    expect(inFrench.body.message).toBe(
      `Le code ${amount.code} ne vaut pas pour les commandes en CAD\u00a0: seulement en USD.`,
    );
    const codeInCad = await v.call("GET", "/api/cart/code?currency=CAD");
    expect(codeInCad.body).toMatchObject({
      code: { code: amount.code },
      refusal: { reason: "not_in_currency", currency: "CAD", currencies: ["USD"] },
    });
    expect((await v.call("GET", "/api/cart/code")).body.refusal).toBeNull();
    const totals = await v.call("GET", "/api/cart/totals?currency=CAD");
    expect(totals.body.totals).toMatchObject({
      currency: "CAD",
      codeCents: 0,
      code: { refusal: { reason: "not_in_currency" } },
    });
    const shownApplied = await v.checkout({ shippingAddress: ONTARIO, discountCode: amount.code });
    expect(shownApplied.status).toBe(409);
    expect(shownApplied.body).toMatchObject({ code: "code_not_in_currency" });
    const placed = await v.checkout({ shippingAddress: ONTARIO, discountCode: null });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await pendingOrderOf(shop, placed.body.url)).order).toMatchObject({
      currency: "cad",
      discountCode: null,
      codeDiscountCents: 0,
      subtotalCents: 4000,
    });

    const percent = await newDiscountCode(shop, "TENPC");
    const p = await ashwagandhaCart(shop);
    expect((await p.call("POST", "/api/cart/code?currency=CAD", { code: percent.code })).status).toBe(200);
    const res = await p.checkout({ shippingAddress: ONTARIO, discountCode: percent.code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await pendingOrderOf(shop, res.body.url)).order).toMatchObject({
      currency: "cad",
      codeDiscountCents: 400,
    });
  });

  it("a US dollar gift card does not pay an order in CAD, and the cart says why", async () => {
    const gift = await issuedGiftCard(shop, 2000);
    const v = await ashwagandhaCart(shop);
    expect((await v.call("POST", "/api/cart/gift-cards", { code: gift.code })).status).toBe(200);
    const balances = await v.call("GET", "/api/cart/balances?currency=CAD");
    expect(balances.body).toMatchObject({
      currency: "CAD",
      notUsable: [{ kind: "gift_card", giftCardId: gift.id }],
    });
    expect(balances.body.notUsable[0].message).toContain("USD");
    expect((await v.call("GET", "/api/cart/balances?currency=USD")).body.notUsable).toEqual([]);
    const res = await v.checkout({ shippingAddress: ONTARIO, tenderedCents: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await pendingOrderOf(shop, res.body.url)).order).toMatchObject({
      currency: "cad",
      tenderedCents: 0,
      totalCents: 5418,
    });
  });

  it("prices the cart in the currency the request names, and refuses one the shop does not price in", async () => {
    const v = await ashwagandhaCart(shop);
    const [cad, usd, eur, bad] = await Promise.all([
      v.call("GET", "/api/cart/totals?currency=CAD"),
      v.call("GET", "/api/cart/totals"),
      v.call("GET", "/api/cart/totals?currency=EUR"),
      v.call("GET", "/api/cart/totals?currency=JPY"),
    ]);
    expect(cad.status).toBe(200);
    expect(cad.body).toMatchObject({
      currency: "CAD",
      lines: [{ unitPriceCents: 4000, lineTotalCents: 4000 }],
      totals: { currency: "CAD", subtotalCents: 4000, shippingCents: 795, totalCents: 4795 },
    });
    expect(usd.body).toMatchObject({ currency: "USD", totals: { subtotalCents: 3000, shippingCents: 595 } });
    expect(eur.body).toMatchObject({ currency: "EUR", totals: { subtotalCents: 2900, shippingCents: 595 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "invalid_currency" });
  });

  it("a subscription bought in CAD renews in CAD at its locked amount; a refund is in CAD, to the card or to CA$ store credit", async () => {
    const v = await ashwagandhaCart(shop, "cleo", true);
    const res = await v.checkout({ email: "cleo@example.com", shippingAddress: ONTARIO, currency: "CAD" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order, sessionId } = await pendingOrderOf(shop, res.body.url);
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
      kind: "paid",
    });
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    if (!sub || !line) throw new Error("no subscription");
    expect(line.unitPriceCents).toBe(4000);
    expect(sub).toMatchObject({ currency: "cad", amountCents: line.lineTotalCents - line.savingCents });
    expect(sub.amountCents).toBeLessThan(4000);
    // The renewal terms the customer agreed to state the renewal price in the currency it renews in.
    const [consent] = await db().select().from(renewalConsents).where(eq(renewalConsents.orderId, order.id));
    expect(consent?.disclosure).toContain(`CA$${(sub.amountCents / 100).toFixed(2)}`);

    await runDueSubscriptions(shopDeps(shop.services), addDays(sub.nextBillingDate, 1));
    const [renewal] = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.subscriptionId, sub.id)));
    // Its address's HST is added to the locked amount, in CAD (decision 050; tests/api/renewal-tax.test.ts).
    const hst = Math.round((sub.amountCents * 13) / 100);
    expect(renewal).toMatchObject({
      currency: "cad",
      taxCents: hst,
      totalCents: sub.amountCents + hst,
      status: "processing",
    });
    const [renewalLine] = await db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, renewal?.id ?? ""));
    expect(renewalLine).toMatchObject({ unitPriceCents: 4000, discountPercent: sub.discountPercent });

    // A swap is priced from the subscription's currency's list: CA$40.00 less the product's own discount.
    const swapped = await v.call("POST", `/api/subscriptions/${sub.id}/swap`, { productId: 1 });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    const ginseng = (await shop.services.catalogue.list()).find((p) => p.id === 1);
    const off = ginseng?.subscriptionDiscount ?? 15;
    expect(after).toMatchObject({
      currency: "cad",
      productId: 1,
      amountCents: Math.round((4000 * (100 - off)) / 100),
    });

    const deps = shopDeps(shop.services);
    // Store credit is kept per currency (decision 051): a refund to it is Canadian dollar credit, never US.
    await refundOrder(deps, order.orderNumber, {
      amountCents: 500,
      reason: "Goodwill",
      actor: "the shop",
      to: "credit",
    });
    expect(await balancesOf(db(), "cleo", "CAD")).toEqual({ creditCents: 500, points: 0 });
    expect(await balancesOf(db(), "cleo", "USD")).toEqual({ creditCents: 0, points: 0 });
    const refunded = await refundOrder(deps, order.orderNumber, {
      amountCents: 1000,
      reason: "Damaged",
      actor: "the shop",
    });
    expect(refunded.order).toMatchObject({ currency: "cad", refundedCents: 1500 });
    await expect(
      refundOrder(deps, order.orderNumber, {
        amountCents: order.totalCents,
        reason: "All",
        actor: "the shop",
      }),
    ).rejects.toThrow(/at most CA\$/);
  });

  it("a product the owner has not priced in the market's currency cannot be bought in it: 409 not_sold_in_currency", async () => {
    const { priceListEntries } = await import("../../server/db/schema.ts");
    await db()
      .delete(priceListEntries)
      .where(and(eq(priceListEntries.item, "product:4"), eq(priceListEntries.currency, "CAD")));
    shop.services.catalogue.invalidate();
    const v = new Visitor(shop, "remy");
    expect((await v.add(4, 1, false)).status).toBe(201);
    const totals = await v.call("GET", "/api/cart/totals?currency=CAD");
    expect(totals.status).toBe(409);
    expect(totals.body).toMatchObject({ code: "not_sold_in_currency" });
    const res = await v.checkout({ email: "remy@example.com", shippingAddress: ONTARIO });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("not_sold_in_currency");
    expect(res.body.message).toContain("CAD");
    // In US dollars it is sold as ever.
    expect((await v.checkout({ email: "remy@example.com" })).status).toBe(200);
  });
});

describe.each(testDatabases)("an order in CAD on Stripe Checkout on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  useStripeShop(kind, (started) => ({ shop, standIn } = started));

  it("sends the session in CAD with the CAD amounts: the goods, the shipping and the HST", async () => {
    const v = await ashwagandhaCart(shop);
    const res = await v.checkout({ shippingAddress: ONTARIO, currency: "CAD" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({ currency: "cad", totalCents: 5418 });
    const [call] = standIn.sessionRequests().slice(-1);
    const items = Object.values(call?.params.line_items ?? {}) as {
      quantity: string;
      price_data: { currency: string; unit_amount: string; product_data: { name: string } };
    }[];
    expect(items.map((i) => i.price_data.currency)).toEqual(items.map(() => "cad"));
    expect(items.map((i) => Number(i.price_data.unit_amount))).toEqual([4000, 795, 623]);
    const sum = items.reduce((s, i) => s + Number(i.price_data.unit_amount) * Number(i.quantity), 0);
    expect(sum).toBe(order.totalCents);
    expect(sessionIdOf(res.body.url)).toBeTruthy();
  });
});

describe.each(testDatabases)("a subscription in CAD billed by Stripe on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    standIn = await new StripeStandIn().start();
    shop = await createTestShop(kind, {
      env: standIn.env(WEBHOOK_SECRET),
      identity: headerIdentity(() => shop),
    });
    await createUser(shop, "ines", "ines@example.com");
  });
  afterAll(async () => {
    await shop.close();
    await standIn.stop();
  });

  async function deliver(type: string, object: Record<string, unknown>) {
    expect(await deliverSigned(inProcess(shop), stripeEvent(type, object))).toBe(200);
  }

  it("starts Stripe Billing with a CAD price at the locked amount, and its renewal is an order in CAD", async () => {
    const v = await ashwagandhaCart(shop, "ines", true);
    const res = await v.checkout({ email: "ines@example.com", shippingAddress: ONTARIO, currency: "CAD" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = sessionIdOf(res.body.url);
    const session = standIn.sessions.get(sessionId) as Record<string, unknown>;
    await deliver("checkout.session.completed", {
      ...session,
      payment_status: "paid",
      status: "complete",
      payment_intent: `pi_${sessionId.slice(-12)}`,
    });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order?.id ?? ""));
    if (!sub) throw new Error("no subscription");
    expect(order).toMatchObject({ currency: "cad", status: "processing" });
    expect(sub).toMatchObject({ currency: "cad" });
    expect(sub.providerSubscriptionId).toMatch(/^sub_/);
    const [created] = standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/subscriptions");
    const items = Object.values((created?.params.items ?? {}) as Record<string, { price_data?: unknown }>);
    expect(items[0]?.price_data).toMatchObject({ currency: "cad", unit_amount: String(sub.amountCents) });

    await deliver("invoice.paid", {
      id: "in_ines",
      billing_reason: "subscription_cycle",
      lines: { data: [{ period: { start: Math.floor(sub.nextBillingDate.getTime() / 1000) } }] },
      parent: { subscription_details: { subscription: sub.providerSubscriptionId } },
    });
    const [renewal] = await db().select().from(orders).where(eq(orders.subscriptionId, sub.id));
    expect(renewal).toMatchObject({ currency: "cad", totalCents: sub.amountCents });
  });
});
