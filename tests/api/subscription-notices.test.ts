import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lineTotalCents } from "../../core/pricing.ts";
import { RENEWAL_TERMS } from "../../core/renewal-disclosure.ts";
import { addDays, addMonths, isoDay } from "../../core/subscription-rules.ts";
import { adminAudit, orders, outbox, products, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { changeSubscription } from "../../server/subscriptions/change-subscription.ts";
import { MANAGE_PAGE_PATH } from "../../server/subscriptions/manage-link.ts";
import { runDueSubscriptions } from "../../server/subscriptions/run-due.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { people } from "./admin-fixtures.ts";
import { headerIdentity, Visitor as ShopVisitor, type Visitor } from "./checkout-visitor.ts";

// What a subscriber is told without asking (decision 043): the yearly reminder of the terms, and a price
// change the owner applies to existing subscriptions, e-mailed ahead of the renewal that charges it.
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Nia Notice" };
const STACK = "complete-mana-system";
type SubRow = typeof subscriptions.$inferSelect;

describe.each(testDatabases)("a subscriber's notices on %s", (kind) => {
  let shop: TestShop;
  let staff: Record<"customer" | "staff" | "admin", Visitor>;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    staff = await people(shop);
  });
  afterAll(() => shop.close());

  /** A guest's paid order of these lines (product, quantity, stack), all as subscriptions: its subscriptions. */
  async function subscribe(
    email: string,
    lines: [number, number, string?][],
    extra: Record<string, unknown> = {},
  ): Promise<SubRow[]> {
    const v = new ShopVisitor(shop, null);
    for (const [id, qty, bundle] of lines) expect((await v.add(id, qty, true, bundle)).status).toBe(201);
    const { status, body } = await v.checkout({ email, ...extra });
    expect(status, JSON.stringify(body)).toBe(200);
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, CARD)).toMatchObject({
      kind: "paid",
    });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    return db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order?.id ?? ""))
      .orderBy(asc(subscriptions.productId));
  }
  const subNow = async (id: string) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0] as SubRow;
  const mailsTo = (to: string, subject: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)));
  const renewalsOf = (subId: string) =>
    db().select().from(orders).where(eq(orders.subscriptionId, subId)).orderBy(asc(orders.renewalDate));
  /** Moves when a subscription started: the yearly reminder counts from it. */
  const startedOn = (id: string, when: Date) =>
    db().update(subscriptions).set({ createdAt: when }).where(eq(subscriptions.id, id));
  const YEARLY = "a yearly reminder of its terms";

  it("reminds of the terms once a year after the start: not before, once however often the run repeats", async () => {
    const [sub] = (await subscribe("nia@example.com", [[2, 1]])) as [SubRow];
    const now = new Date();
    await runDueSubscriptions(shopDeps(shop.services), now);
    expect(await mailsTo("nia@example.com", YEARLY)).toHaveLength(0);

    // A year and a day after it started.
    await startedOn(sub.id, addDays(addMonths(now, -12), -1));
    const first = await runDueSubscriptions(shopDeps(shop.services), now);
    expect(first.termsReminded).toBeGreaterThanOrEqual(1);
    await runDueSubscriptions(shopDeps(shop.services), now);
    await runDueSubscriptions(shopDeps(shop.services), addDays(now, 1));
    const sent = await mailsTo("nia@example.com", YEARLY);
    expect(sent).toHaveLength(1);
    const text = sent[0]?.text ?? "";
    // The terms: product, price each time, how often, next charge, and how to cancel, with the link.
    expect(text).toContain(`1x ${sub.productName}`);
    expect(text).toContain(`$${(sub.amountCents / 100).toFixed(2)}`);
    expect(text).toContain("every month");
    expect(text).toContain("Next charge");
    expect(text).toContain(RENEWAL_TERMS.cancel);
    expect(text).toContain(`${MANAGE_PAGE_PATH}/${sub.id}.`);
    expect((await subNow(sub.id)).termsRemindedAt?.getTime()).toBe(now.getTime());
  });

  it("two runs at once send one reminder; a year later a second one; a cancelled subscription none", async () => {
    const [sub] = (await subscribe("otto@example.com", [[2, 1]])) as [SubRow];
    const [gone] = (await subscribe("pia@example.com", [[2, 1]])) as [SubRow];
    await changeSubscription(shopDeps(shop.services), {
      id: gone.id,
      userId: null,
      actor: "customer",
      change: { action: "cancel" },
    });
    // Paused until resumed: nothing renews in the year that passes, and a paused one is reminded too.
    await changeSubscription(shopDeps(shop.services), {
      id: sub.id,
      userId: null,
      actor: "customer",
      change: { action: "pause", months: null },
    });
    const now = new Date();
    await startedOn(sub.id, addMonths(now, -12));
    await startedOn(gone.id, addMonths(now, -12));
    await Promise.all([
      runDueSubscriptions(shopDeps(shop.services), now),
      runDueSubscriptions(shopDeps(shop.services), now),
    ]);
    expect(await mailsTo("otto@example.com", YEARLY)).toHaveLength(1);

    // Eleven months on: not yet. A year on: the second.
    await runDueSubscriptions(shopDeps(shop.services), addMonths(now, 11));
    expect(await mailsTo("otto@example.com", YEARLY)).toHaveLength(1);
    await Promise.all([
      runDueSubscriptions(shopDeps(shop.services), addMonths(now, 12)),
      runDueSubscriptions(shopDeps(shop.services), addMonths(now, 12)),
    ]);
    expect(await mailsTo("otto@example.com", YEARLY)).toHaveLength(2);
    expect(await mailsTo("pia@example.com", YEARLY)).toHaveLength(0);
  });

  it("refuses a price change for existing subscriptions outside 7 to 30 days ahead, and to staff; nothing changes", async () => {
    const [sub] = (await subscribe("quinn@example.com", [[4, 1]])) as [SubRow];
    const today = new Date();
    for (const day of [
      isoDay(addDays(today, 6)),
      isoDay(addDays(today, 31)),
      isoDay(today),
      "2027-02-30",
      "next week",
    ]) {
      const refused = await staff.admin.call("PATCH", "/api/admin/products/4", {
        priceCents: 3600,
        applyToSubscriptionsFrom: day,
      });
      expect(refused.status, day).toBe(400);
      expect(refused.body.message, day).toMatch(/7 to 30 days|date/);
    }
    const byStaff = await staff.staff.call("PATCH", "/api/admin/products/4", {
      priceCents: 3600,
      applyToSubscriptionsFrom: isoDay(addDays(today, 10)),
    });
    expect(byStaff.status).toBe(403);
    const [product] = await db().select().from(products).where(eq(products.id, 4));
    expect(product?.priceCents).toBe(3000);
    expect(await subNow(sub.id)).toMatchObject({ pendingAmountCents: null, pendingAmountFrom: null });
    expect(await mailsTo("quinn@example.com", "The price of your")).toHaveLength(0);
  });

  it("notices every subscriber once; renewals before the date charge the old price, from the date the new", async () => {
    const [one] = (await subscribe("rae@example.com", [[3, 1]])) as [SubRow];
    const [two] = (await subscribe("sol@example.com", [[3, 2]])) as [SubRow];
    const stack = await subscribe("tam@example.com", [
      [1, 1, STACK],
      [2, 1, STACK],
      [3, 1, STACK],
      [4, 1, STACK],
    ]);
    const stackLine = stack.find((s) => s.productId === 3) as SubRow;
    const [gone] = (await subscribe("uma@example.com", [[3, 1]])) as [SubRow];
    await changeSubscription(shopDeps(shop.services), {
      id: gone.id,
      userId: null,
      actor: "customer",
      change: { action: "cancel" },
    });

    const from = isoDay(addDays(new Date(), 10));
    const body = { priceCents: 3600, applyToSubscriptionsFrom: from };
    const answer = await staff.admin.call("PATCH", "/api/admin/products/3", body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      product: { priceCents: 3600 },
      priceNotice: { stackLinesUnchanged: 1 },
    });
    expect(answer.body.priceNotice.noticed).toBeGreaterThanOrEqual(2);
    // Asked twice (a double click): each subscriber is still told once.
    expect((await staff.admin.call("PATCH", "/api/admin/products/3", body)).status).toBe(200);

    const fromDate = new Date(`${from}T00:00:00.000Z`);
    for (const [sub, email] of [
      [one, "rae@example.com"],
      [two, "sol@example.com"],
    ] as const) {
      const newCents = lineTotalCents(3600, sub.quantity, sub.discountPercent);
      expect(await subNow(sub.id)).toMatchObject({
        amountCents: sub.amountCents,
        pendingAmountCents: newCents,
        pendingAmountFrom: fromDate,
      });
      const notices = await mailsTo(email, "The price of your");
      expect(notices).toHaveLength(1);
      expect(notices[0]?.text).toContain(`$${(sub.amountCents / 100).toFixed(2)}`);
      expect(notices[0]?.text).toContain(`$${(newCents / 100).toFixed(2)}`);
      expect(notices[0]?.text).toContain(`${MANAGE_PAGE_PATH}/${sub.id}.`);
    }
    expect(await subNow(stackLine.id)).toMatchObject({
      amountCents: stackLine.amountCents,
      pendingAmountCents: null,
    });
    expect(await subNow(gone.id)).toMatchObject({ pendingAmountCents: null });
    expect(await mailsTo("tam@example.com", "The price of your")).toHaveLength(0);
    expect(await mailsTo("uma@example.com", "The price of your")).toHaveLength(0);
    const audit = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, "3"), eq(adminAudit.action, "subscription-price-announced")));
    expect(audit.length).toBeGreaterThanOrEqual(1);
    expect(audit[0]?.after).toMatchObject({ priceCents: 3600, takesEffect: from });

    // A new quantity keeps the announced price per unit; a swap to another product drops it.
    const change = (id: string, c: Parameters<typeof changeSubscription>[1]["change"]) =>
      changeSubscription(shopDeps(shop.services), { id, userId: null, actor: "customer", change: c });
    await change(two.id, { action: "quantity", quantity: 3 });
    expect(await subNow(two.id)).toMatchObject({ quantity: 3, pendingAmountCents: 9180 });
    await change(two.id, { action: "swap", productId: 2 });
    expect(await subNow(two.id)).toMatchObject({
      productId: 2,
      pendingAmountCents: null,
      pendingAmountFrom: null,
    });

    // The first renewal falls before the date: moved three days ahead of it, it charges the old price.
    const early = addDays(fromDate, -3);
    await changeSubscription(shopDeps(shop.services), {
      id: one.id,
      userId: null,
      actor: "owner",
      change: { action: "next-date", date: isoDay(early) },
    });
    const firstDue = (await subNow(one.id)).nextBillingDate;
    await runDueSubscriptions(shopDeps(shop.services), addDays(firstDue, 1));
    const [before] = await renewalsOf(one.id);
    expect(before?.totalCents).toBe(one.amountCents);
    expect(await subNow(one.id)).toMatchObject({ amountCents: one.amountCents, pendingAmountCents: 3060 });

    // The next one is after the date: the new price, which becomes the subscription's own.
    const secondDue = (await subNow(one.id)).nextBillingDate;
    expect(secondDue.getTime()).toBeGreaterThanOrEqual(fromDate.getTime());
    await runDueSubscriptions(shopDeps(shop.services), addDays(secondDue, 1));
    const renewals = await renewalsOf(one.id);
    expect(renewals.map((o) => o.totalCents)).toEqual([one.amountCents, 3060]);
    expect(await subNow(one.id)).toMatchObject({
      amountCents: 3060,
      pendingAmountCents: null,
      pendingAmountFrom: null,
    });
  });

  // Decision 051: the product's price is in US dollars; a subscription bought in CAD keeps its locked price.
  it("reaches only subscriptions in US dollars: CAD ones keep their price, a CAD one Stripe renews blocks nothing", async () => {
    const ontario = {
      fullName: "Oli Ontario",
      line1: "200 King St W",
      city: "Toronto",
      region: "ON",
      postalCode: "M5V 2T6",
      country: "CA",
    };
    const [usd] = (await subscribe("wes@example.com", [[2, 1]])) as [SubRow];
    const [cad] = (await subscribe("xia@example.com", [[2, 1]], {
      shippingAddress: ontario,
      currency: "CAD",
    })) as [SubRow];
    const [cadStripe] = (await subscribe("yan@example.com", [[2, 1]], {
      shippingAddress: ontario,
      currency: "CAD",
    })) as [SubRow];
    expect([usd.currency, cad.currency, cadStripe.currency]).toEqual(["usd", "cad", "cad"]);
    await db().update(subscriptions).set({ provider: "stripe" }).where(eq(subscriptions.id, cadStripe.id));

    const [product] = await db().select().from(products).where(eq(products.id, 2));
    const priceCents = (product?.priceCents ?? 0) + 200;
    const from = isoDay(addDays(new Date(), 12));
    const answer = await staff.admin.call("PATCH", "/api/admin/products/2", {
      priceCents,
      applyToSubscriptionsFrom: from,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await subNow(usd.id)).toMatchObject({
      pendingAmountCents: lineTotalCents(priceCents, usd.quantity, usd.discountPercent),
    });
    for (const sub of [cad, cadStripe])
      expect(await subNow(sub.id)).toMatchObject({
        amountCents: sub.amountCents,
        currency: "cad",
        pendingAmountCents: null,
        pendingAmountFrom: null,
      });
    expect(await mailsTo("wes@example.com", "The price of your")).toHaveLength(1);
    expect(await mailsTo("xia@example.com", "The price of your")).toHaveLength(0);
    const [audit] = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, "2"), eq(adminAudit.action, "subscription-price-announced")));
    expect(audit?.after).toMatchObject({ priceCents, otherCurrenciesUnchanged: 2 });
  });

  it("refuses it while a subscription of the product is renewed by Stripe: nothing changes", async () => {
    const [sub] = (await subscribe("vic@example.com", [[1, 1]])) as [SubRow];
    await db().update(subscriptions).set({ provider: "stripe" }).where(eq(subscriptions.id, sub.id));
    const refused = await staff.admin.call("PATCH", "/api/admin/products/1", {
      priceCents: 3300,
      applyToSubscriptionsFrom: isoDay(addDays(new Date(), 30)),
    });
    expect(refused).toMatchObject({ status: 409, body: { code: "stripe_subscriptions" } });
    const [product] = await db().select().from(products).where(eq(products.id, 1));
    expect(product?.priceCents).toBe(3000);
    expect(await subNow(sub.id)).toMatchObject({ pendingAmountCents: null });
  });
});
