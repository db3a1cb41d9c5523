import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonths } from "../../core/subscription-rules.ts";
import { discountCodes, orders, outbox, subscriptionEvents, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { shopOrigin } from "../../server/http/shop-origin.ts";
import { afterStripeCardUpdate, startCardUpdate } from "../../server/subscriptions/card-update.ts";
import { startProviderSubscriptions } from "../../server/subscriptions/provider-billing.ts";
import {
  deliver as deliverSigned,
  inProcess,
  stripeEvent,
  WEBHOOK_SECRET,
} from "../reliability/support/stripe-events.ts";
import { StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, Visitor } from "./checkout-visitor.ts";

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
type Params = Record<string, unknown>;
type SubRow = typeof subscriptions.$inferSelect;

// A customer's changes to a subscription Stripe Billing renews: each goes to Stripe first (so Stripe
// bills what the account page shows), and the shop's row follows Stripe's verified events.
describe.each(testDatabases)("subscriptions billed by Stripe on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  const db = () => shop.services.database.db;

  beforeAll(async () => {
    standIn = await new StripeStandIn().start();
    shop = await createTestShop(kind, {
      env: standIn.env(WEBHOOK_SECRET),
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

  /** The user subscribes to a product, pays on Stripe's page, and Stripe says so: their subscription row. */
  async function subscribe(userId: string, productId = 2): Promise<SubRow> {
    await createUser(shop, userId, `${userId}@example.com`);
    const v = new Visitor(shop, userId);
    expect((await v.add(productId, 1, true)).status).toBe(201);
    const { body } = await v.checkout();
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    const session = standIn.sessions.get(sessionId) as Params;
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
      .where(eq(subscriptions.orderId, order?.id as string));
    expect(sub?.providerSubscriptionId).toMatch(/^sub_/);
    return sub as SubRow;
  }

  const act = (userId: string, id: string, action: string, body: unknown = {}) =>
    new Visitor(shop, userId).call("POST", `/api/subscriptions/${id}/${action}`, body);
  const row = async (id: string) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0] as SubRow;
  const atStripe = (sub: SubRow) => standIn.subscriptions.get(sub.providerSubscriptionId as string) as Params;
  const price = (sub: SubRow) =>
    ((atStripe(sub).items as { data: Params[] }).data[0] as Params).price as {
      product: string;
      unit_amount: number;
      recurring: { interval_count: number };
    };
  /** The calls that changed the Stripe subscription, since `from`. */
  const updatesOf = (sub: SubRow, from: number) =>
    standIn.requests
      .slice(from)
      .filter(
        (r) => r.path.startsWith(`/v1/subscriptions/${sub.providerSubscriptionId}`) && r.method !== "GET",
      );
  const mails = async (to: string, subject: string) =>
    (
      await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)))
    ).length;

  it("offers every action, and each one changes the Stripe subscription before the shop's row", async () => {
    const sub = await subscribe("amy");
    const list = (await new Visitor(shop, "amy").call("GET", "/api/subscriptions")).body;
    expect(list[0]).toMatchObject({ status: "active", actions: expect.arrayContaining(["pause", "cancel"]) });
    expect(list[0]).not.toHaveProperty("managedByProvider");
    let mark = standIn.requests.length;

    // Pause for a month: Stripe voids nothing and bills nothing until the pause's end.
    expect((await act("amy", sub.id, "pause", { months: 1 })).status).toBe(200);
    let now = await row(sub.id);
    expect(now).toMatchObject({ status: "paused" });
    expect(atStripe(sub).pause_collection).toEqual({
      behavior: "void",
      resumes_at: unix(now.pausedUntil as Date),
    });
    expect(atStripe(sub).trial_end).toBe(unix(now.nextBillingDate));
    const [pause] = updatesOf(sub, mark);
    const [event] = await db()
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.subscriptionId, sub.id), eq(subscriptionEvents.type, "paused")));
    expect(pause?.idempotencyKey).toBe(`mana-subscription-change:${event?.id}`);

    // Resume: collection again, on the date the pause moved it to.
    expect((await act("amy", sub.id, "resume")).status).toBe(200);
    expect(atStripe(sub).pause_collection).toBeNull();
    expect((await row(sub.id)).status).toBe("active");

    // Skip, then a chosen date: the next charge moves (trial_end), nothing is prorated.
    mark = standIn.requests.length;
    const before = (await row(sub.id)).nextBillingDate;
    expect((await act("amy", sub.id, "skip")).status).toBe(200);
    expect(atStripe(sub).trial_end).toBe(unix(addMonths(before, 1)));
    expect(updatesOf(sub, mark)[0]?.params).toMatchObject({ proration_behavior: "none" });
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    expect((await act("amy", sub.id, "next-date", { date: day })).status).toBe(200);
    now = await row(sub.id);
    expect(now.nextBillingDate.toISOString().slice(0, 10)).toBe(day);
    expect(atStripe(sub).trial_end).toBe(unix(now.nextBillingDate));

    // Frequency, quantity and product: a new price on the subscription's one item, the date kept.
    expect((await act("amy", sub.id, "frequency", { months: 2 })).status).toBe(200);
    expect(price(sub)).toMatchObject({
      product: "mana_product_2",
      unit_amount: 3400,
      recurring: { interval_count: 2 },
    });
    expect(atStripe(sub).trial_end).toBe(unix(now.nextBillingDate));
    expect((await act("amy", sub.id, "quantity", { quantity: 2 })).status).toBe(200);
    expect(price(sub).unit_amount).toBe(6800);
    expect((await act("amy", sub.id, "swap", { productId: 3 })).status).toBe(200);
    now = await row(sub.id);
    expect(price(sub)).toMatchObject({ product: "mana_product_3", unit_amount: now.amountCents });
    expect((atStripe(sub).items as { data: unknown[] }).data).toHaveLength(1);

    // An address is the shop's alone: Stripe is not called.
    const saved = await new Visitor(shop, "amy").call("POST", "/api/addresses", {
      fullName: "Amy Other",
      line1: "9 Elm Road",
      city: "Portland",
      region: "OR",
      postalCode: "97201",
      country: "US",
    });
    mark = standIn.requests.length;
    expect((await act("amy", sub.id, "address", { addressId: saved.body.id })).status).toBe(200);
    expect(updatesOf(sub, mark)).toHaveLength(0);

    // Cancel: Stripe ends it at the end of the period; its event keeps the row cancelled, ending then.
    expect((await act("amy", sub.id, "cancel", { reason: "It is too expensive" })).status).toBe(200);
    expect(atStripe(sub).cancel_at_period_end).toBe(true);
    await deliver("customer.subscription.updated", atStripe(sub));
    now = await row(sub.id);
    expect(now).toMatchObject({ status: "cancelled", cancelReason: "It is too expensive" });
    expect(now.endsAt?.getTime()).toBe(now.nextBillingDate.getTime());
    const view = (await new Visitor(shop, "amy").call("GET", "/api/subscriptions")).body[0];
    expect(view).toMatchObject({ status: "cancelled", nextBillingDate: null, actions: [] });
    expect(await mails("amy@example.com", "cancelled")).toBe(1);
  });

  it("a stack line that leaves its stack is priced on its own at Stripe, and so are the stack's other lines", async () => {
    await createUser(shop, "stu", "stu@example.com");
    const v = new Visitor(shop, "stu");
    for (const productId of [1, 2, 3, 4])
      expect((await v.add(productId, 1, true, "complete-mana-system")).status).toBe(201);
    const { body } = await v.checkout();
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    await deliver("checkout.session.completed", {
      ...(standIn.sessions.get(sessionId) as Params),
      payment_status: "paid",
      status: "complete",
      payment_intent: `pi_${sessionId.slice(-12)}`,
    });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    const subs = (
      await db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.orderId, order?.id as string))
    ).sort((a, b) => a.productId - b.productId);
    expect(subs.map((s) => price(s).unit_amount)).toEqual(subs.map((s) => s.amountCents));
    const restore = subs[1] as SubRow;
    expect(restore.amountCents).toBe(2462);

    // Ten Total Restore: 10 x ($40 less 15%), at Stripe too; the other three at their own $25.50.
    expect((await act("stu", restore.id, "quantity", { quantity: 10 })).status).toBe(200);
    expect(price(restore).unit_amount).toBe(34000);
    for (const other of subs.filter((s) => s.id !== restore.id)) {
      expect(price(other).unit_amount).toBe(2550);
      expect(atStripe(other).trial_end).toBe(unix(other.nextBillingDate));
      expect((await row(other.id)).amountCents).toBe(2550);
    }
  });

  it("a paused subscription cancelled ends at once at Stripe too", async () => {
    const sub = await subscribe("bob");
    expect((await act("bob", sub.id, "pause", { months: null })).status).toBe(200);
    // Paused until resumed: collection paused with no end, the date left alone.
    expect(atStripe(sub).pause_collection).toEqual({ behavior: "void", resumes_at: null });
    expect((await act("bob", sub.id, "cancel", {})).status).toBe(200);
    expect(atStripe(sub).status).toBe("canceled");
    await deliver("customer.subscription.deleted", atStripe(sub));
    expect((await row(sub.id)).status).toBe("cancelled");
  });

  it("when Stripe fails, the change is refused with a 502 and nothing changes", async () => {
    const sub = await subscribe("cat");
    const events = async () =>
      (await db().select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, sub.id)))
        .length;
    const eventsBefore = await events();
    standIn.faults = ["500", "500"];
    const res = await act("cat", sub.id, "skip");
    standIn.faults = [];
    expect(res).toMatchObject({ status: 502, body: { code: "payment_provider_unavailable" } });
    const now = await row(sub.id);
    expect(now.nextBillingDate.getTime()).toBe(sub.nextBillingDate.getTime());
    expect(atStripe(sub).trial_end).toBe(unix(sub.nextBillingDate));
    expect(await events()).toBe(eventsBefore);
    expect(await mails("cat@example.com", "skipped")).toBe(0);
  });

  it("Update card opens Stripe's billing portal; back from it, a new card is saved and e-mailed", async () => {
    const sub = await subscribe("dan");
    expect(sub.cardLabel).toBe("Visa ending 4242");
    const start = await act("dan", sub.id, "payment-method");
    expect(start.status).toBe(200);
    expect(start.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const portal = standIn.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1);
    const back = `${shopOrigin(shop.services.env)}/account/subscriptions/${sub.id}/card?returned=1`;
    expect(portal?.params).toMatchObject({
      customer: sub.providerCustomerId,
      return_url: back,
      flow_data: { type: "payment_method_update", after_completion: { redirect: { return_url: back } } },
    });

    // Back on the card route (its loader calls this): without a change, told so and nothing recorded.
    expect(await afterStripeCardUpdate(shopDeps(shop.services), await row(sub.id))).toBe("unchanged");
    expect(await mails("dan@example.com", "has a new card")).toBe(0);

    standIn.replaceCard(sub.providerCustomerId as string, { brand: "mastercard", last4: "4444" });
    expect(await afterStripeCardUpdate(shopDeps(shop.services), await row(sub.id))).toBe("saved");
    expect((await row(sub.id)).cardLabel).toBe("Mastercard ending 4444");
    expect(await mails("dan@example.com", "has a new card")).toBe(1);
    // Another customer's subscription is not theirs to open.
    await createUser(shop, "eli", "eli@example.com");
    expect((await act("eli", sub.id, "payment-method")).status).toBe(404);

    // Asked from a French page, Stripe sends the customer back to the French card page.
    const fromFrench = await new Visitor(shop, "dan").call(
      "POST",
      `/api/subscriptions/${sub.id}/payment-method`,
      {},
      { "x-mana-locale": "fr" },
    );
    expect(fromFrench.status).toBe(200);
    const frenchPortal = standIn.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1);
    expect(frenchPortal?.params).toMatchObject({
      return_url: `${shopOrigin(shop.services.env)}/fr/account/subscriptions/${sub.id}/card?returned=1`,
    });
  });

  it("a failed renewal: past due, then the new card pays the open invoice at once (or is declined again)", async () => {
    for (const [userId, declined] of [
      ["fin", false],
      ["gus", true],
    ] as const) {
      const sub = await subscribe(userId);
      standIn.failRenewal(sub.providerSubscriptionId as string);
      await deliver("invoice.payment_failed", {
        id: `in_${userId}`,
        billing_reason: "subscription_cycle",
        period_start: unix(sub.nextBillingDate),
        subscription: sub.providerSubscriptionId,
      });
      expect((await row(sub.id)).status).toBe("past_due");
      // Only the card, cancelling and the address are open to a subscription whose payment failed.
      expect((await act(userId, sub.id, "skip")).status).toBe(409);
      standIn.declinePayments = declined;
      standIn.replaceCard(sub.providerCustomerId as string, { brand: "visa", last4: "1881" });
      // The card route's loader opens the change (the status allows it), then finishes it.
      await startCardUpdate(shopDeps(shop.services), userId, sub.id);
      const outcome = await afterStripeCardUpdate(shopDeps(shop.services), await row(sub.id));
      standIn.declinePayments = false;
      expect(outcome).toBe(declined ? "declined" : "renewed");
      expect(standIn.requests.filter((r) => r.path.endsWith("/pay")).length).toBeGreaterThan(0);
      expect(atStripe(sub).status).toBe(declined ? "past_due" : "active");
    }
  });

  it("a subscription not started at Stripe yet (Stripe was down at payment) refuses changes until the sweep starts it", async () => {
    await createUser(shop, "hal", "hal@example.com");
    const v = new Visitor(shop, "hal");
    await v.add(4, 1, true);
    const { body } = await v.checkout();
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    standIn.faults = Array.from({ length: 10 }, () => "500" as const);
    await deliver("checkout.session.completed", {
      ...(standIn.sessions.get(sessionId) as Params),
      payment_status: "paid",
      payment_intent: `pi_${sessionId.slice(-12)}`,
    });
    standIn.faults = [];
    const [waiting] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "hal@example.com"));
    expect(waiting?.providerSubscriptionId).toBeNull();
    expect(await act("hal", waiting?.id as string, "skip")).toMatchObject({
      status: 409,
      body: { code: "not_started" },
    });
    expect(await startProviderSubscriptions(shopDeps(shop.services))).toEqual({ started: 1, failed: 0 });
    expect((await act("hal", waiting?.id as string, "skip")).status).toBe(200);
  });

  it("a code for the first renewals starts the Stripe subscription with a coupon for them; its renewals show it", async () => {
    const codes = [
      {
        code: `STRIPE3${kind.slice(0, 2).toUpperCase()}${process.pid}`,
        renewals: "first_n",
        renewalCount: 3,
      },
      {
        code: `STRIPEALL${kind.slice(0, 2).toUpperCase()}${process.pid}`,
        renewals: "every",
        renewalCount: null,
      },
    ] as const;
    for (const [i, c] of codes.entries()) {
      await db()
        .insert(discountCodes)
        .values({ ...c, kind: "percent", percent: 10 });
      const userId = `ivy${i}`;
      await createUser(shop, userId, `${userId}@example.com`);
      const v = new Visitor(shop, userId);
      await v.add(2, 1, true);
      expect((await v.call("POST", "/api/cart/code", { code: c.code })).status).toBe(200);
      const { body } = await v.checkout({ email: `${userId}@example.com`, discountCode: c.code });
      const sessionId = new URL(body.url).pathname.split("/").pop() as string;
      await deliver("checkout.session.completed", {
        ...(standIn.sessions.get(sessionId) as Params),
        payment_status: "paid",
        payment_intent: `pi_${sessionId.slice(-12)}`,
      });
      const [sub] = await db()
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.email, `${userId}@example.com`));
      if (!sub?.providerSubscriptionId) throw new Error("not started at Stripe");
      // $34.00 a month, 10% off: $3.40 off the first three renewals, or every one, in the order's currency.
      const [coupon] = standIn.requests.filter(
        (r) => r.path === "/v1/coupons" && r.idempotencyKey === `mana-subscription-coupon:${sub.id}`,
      );
      expect(coupon?.params).toMatchObject(
        c.renewals === "every"
          ? { amount_off: "340", currency: "usd", duration: "forever" }
          : { amount_off: "340", currency: "usd", duration: "repeating", duration_in_months: "3" },
      );
      expect(atStripe(sub).discounts).toEqual([
        {
          object: "discount",
          coupon: expect.objectContaining({ amount_off: 340, duration: coupon?.params.duration }),
        },
      ]);

      // Stripe's renewal invoice, paid: the renewal order shows the code and what it took off.
      const periodStart = unix(sub.nextBillingDate);
      await deliver("invoice.paid", {
        id: `in_${userId}`,
        billing_reason: "subscription_cycle",
        lines: { data: [{ period: { start: periodStart } }] },
        parent: { subscription_details: { subscription: sub.providerSubscriptionId } },
      });
      const [renewal] = await db().select().from(orders).where(eq(orders.subscriptionId, sub.id));
      expect(renewal).toMatchObject({ discountCode: c.code, codeDiscountCents: 340, totalCents: 3060 });
      expect((await row(sub.id)).promoRenewalsLeft).toBe(c.renewals === "every" ? null : 2);

      // Two units: the code's 10% follows the new price at Stripe too, for the renewals it has left.
      const mark = standIn.requests.length;
      expect((await act(userId, sub.id, "quantity", { quantity: 2 })).status).toBe(200);
      expect(await row(sub.id)).toMatchObject({ amountCents: 6800, promoCents: 680 });
      const [again] = standIn.requests.slice(mark).filter((r) => r.path === "/v1/coupons");
      expect(again?.params).toMatchObject(
        c.renewals === "every"
          ? { amount_off: "680", duration: "forever" }
          : { amount_off: "680", duration: "repeating", duration_in_months: "2" },
      );
      expect(atStripe(sub).discounts).toEqual([
        { object: "discount", coupon: expect.objectContaining({ amount_off: 680 }) },
      ]);
    }
  });
});
