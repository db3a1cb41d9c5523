import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orderLines, orders, outbox, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { loadSandboxSession, payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { postEvent, stripeEvent } from "../reliability/support/stripe-events.ts";
import { pendingOrderOf, sessionIdOf, useStripeShop } from "../support/stripe-shop.ts";
import type { StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };

describe.each(testDatabases)("checkout on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  async function guestWithCart() {
    const v = new Visitor(shop);
    await v.add(1, 1, false); // Korean Ginseng, $30.00
    await v.add(2, 1, true); // Total Restore as a subscription, $40.00 - 15% = $34.00
    return v;
  }
  const orderBySession = async (url: string) => (await pendingOrderOf(shop, url)).order;

  it("creates a pending order priced by the server and answers the sandbox page's URL", async () => {
    const v = await guestWithCart();
    const res = await v.checkout();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["url"]);
    expect(res.body.url).toMatch(/^http:\/\/localhost\/pay\/cs_sandbox_[A-Za-z0-9]{32}$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const order = await orderBySession(res.body.url);
    expect(order).toMatchObject({
      status: "pending",
      email: "guest@example.com",
      userId: null,
      provider: "sandbox",
      currency: "usd",
      subtotalCents: 6400,
      discountCents: 0,
      shippingCents: 595,
      totalCents: 6995,
    });
    expect(order.orderNumber).toMatch(/^MANA-[2-9A-HJKMNP-Z]{8}$/);
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(
      lines
        .map((l) => [
          l.productName,
          l.quantity,
          l.isSubscription,
          l.unitPriceCents,
          l.discountPercent,
          l.lineTotalCents,
        ])
        .sort(),
    ).toEqual([
      ["Korean Ginseng", 1, false, 3000, 0, 3000],
      ["Total Restore", 1, true, 4000, 15, 3400],
    ]);
  });

  it("ignores prices, totals, discounts, currencies and a userId in the body", async () => {
    const v = await guestWithCart();
    const items = (await v.cartItems()).map((i) => ({
      ...i,
      price: "0.01",
      unitPriceCents: 1,
      discountPercent: 100,
    }));
    const res = await v.checkout({
      cartItems: items,
      total: 0.01,
      totalCents: 1,
      currency: "jpy",
      userId: "someone-else",
      discount: 99,
    });
    expect(res.status).toBe(200);
    const order = await orderBySession(res.body.url);
    expect(order).toMatchObject({ totalCents: 6995, currency: "usd", userId: null });
  });

  it("refuses lines that do not match the visitor's cart with 409", async () => {
    const v = await guestWithCart();
    const items = await v.cartItems();
    for (const cartItems of [
      items.map((i) => ({ ...i, quantity: i.quantity + 1 })),
      items.slice(1),
      [...items, { productId: 3, quantity: 1, isSubscription: false }],
      items.map((i) => ({ ...i, isSubscription: !i.isSubscription })),
      [],
    ]) {
      const res = await v.checkout({ cartItems });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: "cart_mismatch",
        message: expect.stringMatching(/cart has changed/),
      });
    }
  });

  it.each([
    ["quantity 0", 0],
    ["quantity -1", -1],
    ["quantity 1.5", 1.5],
    ["quantity 1e9", 1e9],
    ["quantity as a string", "2"],
  ])("refuses %s with 400", async (_name, quantity) => {
    const v = await guestWithCart();
    const res = await v.checkout({ cartItems: [{ productId: 1, quantity, isSubscription: false }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_input", message: expect.any(String) });
  });

  it("answers 400 for an empty cart, a missing or bad e-mail, and malformed bodies; no order is created", async () => {
    const before = (await db().select().from(orders)).length;
    const empty = new Visitor(shop);
    expect((await empty.checkout()).body).toMatchObject({
      code: "empty_cart",
      message: "Your cart is empty.",
    });
    const v = await guestWithCart();
    expect((await v.checkout({ email: "" })).body).toMatchObject({
      code: "email_required",
      message: "Please enter your email address to continue.",
    });
    expect((await v.checkout({ email: "not-an-email" })).status).toBe(400);
    expect((await v.call("POST", "/api/checkout/create-session", "{nope")).status).toBe(400);
    expect((await v.call("POST", "/api/checkout/create-session", [])).status).toBe(400);
    expect((await db().select().from(orders)).length).toBe(before);
  });

  it("refuses a checkout posted from another site", async () => {
    const v = await guestWithCart();
    const res = await v.call(
      "POST",
      "/api/checkout/create-session",
      { email: "a@b.co", cartItems: await v.cartItems() },
      {
        origin: "https://evil.example",
      },
    );
    expect(res.status).toBe(403);
  });

  it("gives the same order and session for the same cart submitted twice, even at once", async () => {
    const v = await guestWithCart();
    const first = await v.checkout();
    const second = await v.checkout();
    expect(second.body.url).toBe(first.body.url);
    const w = await guestWithCart();
    const racing = await Promise.all([w.checkout(), w.checkout(), w.checkout()]);
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(racing.map((r) => r.body.url)).size).toBe(1);
    const order = await orderBySession(racing[0]?.body.url);
    expect(
      await db()
        .select()
        .from(orders)
        .where(eq(orders.cartId, order.cartId as string)),
    ).toHaveLength(1);
  });

  it("a changed cart gets a new order", async () => {
    const v = await guestWithCart();
    const first = await v.checkout();
    await v.add(3);
    const second = await v.checkout();
    expect(second.status).toBe(200);
    expect(second.body.url).not.toBe(first.body.url);
    expect((await orderBySession(second.body.url)).totalCents).toBe(9400); // $94.00: free shipping over $75
  });

  it("20 concurrent checkouts of different carts all succeed with correct totals", async () => {
    const visitors = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const v = new Visitor(shop);
        await v.add(1 + (i % 4), 1 + (i % 3), i % 2 === 1);
        return { v, i };
      }),
    );
    const results = await Promise.all(visitors.map(async ({ v, i }) => ({ i, res: await v.checkout() })));
    const prices = [3000, 4000, 3000, 3000];
    for (const { i, res } of results) {
      expect(res.status).toBe(200);
      const unit = prices[i % 4] as number;
      const qty = 1 + (i % 3);
      const lineCents = Math.round((unit * (i % 2 === 1 ? 85 : 100) * qty) / 100);
      const expected = lineCents + (lineCents > 7500 ? 0 : 595);
      expect((await orderBySession(res.body.url)).totalCents).toBe(expected);
    }
    expect(new Set(results.map((r) => r.res.body.url)).size).toBe(20);
  });

  it("prices a complete bundle at its bundle price with free shipping", async () => {
    const v = new Visitor(shop);
    for (const id of [1, 2, 3, 4]) await v.add(id, 1, false, "complete-mana-system");
    const res = await v.checkout();
    expect(await orderBySession(res.body.url)).toMatchObject({
      subtotalCents: 13000,
      discountCents: 3000,
      shippingCents: 0,
      totalCents: 10000,
    });
  });

  it("links a signed-in user's order to the account and uses the account's e-mail", async () => {
    await createUser(shop, `buyer-${kind}`, `buyer-${kind}@example.com`);
    const v = new Visitor(shop, `buyer-${kind}`);
    await v.add(4);
    const res = await v.checkout({ email: "someone.else@example.com", userId: "not-me" });
    expect(res.status).toBe(200);
    expect(await orderBySession(res.body.url)).toMatchObject({
      userId: `buyer-${kind}`,
      email: `buyer-${kind}@example.com`,
    });
  });

  describe("the sandbox page", () => {
    it("sends the shopper back to the success page in the checkout page's language (decision 049)", async () => {
      const v = await guestWithCart();
      const { body } = await v.checkout({ locale: "es" });
      expect(body.url).toMatch(/\/pay\/cs_sandbox_\w+\?lang=es$/);
      const sessionId = sessionIdOf(body.url);
      const result = await payWithSandboxCard(shopDeps(shop.services), sessionId, card);
      expect(result).toEqual({ kind: "paid", redirectTo: `/es/success?session_id=${sessionId}` });
    });

    it("a checkout in Spanish: the order and its subscription keep the language, the confirmation is in Spanish", async () => {
      const v = await guestWithCart();
      const { body } = await v.checkout({ locale: "es" });
      await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(body.url), card);
      const order = await orderBySession(body.url);
      expect(order.locale).toBe("es");
      const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
      expect(sub?.locale).toBe("es");
      const [mail] = await db()
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `order-confirmation:${order.id}`));
      expect(mail?.subject).toBe(`Tu pedido de MANA ${order.orderNumber} está confirmado`);
      expect(mail?.text).toContain("Gracias por tu pedido.");
      expect(mail?.text).toContain(`Número de pedido: ${order.orderNumber}`);
      expect(mail?.text).toContain("1x Total Restore (suscripción mensual, 15% de descuento): $34.00");
      expect(mail?.text).toContain("Envío a:");
      expect(mail?.text).toContain(`/es/account/orders/${order.orderNumber}`);
      expect(mail?.text).not.toMatch(/Thank you|Order number|Shipping to|View your order/);
      expect(mail?.html).toContain('<html lang="es">');
    });

    it("4242... pays: processing, cart emptied, one e-mail, subscriptions; paying again changes nothing", async () => {
      const v = await guestWithCart();
      const { body } = await v.checkout();
      const sessionId = sessionIdOf(body.url);
      const result = await payWithSandboxCard(shopDeps(shop.services), sessionId, card);
      expect(result).toEqual({ kind: "paid", redirectTo: `/success?session_id=${sessionId}` });
      const order = await orderBySession(body.url);
      expect(order.status).toBe("processing");
      expect(order.paidAt).not.toBeNull();
      expect(await v.cartItems()).toEqual([]);
      const mails = await db()
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `order-confirmation:${order.id}`));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toBe("guest@example.com");
      expect(mails[0]?.subject).toContain(order.orderNumber);
      expect(mails[0]?.text).toContain("1x Korean Ginseng: $30.00");
      expect(mails[0]?.text).toContain("1x Total Restore (monthly subscription, 15% off): $34.00");
      expect(mails[0]?.text).toContain("Total: $69.95");
      expect(mails[0]?.text).toContain("2-3 business days");
      const subs = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
      expect(subs).toHaveLength(1);
      expect(subs[0]).toMatchObject({
        productName: "Total Restore",
        amountCents: 3400,
        interval: "month",
        status: "active",
      });
      const next = subs[0]?.nextBillingDate as Date;
      const paid = order.paidAt as Date;
      const expectedNext = new Date(paid);
      expectedNext.setUTCMonth(expectedNext.getUTCMonth() + 1);
      expect(Math.abs(next.getTime() - expectedNext.getTime())).toBeLessThan(4 * 86_400_000);
      expect(next.getTime()).toBeGreaterThan(paid.getTime() + 27 * 86_400_000);

      // Paying the same session again: no second effect.
      await v.add(3);
      expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
        kind: "paid",
      });
      expect(await v.cartItems()).toHaveLength(1);
      expect(await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id))).toHaveLength(
        1,
      );
      expect(
        await db()
          .select()
          .from(outbox)
          .where(eq(outbox.dedupeKey, `order-confirmation:${order.id}`)),
      ).toHaveLength(1);
    });

    it("declines 4000 0000 0000 0002 and refuses other numbers; the order stays pending and the cart intact", async () => {
      const v = await guestWithCart();
      const { body } = await v.checkout();
      const sessionId = sessionIdOf(body.url);
      expect(
        await payWithSandboxCard(shopDeps(shop.services), sessionId, {
          ...card,
          cardNumber: "4000 0000 0000 0002",
        }),
      ).toMatchObject({
        kind: "declined",
        message: expect.stringContaining("declined"),
      });
      expect(
        await payWithSandboxCard(shopDeps(shop.services), sessionId, {
          ...card,
          cardNumber: "5555 5555 5555 4444",
        }),
      ).toMatchObject({
        kind: "invalid",
        fieldErrors: { cardNumber: expect.stringContaining("not a test card") },
      });
      expect(
        await payWithSandboxCard(shopDeps(shop.services), sessionId, {
          ...card,
          expiry: "01 / 20",
          cvc: "1",
          name: " ",
        }),
      ).toMatchObject({
        kind: "invalid",
        fieldErrors: { expiry: expect.any(String), cvc: expect.any(String), name: expect.any(String) },
      });
      expect((await orderBySession(body.url)).status).toBe("pending");
      expect(await v.cartItems()).toHaveLength(2);
    });

    it("takes the expiry as the form or a form without JavaScript sends it: 12 / 40, 12/2040, 1240", async () => {
      for (const expiry of ["12 / 40", "12/2040", "1240"]) {
        const v = await guestWithCart();
        const { body } = await v.checkout();
        expect(
          await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(body.url), { ...card, expiry }),
        ).toMatchObject({
          kind: "paid",
        });
      }
    });

    it("knows nothing of forged or unknown session ids", async () => {
      expect(await loadSandboxSession(shopDeps(shop.services), "cs_sandbox_forged")).toBeNull();
      expect(
        await payWithSandboxCard(shopDeps(shop.services), `cs_sandbox_${"A".repeat(32)}`, card),
      ).toBeNull();
    });

    it("ten confirmations of one session at once make exactly one paid transition", async () => {
      const v = await guestWithCart();
      const { body } = await v.checkout();
      const sessionId = sessionIdOf(body.url);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => payWithSandboxCard(shopDeps(shop.services), sessionId, card)),
      );
      expect(results.every((r) => r?.kind === "paid")).toBe(true);
      const order = await orderBySession(body.url);
      expect(order.status).toBe("processing");
      expect(await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id))).toHaveLength(
        1,
      );
      expect(
        await db()
          .select()
          .from(outbox)
          .where(eq(outbox.dedupeKey, `order-confirmation:${order.id}`)),
      ).toHaveLength(1);
    });
  });

  describe("the spec's call, without a shipping address", () => {
    /**
     * POST /api/checkout/create-session as the product spec's client sends it: no address; with the renewal
     * consent its subscription line needs (decision 042).
     */
    async function specCheckout(v: Visitor) {
      return v.call("POST", "/api/checkout/create-session", {
        email: "spec.client@example.com",
        userId: null,
        cartItems: (await v.cartItems()).map(({ bundleId: _b, ...line }) => line),
        acceptRenewal: true,
      });
    }

    it("answers 200 with the payment page's url; the pending order waits for its address", async () => {
      const v = await guestWithCart();
      const res = await specCheckout(v);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(["url"]);
      expect(res.body.url).toMatch(/^http:\/\/localhost\/pay\/cs_sandbox_[A-Za-z0-9]{32}$/);
      expect(await orderBySession(res.body.url)).toMatchObject({
        status: "pending",
        shippingAddress: null,
        totalCents: 6995,
      });
    });

    it("the sandbox page takes the address with the payment: the order and its subscription ship there", async () => {
      const v = await guestWithCart();
      const { body } = await specCheckout(v);
      const sessionId = sessionIdOf(body.url);
      const typed = { ...TEST_ADDRESS, fullName: "Pat Payer", postalCode: "62704", phone: "+1 217 555 0100" };
      const result = await payWithSandboxCard(shopDeps(shop.services), sessionId, { ...card, ...typed });
      expect(result).toEqual({ kind: "paid", redirectTo: `/success?session_id=${sessionId}` });
      const order = await orderBySession(body.url);
      const expected = { ...typed, line2: null };
      expect(order).toMatchObject({ status: "processing", shippingAddress: expected });
      const subs = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
      expect(subs.map((s) => s.shippingAddress)).toEqual([expected]);
      const [mail] = await db()
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `order-confirmation:${order.id}`));
      expect(mail?.text).toContain("Pat Payer");
    });

    it("the sandbox page refuses to pay without a valid address, with a message beside each field", async () => {
      const v = await guestWithCart();
      const { body } = await specCheckout(v);
      const sessionId = sessionIdOf(body.url);
      expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
        kind: "invalid",
        fieldErrors: {},
        addressErrors: { fullName: "Full name is required", line1: "Address is required" },
      });
      expect(
        await payWithSandboxCard(shopDeps(shop.services), sessionId, {
          ...card,
          ...TEST_ADDRESS,
          country: "FR",
          cvc: "1",
        }),
      ).toMatchObject({
        kind: "invalid",
        fieldErrors: { cvc: expect.any(String) },
        addressErrors: { country: expect.stringContaining("We don't ship to France") },
      });
      const order = await orderBySession(body.url);
      expect(order).toMatchObject({ status: "pending", shippingAddress: null });
      expect(await v.cartItems()).toHaveLength(2);
    });

    it("an order that has its address pays without one on the sandbox page, and keeps its own", async () => {
      const v = await guestWithCart();
      const { body } = await v.checkout();
      const sessionId = sessionIdOf(body.url);
      const other = { ...TEST_ADDRESS, fullName: "Someone Else" };
      expect(
        await payWithSandboxCard(shopDeps(shop.services), sessionId, { ...card, ...other }),
      ).toMatchObject({
        kind: "paid",
      });
      expect((await orderBySession(body.url)).shippingAddress).toMatchObject({ fullName: "Sam Shopper" });
    });
  });
});

