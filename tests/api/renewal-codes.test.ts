import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../core/subscription-rules.ts";
import {
  discountCodes,
  orderLines,
  orders,
  outbox,
  renewalConsents,
  subscriptions,
} from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { runDueSubscriptions } from "../../server/subscriptions/run-due.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, Visitor } from "./checkout-visitor.ts";

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Sam Shopper" };
type SubRow = typeof subscriptions.$inferSelect;

/**
 * A discount code carried into a subscription's renewals (core/renewal-promo.ts,
 * docs/decisions/046-discount-codes.md): the checkout's renewal terms say it, the subscription keeps it,
 * each renewal run by the scheduler charges it while renewals are left and records it on the renewal order.
 * Total Restore (product 2) is $40.00, $34.00 as a subscription: 10% off is $3.40, a renewal $30.60.
 */
describe.each(testDatabases)("discount codes on renewals on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  let n = 0;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  async function newCode(extra: Partial<typeof discountCodes.$inferInsert>) {
    const code = `RENEW${++n}${kind.slice(0, 2).toUpperCase()}${process.pid}`;
    await db()
      .insert(discountCodes)
      .values({ code, kind: "percent", percent: 10, ...extra });
    return code;
  }

  /** A new customer subscribes to Total Restore with the code and pays on the sandbox page. */
  async function subscribe(code: string, quantity = 1) {
    const userId = `rc${++n}${kind.slice(0, 2)}`;
    await createUser(shop, userId, `${userId}@example.com`);
    const v = new Visitor(shop, userId);
    expect((await v.add(2, quantity, true)).status).toBe(201);
    expect((await v.call("POST", "/api/cart/code", { code })).status).toBe(200);
    const { status, body } = await v.checkout({ email: `${userId}@example.com`, discountCode: code });
    expect(status).toBe(200);
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, CARD)).toMatchObject({
      kind: "paid",
    });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    if (!order) throw new Error("no order");
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    if (!sub) throw new Error("no subscription");
    return { order, sub, userId, visitor: v };
  }
  const row = async (id: string) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0] as SubRow;
  const renewalsOf = (subId: string) =>
    db().select().from(orders).where(eq(orders.subscriptionId, subId)).orderBy(asc(orders.renewalDate));
  /** Runs the scheduler for the subscription's next renewal (twice, as a repeated job would). */
  async function renew(subId: string) {
    const due = addDays((await row(subId)).nextBillingDate, 1);
    await runDueSubscriptions(shopDeps(shop.services), due);
    await runDueSubscriptions(shopDeps(shop.services), due);
  }
  const discountLine = async (userId: string) =>
    (
      (await new Visitor(shop, userId).call("GET", "/api/subscriptions")).body as {
        discountLine: string | null;
      }[]
    )[0]?.discountLine;

  it("a first_n=3 code: the terms say so, three renewals are discounted, then full price", async () => {
    const code = await newCode({ renewals: "first_n", renewalCount: 3 });
    const { order, sub, userId } = await subscribe(code);
    // The first order: $34.00 less 10%, and $5.95 shipping (under $75).
    expect(order).toMatchObject({ discountCode: code, codeDiscountCents: 340, totalCents: 3655 });
    expect(sub).toMatchObject({ amountCents: 3400, promoCode: code, promoCents: 340, promoRenewalsLeft: 3 });

    // The renewal terms consented to at checkout state the discounted price, for how many, and after.
    const [consent] = await db().select().from(renewalConsents).where(eq(renewalConsents.orderId, order.id));
    expect(consent?.disclosure).toContain(
      `Total Restore: $30.60 every month for the first 3 renewals with the code ${code}, then $34.00 every month, shipping free`,
    );
    expect(await discountLine(userId)).toBe(`${code}: 3 discounted renewals left ($30.60 each, $3.40 off)`);
    // The same as figures, which the account's pages word in their language.
    const [view] = (await new Visitor(shop, userId).call("GET", "/api/subscriptions")).body;
    expect(view.discount).toEqual({ code, renewalsLeft: 3, price: "$30.60", off: "$3.40" });

    // Three days ahead, the reminder names the discounted amount and the code.
    await runDueSubscriptions(shopDeps(shop.services), addDays(sub.nextBillingDate, -2));
    const [reminder] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, `${userId}@example.com`), like(outbox.subject, "%renews on%")));
    expect(reminder?.text).toContain(`Amount: $30.60 ($3.40 off with ${code})`);
    expect(reminder?.text).toContain(`Discount code: ${code}: 3 discounted renewals left`);

    for (let i = 0; i < 5; i += 1) await renew(sub.id);
    const renewals = await renewalsOf(sub.id);
    expect(renewals.map((o) => o.totalCents)).toEqual([3060, 3060, 3060, 3400, 3400]);
    expect(renewals.map((o) => o.discountCode)).toEqual([code, code, code, null, null]);
    expect(renewals.map((o) => o.codeDiscountCents)).toEqual([340, 340, 340, 0, 0]);
    // Each renewal order's figures sum to what was charged, the code's share on its line too.
    for (const o of renewals) {
      const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, o.id));
      const subtotal = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
      expect(subtotal - o.discountCents - o.codeDiscountCents + o.shippingCents).toBe(o.totalCents);
      expect(lines.reduce((sum, l) => sum + l.codeDiscountCents, 0)).toBe(o.codeDiscountCents);
    }
    // Never below zero, however often the scheduler ran.
    expect((await row(sub.id)).promoRenewalsLeft).toBe(0);
    expect(await discountLine(userId)).toBeNull();

    // The renewal's e-mail shows the discount row.
    const first = renewals[0];
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, `${userId}@example.com`), like(outbox.subject, `%${first?.orderNumber}%`)));
    expect(mail?.text).toContain(`Discount (${code}): `);
  });

  it("an every-renewal code discounts every renewal; a first-order code none", async () => {
    const every = await subscribe(await newCode({ renewals: "every" }));
    expect(every.sub).toMatchObject({ promoCents: 340, promoRenewalsLeft: null });
    expect(await discountLine(every.userId)).toBe(
      `${every.sub.promoCode}: discounted at every renewal ($30.60 each, $3.40 off)`,
    );
    for (let i = 0; i < 4; i += 1) await renew(every.sub.id);
    expect((await renewalsOf(every.sub.id)).map((o) => o.totalCents)).toEqual([3060, 3060, 3060, 3060]);
    expect((await row(every.sub.id)).promoRenewalsLeft).toBeNull();

    const once = await subscribe(await newCode({ renewals: "first_order" }));
    expect(once.order).toMatchObject({ codeDiscountCents: 340, totalCents: 3655 });
    expect(once.sub).toMatchObject({ promoCode: null, promoCents: 0 });
    const [consent] = await db()
      .select()
      .from(renewalConsents)
      .where(eq(renewalConsents.orderId, once.order.id));
    expect(consent?.disclosure).toContain("Total Restore: $34.00 every month, shipping free");
    for (let i = 0; i < 2; i += 1) await renew(once.sub.id);
    const renewals = await renewalsOf(once.sub.id);
    expect(renewals.map((o) => [o.totalCents, o.discountCode])).toEqual([
      [3400, null],
      [3400, null],
    ]);
  });

  it("a code for other products gives the subscription's renewals nothing", async () => {
    const code = await newCode({ renewals: "every", productIds: [1] });
    const userId = `rc${++n}${kind.slice(0, 2)}`;
    await createUser(shop, userId, `${userId}@example.com`);
    const v = new Visitor(shop, userId);
    await v.add(1, 1, false); // Korean Ginseng, once: the code's product
    await v.add(2, 1, true); // Total Restore as a subscription: not the code's
    expect((await v.call("POST", "/api/cart/code", { code })).status).toBe(200);
    const { body } = await v.checkout({ email: `${userId}@example.com`, discountCode: code });
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, CARD)).toMatchObject({
      kind: "paid",
    });
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, `${userId}@example.com`));
    expect(sub).toMatchObject({ amountCents: 3400, promoCode: null, promoCents: 0 });
  });

  it("a fixed-amount code takes its amount off each renewal", async () => {
    const { sub } = await subscribe(
      await newCode({
        kind: "amount",
        percent: null,
        amountCents: 500,
        renewals: "first_n",
        renewalCount: 2,
      }),
    );
    expect(sub).toMatchObject({ promoCents: 500, promoRenewalsLeft: 2 });
    for (let i = 0; i < 3; i += 1) await renew(sub.id);
    expect((await renewalsOf(sub.id)).map((o) => o.totalCents)).toEqual([2900, 2900, 3400]);
  });

  it("two scheduler runs at once for one date charge once and count the renewal once", async () => {
    const { sub } = await subscribe(await newCode({ renewals: "first_n", renewalCount: 2 }));
    const due = addDays(sub.nextBillingDate, 1);
    await Promise.all([
      runDueSubscriptions(shopDeps(shop.services), due),
      runDueSubscriptions(shopDeps(shop.services), due),
      runDueSubscriptions(shopDeps(shop.services), due),
    ]);
    expect((await renewalsOf(sub.id)).map((o) => o.totalCents)).toEqual([3060]);
    expect((await row(sub.id)).promoRenewalsLeft).toBe(1);
  });

  it("a percentage follows the amount charged: an announced new price, a new quantity", async () => {
    const { sub, userId } = await subscribe(await newCode({ renewals: "every" }));
    // The owner announced $36.00 from this renewal on (decision 043): 10% of it comes off.
    await db()
      .update(subscriptions)
      .set({ pendingAmountCents: 3600, pendingAmountFrom: addDays(sub.nextBillingDate, -1) })
      .where(eq(subscriptions.id, sub.id));
    await renew(sub.id);
    expect((await renewalsOf(sub.id)).map((o) => [o.totalCents, o.codeDiscountCents])).toEqual([[3240, 360]]);
    expect(await row(sub.id)).toMatchObject({ amountCents: 3600, promoCents: 360 });

    // Two units: twice the price, and the code's 10% of it, shown before the next renewal charges it.
    const changed = await new Visitor(shop, userId).call("POST", `/api/subscriptions/${sub.id}/quantity`, {
      quantity: 2,
    });
    expect(changed.status).toBe(200);
    expect(await row(sub.id)).toMatchObject({ amountCents: 7200, promoCents: 720 });
    expect(await discountLine(userId)).toContain("($64.80 each, $7.20 off)");
    await renew(sub.id);
    expect((await renewalsOf(sub.id)).at(-1)?.totalCents).toBe(6480);
  });
});
