import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../core/subscription-rules.ts";
import { addedTax, includedTax, rateMillionths } from "../../core/tax.ts";
import { addresses, orders, orderTaxLines, outbox, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { loadInvoice } from "../../server/orders/invoice.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { runDueSubscriptions } from "../../server/subscriptions/run-due.ts";
import {
  deliver as deliverSigned,
  inProcess,
  stripeEvent,
  WEBHOOK_SECRET,
} from "../reliability/support/stripe-events.ts";
import { StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, ONTARIO, PARIS, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";
import { newDiscountCode } from "./promotion-fixtures.ts";

/**
 * A renewal is taxed like a checkout (decision 050): the taxes of the subscription's address at renewal
 * time, in the subscription's currency (decision 051), on the amount it charges; added taxes are lines and
 * part of the total, a VAT the price contains is recorded as included and adds nothing. Stripe Billing
 * charges the same taxes as the subscription's tax rates, and the renewal order records what its invoice
 * charged.
 */

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };
const QUEBEC = { ...ONTARIO, city: "Montréal", region: "QC", postalCode: "H2X 1Y4" };
const WASHINGTON = { ...TEST_ADDRESS, city: "Seattle", region: "WA", postalCode: "98101" };

type Params = Record<string, unknown>;
type SubRow = typeof subscriptions.$inferSelect;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** Ashwagandha (product 3) as a subscription: $30.00, CA$40.00, €29.00 less its subscription discount. */
const ASHWAGANDHA = 3;

describe.each(testDatabases)("renewals taxed on the sandbox on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, {
      identity: headerIdentity(() => shop),
      env: { SHIP_TO_COUNTRIES: "US,CA,FR" },
    });
  });
  afterAll(() => shop.close());

  /** `userId` subscribes to Ashwagandha shipped to `address`, pays on the sandbox: their subscription. */
  async function subscribed(
    userId: string,
    address: typeof TEST_ADDRESS,
    currency: string,
    code: string | null = null,
    locale: string | null = null,
  ) {
    await createUser(shop, userId, `${userId}@example.com`);
    const v = new Visitor(shop, userId);
    expect((await v.add(ASHWAGANDHA, 1, true)).status).toBe(201);
    if (code) expect((await v.call("POST", "/api/cart/code", { code })).status).toBe(200);
    const res = await v.checkout({
      email: `${userId}@example.com`,
      shippingAddress: address,
      currency,
      ...(code ? { discountCode: code } : {}),
      ...(locale ? { locale } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = new URL(res.body.url).pathname.split("/").pop() as string;
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
      kind: "paid",
    });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order?.id ?? ""));
    if (!sub) throw new Error("no subscription");
    return sub;
  }

  /** The subscription renewed by the scheduler: its renewal order and that order's tax lines. */
  async function renewed(sub: SubRow) {
    const report = await runDueSubscriptions(shopDeps(shop.services), addDays(sub.nextBillingDate, 1), {
      onlyId: sub.id,
    });
    expect(report.renewed).toBe(1);
    const [order] = await db().select().from(orders).where(eq(orders.subscriptionId, sub.id));
    if (!order) throw new Error("no renewal order");
    const taxes = await db()
      .select()
      .from(orderTaxLines)
      .where(eq(orderTaxLines.orderId, order.id))
      .orderBy(orderTaxLines.position);
    return { order, taxes: taxes.map((t) => [t.name, t.ratePercent, t.amountCents, t.currency, t.included]) };
  }

  it("an Ontario subscription in CAD renews with HST 13% as a line, and the total adds it", async () => {
    const sub = await subscribed("olive", ONTARIO, "CAD");
    expect(sub.currency).toBe("cad");
    const hst = addedTax(sub.amountCents, rateMillionths("13"));
    expect(hst).toBeGreaterThan(0);
    const { order, taxes } = await renewed(sub);
    expect(taxes).toEqual([["HST", "13", hst, "cad", false]]);
    expect(order).toMatchObject({
      currency: "cad",
      taxCents: hst,
      shippingCents: 0,
      totalCents: sub.amountCents + hst,
    });
    expect(order.subtotalCents - order.discountCents + order.taxCents).toBe(order.totalCents);

    // The renewal's e-mail, the orders API and the invoice list the line.
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order-confirmation:${order.id}`));
    expect(mail?.text).toContain(`HST 13%: CA$${(hst / 100).toFixed(2)}`);
    expect(mail?.text).toContain(`Total: CA$${((sub.amountCents + hst) / 100).toFixed(2)}`);
    const v = new Visitor(shop, "olive");
    // The subscription's page says its price is before tax.
    const listed = await v.call("GET", "/api/subscriptions");
    expect(listed.body).toEqual([expect.objectContaining({ id: sub.id, currency: "CAD", plusTax: true })]);
    const api = await v.call("GET", `/api/orders/${order.orderNumber}`);
    expect(api.status).toBe(200);
    expect(api.body.totals).toMatchObject({
      taxCents: hst,
      taxLines: [{ name: "HST", ratePercent: "13", cents: hst, included: false }],
      totalCents: sub.amountCents + hst,
    });
    const invoice = await loadInvoice(db(), order.orderNumber, { userId: "olive" }, "fr");
    expect(invoice?.rows.filter((r) => r.kind === "tax")).toEqual([
      { kind: "tax", text: "TVH 13\u00a0%", cents: hst },
    ]);
    expect(invoice?.rows.find((r) => r.kind === "total")?.cents).toBe(sub.amountCents + hst);
  });

  it("a discount code carried into the renewals comes off before the tax is worked out", async () => {
    const { code } = await newDiscountCode(shop, "TAXED", { renewals: "every", renewalCount: null });
    const sub = await subscribed("cody", ONTARIO, "CAD", code);
    expect(sub).toMatchObject({ promoCode: code, currency: "cad" });
    const off = sub.promoCents;
    expect(off).toBeGreaterThan(0);
    const hst = addedTax(sub.amountCents - off, rateMillionths("13"));
    const { order, taxes } = await renewed(sub);
    expect(taxes).toEqual([["HST", "13", hst, "cad", false]]);
    expect(order).toMatchObject({
      discountCode: code,
      codeDiscountCents: off,
      taxCents: hst,
      totalCents: sub.amountCents - off + hst,
    });
  });

  it("a Washington subscription gets the home state's sales tax; an Illinois one none", async () => {
    const wa = await subscribed("wade", WASHINGTON, "USD");
    const salesTax = addedTax(wa.amountCents, rateMillionths("6.5"));
    const inWa = await renewed(wa);
    expect(inWa.taxes).toEqual([["Sales tax", "6.5", salesTax, "usd", false]]);
    expect(inWa.order).toMatchObject({ taxCents: salesTax, totalCents: wa.amountCents + salesTax });

    const il = await subscribed("ilse", TEST_ADDRESS, "USD");
    const inIl = await renewed(il);
    expect(inIl.taxes).toEqual([]);
    expect(inIl.order).toMatchObject({ taxCents: 0, totalCents: il.amountCents });
  });

  it("a Paris subscription in EUR records the VAT its price includes and adds nothing", async () => {
    const sub = await subscribed("pia", PARIS, "EUR");
    expect(sub.currency).toBe("eur");
    const vat = includedTax(sub.amountCents, rateMillionths("5.5"));
    const { order, taxes } = await renewed(sub);
    expect(taxes).toEqual([["VAT", "5.5", vat, "eur", true]]);
    expect(order).toMatchObject({ currency: "eur", taxCents: 0, totalCents: sub.amountCents });
    // Nothing is added, so its price is said as it is.
    const listed = await new Visitor(shop, "pia").call("GET", "/api/subscriptions");
    expect(listed.body).toEqual([expect.objectContaining({ plusTax: false })]);
  });

  it("the reminder says a taxed renewal's amount is before tax, in the subscription's language", async () => {
    const sub = await subscribed("rosa", ONTARIO, "CAD");
    await runDueSubscriptions(shopDeps(shop.services), addDays(sub.nextBillingDate, -2));
    const [reminder] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `subscription-reminder:${sub.id}:${sub.nextBillingDate.toISOString()}`));
    expect(reminder?.text).toContain(`CA$${(sub.amountCents / 100).toFixed(2)} plus tax`);
    // An untaxed one says the amount alone.
    const il = await subscribed("ivan", TEST_ADDRESS, "USD");
    await runDueSubscriptions(shopDeps(shop.services), addDays(il.nextBillingDate, -2));
    const [plain] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `subscription-reminder:${il.id}:${il.nextBillingDate.toISOString()}`));
    expect(plain?.text).toContain(`$${(il.amountCents / 100).toFixed(2)}`);
    expect(plain?.text).not.toContain("plus tax");
    // In the subscription's language: French says "plus taxes".
    const fr = await subscribed("remi", QUEBEC, "CAD", null, "fr");
    expect(fr.locale).toBe("fr");
    await runDueSubscriptions(shopDeps(shop.services), addDays(fr.nextBillingDate, -2));
    const [rappel] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `subscription-reminder:${fr.id}:${fr.nextBillingDate.toISOString()}`));
    expect(rappel?.text.replaceAll("\u00a0", " ")).toMatch(/\d,\d\d \$ CA plus taxes|CA\$[\d.]+ plus taxes/);
  });
});

describe.each(testDatabases)("renewals taxed on Stripe Billing on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  const db = () => shop.services.database.db;

  beforeAll(async () => {
    standIn = await new StripeStandIn().start();
    shop = await createTestShop(kind, {
      env: { ...standIn.env(WEBHOOK_SECRET), SHIP_TO_COUNTRIES: "US,CA,FR" },
      identity: headerIdentity(() => shop),
    });
  });
  afterAll(async () => {
    await shop.close();
    await standIn.stop();
  });

  async function deliver(type: string, object: Params) {
    expect(await deliverSigned(inProcess(shop), stripeEvent(type, object))).toBe(200);
  }

  it("the Stripe subscription carries the address's tax rates, and the renewal order records what its invoice charged", async () => {
    await createUser(shop, "stan", "stan@example.com");
    const v = new Visitor(shop, "stan");
    expect((await v.add(ASHWAGANDHA, 1, true)).status).toBe(201);
    const res = await v.checkout({ email: "stan@example.com", shippingAddress: ONTARIO, currency: "CAD" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = new URL(res.body.url).pathname.split("/").pop() as string;
    await deliver("checkout.session.completed", {
      ...(standIn.sessions.get(sessionId) as Params),
      payment_status: "paid",
      status: "complete",
      payment_intent: `pi_${sessionId.slice(-12)}`,
    });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.email, "stan@example.com"));
    if (!sub?.providerSubscriptionId) throw new Error("not started at Stripe");

    // One tax rate, Ontario's HST, exclusive, set as the subscription's default.
    const created = standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/tax_rates");
    expect(created.map((r) => r.params)).toEqual([
      expect.objectContaining({
        display_name: "HST",
        percentage: "13",
        inclusive: "false",
        country: "CA",
        state: "ON",
        tax_type: "hst",
      }),
    ]);
    const rates = standIn.taxRatesOf(sub.providerSubscriptionId);
    expect(rates.map((r) => [r.display_name, r.percentage, r.inclusive])).toEqual([["HST", 13, false]]);

    // Stripe's renewal invoice, paid: the order's tax line and total are the invoice's.
    const invoice = standIn.renewalInvoice(sub.providerSubscriptionId, unix(sub.nextBillingDate));
    const charged = (invoice.total_taxes as { amount: number }[])[0]?.amount ?? 0;
    expect(charged).toBe(addedTax(sub.amountCents, rateMillionths("13")));
    expect(invoice.total).toBe(sub.amountCents + charged);
    await deliver("invoice.paid", invoice);
    const [renewal] = await db().select().from(orders).where(eq(orders.subscriptionId, sub.id));
    expect(renewal).toMatchObject({
      provider: "stripe",
      currency: "cad",
      taxCents: charged,
      totalCents: invoice.total,
    });
    const lines = await db()
      .select()
      .from(orderTaxLines)
      .where(eq(orderTaxLines.orderId, renewal?.id ?? ""));
    expect(lines.map((l) => [l.name, l.ratePercent, l.amountCents, l.currency, l.included])).toEqual([
      ["HST", "13", charged, "cad", false],
    ]);

    // Moved to Quebec: the subscription's tax rates become GST and QST at Stripe.
    const [saved] = await db()
      .insert(addresses)
      .values({ userId: "stan", ...QUEBEC, line2: null, phone: null })
      .returning();
    const moved = await v.call("POST", `/api/subscriptions/${sub.id}/address`, { addressId: saved?.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(
      standIn.taxRatesOf(sub.providerSubscriptionId).map((r) => [r.display_name, r.percentage, r.state]),
    ).toEqual([
      ["GST", 5, null],
      ["QST", 9.975, "QC"],
    ]);
    // Moved again to Ontario: the HST rate made before is used again, not made twice.
    const [back] = await db()
      .insert(addresses)
      .values({ userId: "stan", ...ONTARIO, line1: "1 Front St", line2: null, phone: null })
      .returning();
    expect(
      (await v.call("POST", `/api/subscriptions/${sub.id}/address`, { addressId: back?.id })).status,
    ).toBe(200);
    expect(standIn.taxRatesOf(sub.providerSubscriptionId).map((r) => r.display_name)).toEqual(["HST"]);
    expect(standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/tax_rates")).toHaveLength(3);
    expect(
      await db()
        .select()
        .from(orders)
        .where(and(eq(orders.subscriptionId, sub.id))),
    ).toHaveLength(1);
  });
});

describe.each(testDatabases)("renewals taxed by Stripe Tax (TAX_PROVIDER=stripe) on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  const db = () => shop.services.database.db;

  beforeAll(async () => {
    standIn = await new StripeStandIn().start();
    shop = await createTestShop(kind, {
      env: { ...standIn.env(WEBHOOK_SECRET), SHIP_TO_COUNTRIES: "US,CA,FR", TAX_PROVIDER: "stripe" },
      identity: headerIdentity(() => shop),
    });
  });
  afterAll(async () => {
    await shop.close();
    await standIn.stop();
  });

  async function deliver(type: string, object: Params) {
    expect(await deliverSigned(inProcess(shop), stripeEvent(type, object))).toBe(200);
  }

  it("the Stripe subscription has automatic tax at the customer's address, which follows the subscription's; the order records the invoice's taxes", async () => {
    await createUser(shop, "tess", "tess@example.com");
    const v = new Visitor(shop, "tess");
    expect((await v.add(ASHWAGANDHA, 1, true)).status).toBe(201);
    const res = await v.checkout({ email: "tess@example.com", shippingAddress: ONTARIO, currency: "CAD" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = new URL(res.body.url).pathname.split("/").pop() as string;
    await deliver("checkout.session.completed", {
      ...(standIn.sessions.get(sessionId) as Params),
      payment_status: "paid",
      status: "complete",
      payment_intent: `pi_${sessionId.slice(-12)}`,
    });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.email, "tess@example.com"));
    if (!sub?.providerSubscriptionId) throw new Error("not started at Stripe");

    // Stripe Tax taxes the renewals: automatic tax, a price before tax, and no tax rate of the shop's.
    const [created] = standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/subscriptions");
    expect(created?.params).toMatchObject({
      automatic_tax: { enabled: "true" },
      items: { 0: { price_data: { currency: "cad", tax_behavior: "exclusive" } } },
    });
    expect(created?.params.default_tax_rates).toBeUndefined();
    expect(standIn.requests.filter((r) => r.path === "/v1/tax_rates" && r.method === "POST")).toEqual([]);

    // Its invoice in Ontario: HST as Stripe Tax named it, and the order's total is the invoice's.
    const invoice = standIn.renewalInvoice(sub.providerSubscriptionId, unix(sub.nextBillingDate));
    const hst = addedTax(sub.amountCents, rateMillionths("13"));
    expect(invoice.total).toBe(sub.amountCents + hst);
    await deliver("invoice.paid", invoice);
    const [renewal] = await db().select().from(orders).where(eq(orders.subscriptionId, sub.id));
    expect(renewal).toMatchObject({ taxCents: hst, totalCents: invoice.total });
    const lines = await db()
      .select()
      .from(orderTaxLines)
      .where(eq(orderTaxLines.orderId, renewal?.id ?? ""));
    expect(lines.map((l) => [l.name, l.ratePercent, l.amountCents, l.included])).toEqual([
      ["HST", "13", hst, false],
    ]);

    // Moved to Quebec: the customer's shipping address at Stripe is the new one, so Stripe Tax taxes it there.
    const [saved] = await db()
      .insert(addresses)
      .values({ userId: "tess", ...QUEBEC, line2: null, phone: null })
      .returning();
    const moved = await v.call("POST", `/api/subscriptions/${sub.id}/address`, { addressId: saved?.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const customer = standIn.customers.get(
      String(standIn.subscriptions.get(sub.providerSubscriptionId)?.customer),
    );
    expect((customer?.shipping as Params | undefined)?.address).toMatchObject({ state: "QC", country: "CA" });
    const next = standIn.renewalInvoice(sub.providerSubscriptionId, unix(sub.nextBillingDate) + 31 * 86_400);
    expect((next.total_taxes as { amount: number }[]).map((t) => t.amount)).toEqual([
      addedTax(sub.amountCents, rateMillionths("5")),
      addedTax(sub.amountCents, rateMillionths("9.975")),
    ]);
  });
});