describe.each(testDatabases)("the spec's checkout call on Stripe on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  const db = () => shop.services.database.db;
  useStripeShop(kind, (started) => ({ shop, standIn } = started));

  /**
   * A guest's cart checked out with the spec's payload (no address), with `extra` fields (a `currency`);
   * the session as Stripe holds it.
   */
  async function specCheckout(extra: Record<string, unknown> = {}) {
    const v = new Visitor(shop);
    await v.add(1, 1, false);
    await v.add(2, 1, true);
    const res = await v.call("POST", "/api/checkout/create-session", {
      email: "spec.client@example.com",
      userId: null,
      cartItems: (await v.cartItems()).map(({ bundleId: _b, ...line }) => line),
      acceptRenewal: true,
      ...extra,
    });
    expect(res.status).toBe(200);
    const { sessionId, order } = await pendingOrderOf(shop, res.body.url);
    return { v, sessionId, order };
  }

  /** Stripe's signed checkout.session.completed for the session as the stand-in holds it now. */
  async function deliverCompleted(sessionId: string) {
    const session = standIn.sessions.get(sessionId) ?? {};
    return postEvent(
      shop,
      stripeEvent("checkout.session.completed", {
        ...session,
        payment_status: "paid",
        status: "complete",
        payment_intent: `pi_${sessionId.slice(-12)}`,
      }),
    );
  }

  const shipped = {
    name: "Casey Collected",
    address: {
      line1: "500 Howe St",
      line2: "Suite 3",
      city: "Vancouver",
      state: "BC",
      postal_code: "v6c2t6",
      country: "CA",
    },
  };

  // Decision 051: an address collected there is in the order's currency, so a US dollar order collects
  // only the US (Canada's orders are in Canadian dollars; the demo ships to no country outside a market).
  it("asks Stripe Checkout to collect the address in the countries shipped to in the order's currency", async () => {
    const { order } = await specCheckout();
    expect(order.currency).toBe("usd");
    const [call] = standIn.sessionRequests().slice(-1);
    expect(call?.params.metadata).toMatchObject({ orderId: order.id });
    expect(call?.params.shipping_address_collection).toEqual({ allowed_countries: { "0": "US" } });
    expect(call?.params.payment_intent_data).not.toHaveProperty("shipping");
  });

  it("a call with currency CAD is a CAD session that collects only Canada", async () => {
    const { order, sessionId } = await specCheckout({ currency: "CAD" });
    expect(order.currency).toBe("cad");
    expect(standIn.sessions.get(sessionId)).toMatchObject({ currency: "cad" });
    const [call] = standIn.sessionRequests().slice(-1);
    expect(call?.params.shipping_address_collection).toEqual({ allowed_countries: { "0": "CA" } });
  });

  it("the completed session's shipping details become the order's and its subscription's address", async () => {
    // A Canadian address is collected for a CAD order (decision 051: it was a US dollar one before).
    const { sessionId, order } = await specCheckout({ currency: "CAD" });
    standIn.collectShipping(sessionId, shipped, "+1 604 555 0100");
    expect(await deliverCompleted(sessionId)).toEqual({
      status: 200,
      body: { received: true, outcome: "paid" },
    });
    const expected = {
      fullName: "Casey Collected",
      line1: "500 Howe St",
      line2: "Suite 3",
      city: "Vancouver",
      region: "BC",
      postalCode: "V6C 2T6",
      country: "CA",
      phone: "+1 604 555 0100",
    };
    const [paid] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ status: "processing", shippingAddress: expected });
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    expect(subs.map((s) => s.shippingAddress)).toEqual([expected]);
  });

  it("an address the shop cannot ship to leaves the order pending and flagged, never paid without one", async () => {
    const { sessionId, order } = await specCheckout();
    standIn.collectShipping(sessionId, { ...shipped, address: { ...shipped.address, country: "FR" } });
    expect((await deliverCompleted(sessionId)).body).toEqual({ received: true, outcome: "address_refused" });
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: "pending", shippingAddress: null });
    const flagged = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, "address_refused")));
    expect(flagged).toHaveLength(1);
  });
});
