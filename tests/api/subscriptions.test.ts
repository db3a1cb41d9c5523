import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, addMonths } from "../../core/subscription-rules.ts";
import { orderLines, orders, outbox, subscriptionEvents, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { saveSubscriptionCard } from "../../server/subscriptions/card-update.ts";
import { runDueSubscriptions } from "../../server/subscriptions/run-due.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

const CARD_4242 = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Sam Shopper" };
const CARD_0341 = { ...CARD_4242, cardNumber: "4000 0000 0000 0341" };
const STACK = "complete-mana-system";

type SubRow = typeof subscriptions.$inferSelect;

describe.each(testDatabases)("subscriptions on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    for (const name of ["ana", "ben", "cy", "dee", "eve"])
      await createUser(shop, name, `${name}@example.com`);
  });
  afterAll(() => shop.close());

  /** The user's checkout of these lines, paid on the sandbox page with `card`: the order and its subscriptions. */
  async function subscribe(
    userId: string,
    lines: [number, number, string?][],
    card = CARD_4242,
    locale = "en",
  ) {
    const v = new Visitor(shop, userId);
    for (const [id, qty, bundle] of lines) expect((await v.add(id, qty, true, bundle)).status).toBe(201);
    const { status, body } = await v.checkout({ email: `${userId}@example.com`, locale });
    expect(status).toBe(200);
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
      kind: "paid",
    });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    if (!order) throw new Error("no order");
    const subs = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order.id))
      .orderBy(asc(subscriptions.productId));
    return { order, subs, visitor: v };
  }
  const subNow = async (id: string) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0] as SubRow;
  const act = (userId: string, id: string, action: string, body: unknown = {}) =>
    new Visitor(shop, userId).call("POST", `/api/subscriptions/${id}/${action}`, body);
  const mails = async (to: string, subject: string) =>
    (
      await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)))
    ).length;
  const renewalsOf = (subId: string) =>
    db().select().from(orders).where(eq(orders.subscriptionId, subId)).orderBy(asc(orders.renewalDate));

  it("a stack bought as a subscription costs its stack price less the subscription discount, every month", async () => {
    const { order, subs } = await subscribe("ana", [
      [1, 1, STACK],
      [2, 1, STACK],
      [3, 1, STACK],
      [4, 1, STACK],
    ]);
    // $100 for the stack bought once; as a subscription, 20% less: $80 charged now and at every renewal.
    expect(order.totalCents).toBe(8000);
    expect(subs).toHaveLength(4);
    expect(subs.reduce((sum, s) => sum + s.amountCents, 0)).toBe(8000);
    expect(subs.every((s) => s.bundleId === STACK && s.discountPercent === 20)).toBe(true);
    expect(
      subs.every((s) => s.cardLabel === "Visa ending 4242" && s.paymentToken?.startsWith("pm_sandbox_")),
    ).toBe(true);
    // The order's figures sum: lines less the stack saving is what was charged.
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const subtotal = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
    expect(subtotal - order.discountCents + order.shippingCents).toBe(order.totalCents);

    // Each renewal charges each subscription its share: the stack's $80 again.
    const asOf = addDays(subs[0]?.nextBillingDate as Date, 1);
    await runDueSubscriptions(shopDeps(shop.services), asOf);
    const renewed = await Promise.all(subs.map(async (s) => (await renewalsOf(s.id))[0]?.totalCents));
    expect(renewed.reduce((a, b) => (a ?? 0) + (b ?? 0), 0)).toBe(8000);
  });

  /** The customer's events of a subscription, oldest first. */
  const eventsOf = async (subId: string) =>
    await db()
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, subId))
      .orderBy(asc(subscriptionEvents.createdAt));
  const FULL_STACK: [number, number, string][] = [
    [1, 1, STACK],
    [2, 1, STACK],
    [3, 1, STACK],
    [4, 1, STACK],
  ];

  it("a stack line given a new quantity costs the product's own subscription price, shown before it is saved", async () => {
    await createUser(shop, "ivy", "ivy@example.com");
    const { subs } = await subscribe("ivy", FULL_STACK);
    const restore = subs.find((s) => s.productId === 2) as SubRow;
    // Total Restore's share of the stack's $80: $24.62.
    expect(restore.amountCents).toBe(2462);

    // The preview is the server's price, and changes nothing.
    const preview = await act("ivy", restore.id, "quantity/preview", { quantity: 10 });
    expect(preview.status).toBe(200);
    // Ten Total Restore subscriptions on their own: 10 x ($40 less 15%) = $340.
    expect(preview.body.subscription).toMatchObject({ quantity: 10, amount: "340.00", bundleId: "" });
    // The other three are no longer a complete stack: each goes to its own subscription price.
    expect(
      preview.body.others.map((o: { productName: string; amount: string }) => [o.productName, o.amount]),
    ).toEqual([
      ["Korean Ginseng", "25.50"],
      ["Ashwagandha", "25.50"],
      ["Verdant Edge", "25.50"],
    ]);
    expect(await subNow(restore.id)).toMatchObject({ quantity: 1, amountCents: 2462, bundleId: STACK });

    const ten = await act("ivy", restore.id, "quantity", { quantity: 10 });
    expect(ten.status).toBe(200);
    expect(ten.body.subscription).toMatchObject({ quantity: 10, amount: "340.00", bundleId: "" });
    expect(await subNow(restore.id)).toMatchObject({ amountCents: 34000, discountPercent: 15 });
    for (const s of subs.filter((s) => s.id !== restore.id)) {
      expect(await subNow(s.id)).toMatchObject({ bundleId: "", discountPercent: 15, amountCents: 2550 });
      expect((await eventsOf(s.id)).map((e) => [e.type, e.actor])).toEqual([["left-stack", "customer"]]);
    }
    expect(await mails("ivy@example.com", "is now priced on its own")).toBe(3);
    // Back to 1 it stays on its own: the stack price was for the set as bought.
    const one = await act("ivy", restore.id, "quantity", { quantity: 1 });
    expect(one.body.subscription).toMatchObject({ quantity: 1, amount: "34.00" });
    expect((await act("ivy", restore.id, "quantity/preview", { quantity: 0 })).status).toBe(400);
    expect((await act("ben", restore.id, "quantity/preview", { quantity: 2 })).status).toBe(404);
    expect((await act("ivy", restore.id, "pause/preview", { months: 1 })).status).toBe(404);
  });

  it("cancelling one line of a stack prices the others on their own from their next renewal", async () => {
    await createUser(shop, "jon", "jon@example.com");
    const { subs } = await subscribe("jon", FULL_STACK);
    const verdant = subs.find((s) => s.productId === 4) as SubRow;
    const others = subs.filter((s) => s.id !== verdant.id);

    const preview = await act("jon", verdant.id, "cancel/preview", { reason: null });
    expect(preview.status).toBe(200);
    expect(
      preview.body.others.map((o: { productName: string; amount: string }) => [o.productName, o.amount]),
    ).toEqual([
      ["Korean Ginseng", "25.50"],
      ["Total Restore", "34.00"],
      ["Ashwagandha", "25.50"],
    ]);

    expect((await act("jon", verdant.id, "cancel", {})).status).toBe(200);
    expect(
      (await Promise.all(others.map((s) => subNow(s.id)))).map((s) => [s.bundleId, s.amountCents]),
    ).toEqual([
      ["", 2550],
      ["", 3400],
      ["", 2550],
    ]);
    expect(await mails("jon@example.com", "is now priced on its own")).toBe(3);
    // The next renewal of each charges its own price.
    await runDueSubscriptions(shopDeps(shop.services), addDays(verdant.nextBillingDate, 1));
    const renewed = await Promise.all(others.map(async (s) => (await renewalsOf(s.id))[0]?.totalCents));
    expect(renewed).toEqual([2550, 3400, 2550]);
    expect(await renewalsOf(verdant.id)).toHaveLength(0);
  });

  it("lets the customer pause, resume, skip and change frequency, each with its e-mail", async () => {
    const { subs } = await subscribe("ben", [[3, 1]]);
    const sub = subs[0] as SubRow;
    const first = sub.nextBillingDate;

    const paused = await act("ben", sub.id, "pause", { months: 2 });
    expect(paused.status).toBe(200);
    expect(paused.body.subscription).toMatchObject({
      status: "paused",
      pausedUntil: addMonths(first, 2).toISOString(),
      nextBillingDate: addMonths(first, 2).toISOString(),
      actions: ["resume", "frequency", "quantity", "swap", "cancel", "address", "payment-method"],
    });
    expect(await mails("ben@example.com", "subscription is paused")).toBe(1);

    const resumed = await act("ben", sub.id, "resume");
    expect(resumed.body.subscription).toMatchObject({ status: "active", pausedUntil: null });
    expect(await mails("ben@example.com", "subscription is back on")).toBe(1);

    const before = (await subNow(sub.id)).nextBillingDate;
    const skipped = await act("ben", sub.id, "skip");
    expect(skipped.body.subscription.nextBillingDate).toBe(addMonths(before, 1).toISOString());
    expect(await mails("ben@example.com", "delivery is skipped")).toBe(1);

    const every2 = await act("ben", sub.id, "frequency", { months: 2 });
    expect(every2.body.subscription).toMatchObject({ intervalMonths: 2 });
    expect(await mails("ben@example.com", "now ships every 2 months")).toBe(1);

    const events = await db()
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, sub.id))
      .orderBy(asc(subscriptionEvents.createdAt));
    expect(events.map((e) => [e.type, e.actor])).toEqual([
      ["paused", "customer"],
      ["resumed", "customer"],
      ["skipped", "customer"],
      ["frequency-changed", "customer"],
    ]);
  });

  it("writes a subscription's e-mails in its language (the checkout's), its links to that language's pages; English as before", async () => {
    const mail = async (to: string, subject: string) =>
      (
        await db()
          .select()
          .from(outbox)
          .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)))
      )[0];
    await createUser(shop, "lola", "lola@example.com");
    await createUser(shop, "ned", "ned@example.com");
    const es = (await subscribe("lola", [[3, 1]], CARD_4242, "es")).subs[0] as SubRow;
    expect(es.locale).toBe("es");
    expect((await act("lola", es.id, "pause", { months: 2 })).status).toBe(200);
    const paused = await mail("lola@example.com", "está en pausa");
    expect(paused?.subject).toBe(`Tu suscripción de ${es.productName} está en pausa`);
    expect(paused?.text).toContain("Tu suscripción está en pausa.");
    expect(paused?.text).toMatch(
      /No se envía ni se cobra nada hasta el \d+ de \w+ de \d{4}, cuando se reanuda sola\./,
    );
    expect(paused?.text).toContain(`Suscripción: 1x ${es.productName}, $`);
    expect(paused?.text).toContain("Gestionar tu suscripción");
    expect(paused?.html).toContain('<html lang="es">');
    expect(paused?.text).toContain("/es/subscriptions/manage/");
    expect(paused?.text).toContain("/es/account/subscriptions");
    expect(paused?.text).not.toContain("Your subscription");

    const en = (await subscribe("ned", [[3, 1]])).subs[0] as SubRow;
    expect((await act("ned", en.id, "pause", { months: 2 })).status).toBe(200);
    const english = await mail("ned@example.com", "subscription is paused");
    expect(english?.subject).toBe(`Your ${en.productName} subscription is paused`);
    expect(english?.text).toContain("Your subscription is paused.");
    expect(english?.text).toMatch(
      /Nothing ships or is charged until \w+ \d+, \d{4}, when it resumes by itself\./,
    );
    expect(english?.text).toContain(`Subscription: 1x ${en.productName}, $`);
    expect(english?.text).toMatch(/ every month\n/);
    expect(english?.text).toMatch(/Manage your subscription: https?:\/\/[^/]+\/subscriptions\/manage\//);
    expect(english?.text).toMatch(
      /All your subscriptions, signed in: https?:\/\/[^/]+\/account\/subscriptions\n/,
    );
  });

  it("changes quantity at the same unit price, swaps at the catalogue's price, moves the date and the address", async () => {
    const { subs } = await subscribe("cy", [[1, 1]]);
    const sub = subs[0] as SubRow;
    expect(sub.amountCents).toBe(2550); // $30 less 15%

    const two = await act("cy", sub.id, "quantity", { quantity: 2 });
    expect(two.body.subscription).toMatchObject({ quantity: 2, amount: "51.00" });

    const swapped = await act("cy", sub.id, "swap", { productId: 2 });
    // Total Restore: $40 less 15%, twice.
    expect(swapped.body.subscription).toMatchObject({
      productId: 2,
      productName: "Total Restore",
      amount: "68.00",
    });
    expect(await mails("cy@example.com", "now sends Total Restore")).toBe(1);
    expect((await act("cy", sub.id, "swap", { productId: 2 })).status).toBe(400);
    expect((await act("cy", sub.id, "swap", { productId: 999 })).status).toBe(400);

    const target = addDays(new Date(), 20).toISOString().slice(0, 10);
    const moved = await act("cy", sub.id, "next-date", { date: target });
    expect(moved.status).toBe(200);
    expect(moved.body.subscription.nextBillingDate.slice(0, 10)).toBe(target);
    const tooFar = await act("cy", sub.id, "next-date", {
      date: addDays(new Date(), 61).toISOString().slice(0, 10),
    });
    expect(tooFar).toMatchObject({ status: 400, body: { code: "invalid_date" } });
    const past = await act("cy", sub.id, "next-date", { date: new Date().toISOString().slice(0, 10) });
    expect(past.status).toBe(400);

    const added = await new Visitor(shop, "cy").call("POST", "/api/addresses", {
      ...TEST_ADDRESS,
      fullName: "Cy Elsewhere",
      line1: "9 Harbour Rd",
      city: "Halifax",
      region: "NS",
      postalCode: "B3H 1A1",
      country: "CA",
    });
    expect(added.status).toBe(201);
    const shipped = await act("cy", sub.id, "address", { addressId: added.body.id });
    expect(shipped.body.subscription.shippingAddress).toMatchObject({ city: "Halifax", country: "CA" });
    // Another customer's address is not found.
    const bens = await new Visitor(shop, "ben").call("POST", "/api/addresses", TEST_ADDRESS);
    expect((await act("cy", sub.id, "address", { addressId: bens.body.id })).status).toBe(404);

    // The renewal ships to the new address at the new price, with the new address's taxes: Nova Scotia's
    // HST 14% on $68.00, in the subscription's US dollars (decision 050).
    await runDueSubscriptions(shopDeps(shop.services), addDays(new Date(target), 1));
    const [renewal] = await renewalsOf(sub.id);
    expect(renewal).toMatchObject({ taxCents: 952, totalCents: 7752, status: "processing" });
    expect(renewal?.shippingAddress).toMatchObject({ city: "Halifax" });
  });

  it("cancels at the end of the paid period: no next billing, no actions, nothing charged after", async () => {
    const { subs } = await subscribe("dee", [[4, 1]]);
    const sub = subs[0] as SubRow;
    const cancelled = await act("dee", sub.id, "cancel", { reason: "It is too expensive" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({
      status: "cancelled",
      nextBillingDate: null,
      endsAt: sub.nextBillingDate.toISOString(),
      actions: [],
    });
    expect((await subNow(sub.id)).cancelReason).toBe("It is too expensive");
    expect(await mails("dee@example.com", "subscription is cancelled")).toBe(1);

    for (const [action, body] of [
      ["resume", {}],
      ["pause", { months: 1 }],
      ["skip", {}],
      ["cancel", {}],
    ] as const) {
      const res = await act("dee", sub.id, action, body);
      expect(res.status, action).toBe(409);
      expect(res.body).toMatchObject({ code: "not_allowed", message: expect.stringMatching(/cancelled/) });
    }
    await runDueSubscriptions(shopDeps(shop.services), addMonths(sub.nextBillingDate, 3));
    expect(await renewalsOf(sub.id)).toHaveLength(0);
  });

  it("refuses moves the status forbids, bad bodies, and other customers' subscriptions", async () => {
    const { subs } = await subscribe("eve", [[2, 1]]);
    const sub = subs[0] as SubRow;
    expect(await act("eve", sub.id, "resume")).toMatchObject({
      status: 409,
      body: { message: "This subscription is not paused." },
    });
    await act("eve", sub.id, "pause", { months: null });
    expect(await act("eve", sub.id, "skip")).toMatchObject({
      status: 409,
      body: { message: "A paused subscription cannot be skipped: resume it first." },
    });
    // Paused until resumed: no next billing date shown, and nothing renews however long it waits.
    const view = (await new Visitor(shop, "eve").call("GET", "/api/subscriptions")).body[0];
    expect(view).toMatchObject({ status: "paused", nextBillingDate: null });
    await runDueSubscriptions(shopDeps(shop.services), addMonths(sub.nextBillingDate, 4));
    expect(await renewalsOf(sub.id)).toHaveLength(0);

    expect((await act("ben", sub.id, "resume")).status).toBe(404);
    expect((await new Visitor(shop).call("POST", `/api/subscriptions/${sub.id}/resume`, {})).status).toBe(
      401,
    );
    expect((await act("eve", "not-a-uuid", "resume")).status).toBe(404);
    expect((await act("eve", sub.id, "explode")).status).toBe(404);
    expect((await act("eve", sub.id, "pause", { months: 7 })).status).toBe(400);
    expect((await act("eve", sub.id, "frequency", { months: 2, extra: true })).status).toBe(400);
    expect((await act("eve", sub.id, "quantity", { quantity: 0 })).status).toBe(400);
    expect((await act("eve", sub.id, "cancel", { reason: "because" })).status).toBe(400);
    expect((await act("eve", sub.id, "resume", "{oops")).status).toBe(400);

    // One Stripe Billing is to renew but has not started yet: a change could not reach Stripe, so none is made.
    await db()
      .update(subscriptions)
      .set({ provider: "stripe", providerSubscriptionId: null, providerCustomerId: "cus_1" })
      .where(eq(subscriptions.id, sub.id));
    for (const action of ["resume", "payment-method"])
      expect(await act("eve", sub.id, action)).toMatchObject({
        status: 409,
        body: { code: "not_started", message: expect.stringContaining("still being set up with Stripe") },
      });
  });

  it("renews once per period at the subscription's price, however often it runs; skipped periods are not charged", async () => {
    await createUser(shop, "fay", "fay@example.com");
    const { subs, visitor } = await subscribe("fay", [[3, 2]]);
    const sub = subs[0] as SubRow;
    const first = sub.nextBillingDate;
    await act("fay", sub.id, "skip");

    // Nothing is due before the skipped date moves on.
    await runDueSubscriptions(shopDeps(shop.services), addDays(first, 1));
    expect(await renewalsOf(sub.id)).toHaveLength(0);

    const second = addMonths(first, 1);
    // A reminder three days ahead, once.
    await runDueSubscriptions(shopDeps(shop.services), addDays(second, -2));
    await runDueSubscriptions(shopDeps(shop.services), addDays(second, -2));
    expect(await mails("fay@example.com", "renews on")).toBe(1);

    const asOf = addDays(second, 1);
    const [a, b] = await Promise.all([
      runDueSubscriptions(shopDeps(shop.services), asOf),
      runDueSubscriptions(shopDeps(shop.services), asOf),
    ]);
    expect(a.renewed + b.renewed).toBe(1);
    await runDueSubscriptions(shopDeps(shop.services), asOf);
    const renewals = await renewalsOf(sub.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({
      totalCents: sub.amountCents,
      status: "processing",
      renewalDate: second,
      email: "fay@example.com",
    });
    expect(renewals[0]?.orderNumber).toMatch(/^MANA-/);
    expect((await subNow(sub.id)).nextBillingDate).toEqual(addMonths(second, 1));
    // In the customer's order history, marked as a renewal, with its confirmation e-mail.
    const history = (await visitor.call("GET", "/api/orders")).body as { orderNumber: string }[];
    expect(history.find((o) => o.orderNumber === renewals[0]?.orderNumber)).toMatchObject({
      totals: { totalCents: sub.amountCents },
      isRenewal: true,
    });
    expect(history.filter((o) => !("isRenewal" in o && o.isRenewal))).toHaveLength(1);
    expect(await mails("fay@example.com", renewals[0]?.orderNumber as string)).toBeGreaterThan(0);
  });

  it("with 4000 0000 0000 0341 the renewal fails, is retried after 1, 3 and 5 days, then cancelled", async () => {
    await createUser(shop, "gus", "gus@example.com");
    const { subs, order } = await subscribe("gus", [[1, 1]], CARD_0341);
    expect(order.status).toBe("processing"); // the first payment goes through
    const sub = subs[0] as SubRow;
    const due = sub.nextBillingDate;

    await runDueSubscriptions(shopDeps(shop.services), addDays(due, 0.5));
    expect(await subNow(sub.id)).toMatchObject({
      status: "past_due",
      failedAttempts: 1,
      retryAt: addDays(due, 1),
    });
    expect(await mails("gus@example.com", "could not renew")).toBe(1);
    const view = (await new Visitor(shop, "gus").call("GET", "/api/subscriptions")).body[0];
    expect(view.actions).toEqual(["cancel", "address", "payment-method"]);

    await runDueSubscriptions(shopDeps(shop.services), addDays(due, 1.5));
    expect(await subNow(sub.id)).toMatchObject({
      status: "past_due",
      failedAttempts: 2,
      retryAt: addDays(due, 3),
    });
    await runDueSubscriptions(shopDeps(shop.services), addDays(due, 6));
    expect(await subNow(sub.id)).toMatchObject({ status: "cancelled", failedAttempts: 4 });
    expect(await mails("gus@example.com", "could not renew")).toBe(3);
    expect(await mails("gus@example.com", "subscription was cancelled")).toBe(1);
    expect(await renewalsOf(sub.id)).toHaveLength(0);
  });

  it("a failed renewal retried with a new card succeeds at once and creates the order", async () => {
    await createUser(shop, "hal", "hal@example.com");
    const { subs } = await subscribe("hal", [[2, 1]], CARD_0341);
    const sub = subs[0] as SubRow;
    const failedAt = addDays(sub.nextBillingDate, 0.5);
    await runDueSubscriptions(shopDeps(shop.services), failedAt);
    expect((await subNow(sub.id)).status).toBe("past_due");

    const start = await act("hal", sub.id, "payment-method");
    expect(start).toMatchObject({ status: 200, body: { url: `/account/subscriptions/${sub.id}/card` } });
    // Not another customer's page.
    await expect(
      saveSubscriptionCard(shopDeps(shop.services), { userId: "ben", id: sub.id, form: CARD_4242 }),
    ).rejects.toThrow("Subscription not found.");
    const declined = await saveSubscriptionCard(shopDeps(shop.services), {
      userId: "hal",
      id: sub.id,
      form: { ...CARD_4242, cardNumber: "4000 0000 0000 0002" },
      now: failedAt,
    });
    expect(declined.kind).toBe("declined");

    const saved = await saveSubscriptionCard(shopDeps(shop.services), {
      userId: "hal",
      id: sub.id,
      form: CARD_4242,
      now: failedAt,
    });
    expect(saved).toMatchObject({ kind: "saved", retried: "renewed" });
    expect(await subNow(sub.id)).toMatchObject({
      status: "active",
      failedAttempts: 0,
      cardLabel: "Visa ending 4242",
      nextBillingDate: addMonths(sub.nextBillingDate, 1),
    });
    const renewals = await renewalsOf(sub.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]?.totalCents).toBe(sub.amountCents);
    expect(await mails("hal@example.com", "has a new card")).toBe(1);
  });
});
