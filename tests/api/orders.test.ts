import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import { orderEvents, orders, outbox, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { fulfilOrder } from "../../server/orders/fulfil-order.ts";
import { orderShippedEmail } from "../../server/orders/fulfilment-emails.ts";
import { moveOrder } from "../../server/orders/move-order.ts";
import { loadOrderLines } from "../../server/orders/order-rows.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { createTestShop, freshDatabase, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

const card = { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", name: "A Buyer" };

describe.each(testDatabases)("orders and subscriptions API on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    await createUser(shop, "alice", "alice@example.com");
    await createUser(shop, "bob", "bob@example.com");
  });
  afterAll(() => shop.close());

  /** A checkout by the user, paid on the sandbox page: the order as stored. */
  async function buy(
    userId: string,
    lines: [number, number, boolean, string?][],
    beforePaying?: (orderId: string) => Promise<void>,
  ) {
    const v = new Visitor(shop, userId);
    for (const [id, qty, sub, bundle] of lines) expect((await v.add(id, qty, sub, bundle)).status).toBe(201);
    const { body } = await v.checkout();
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    if (beforePaying) {
      const [pending] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
      await beforePaying(pending?.id as string);
    }
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
      kind: "paid",
    });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    return order as typeof orders.$inferSelect;
  }

  const eventsOf = async (orderId: string) =>
    (
      await db()
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.createdAt))
    ).map((e) => ({ type: e.type, detail: e.detail, at: e.createdAt }));
  const orderNow = async (id: string) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0] as typeof orders.$inferSelect;
  const mailOf = async (key: string) =>
    (await db().select().from(outbox).where(eq(outbox.dedupeKey, key)))[0];
  const owner = () => ({ db: db(), mailer: shop.services.mailer, origin: "https://shop.example" });

  it("answers 401 with a JSON message when nobody is signed in", async () => {
    for (const path of [
      "/api/orders",
      "/api/subscriptions",
      "/api/orders/00000000-0000-4000-8000-000000000000",
    ]) {
      const res = await new Visitor(shop).call("GET", path);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: "unauthorized", message: expect.any(String) });
    }
  });

  it("lists the user's own paid orders, newest first, in both of the API's shapes", async () => {
    const first = await buy("alice", [[1, 2, false]]);
    const second = await buy("alice", [
      [2, 1, true],
      [3, 1, false],
    ]);
    await buy("bob", [[4, 1, false]]);
    // An unpaid checkout is not an order the customer placed.
    const pending = new Visitor(shop, "alice");
    await pending.add(4);
    await pending.checkout();

    const res = await new Visitor(shop, "alice").call("GET", "/api/orders");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      second.orderNumber,
      first.orderNumber,
    ]);
    expect(res.body[0]).toEqual({
      id: second.id,
      orderNumber: second.orderNumber,
      date: second.createdAt.toISOString(),
      createdAt: second.createdAt.toISOString(),
      status: "processing",
      items: [
        {
          productId: 2,
          productName: "Total Restore",
          quantity: 1,
          price: "34.00",
          isSubscription: true,
          bundleId: null,
          unitCents: 4000,
          discountPercent: 15,
          subscriptionDiscountCents: 600,
          lineCents: 3400,
        },
        {
          productId: 3,
          productName: "Ashwagandha",
          quantity: 1,
          price: "30.00",
          isSubscription: false,
          bundleId: null,
          unitCents: 3000,
          discountPercent: 0,
          subscriptionDiscountCents: 0,
          lineCents: 3000,
        },
      ],
      total: 69.95,
      totalAmount: "69.95",
      // Every amount above and below is in the order's currency (decision 051).
      currency: "USD",
      trackingCode: null,
      isRenewal: false,
      carrier: null,
      trackingUrl: null,
      totals: {
        currency: "USD",
        subtotalCents: 6400,
        subscriptionSavingsCents: 600,
        bundleSavingsCents: 0,
        // No discount code, no gift card bought, nothing paid by gift cards, credit or points.
        codeDiscountCents: 0,
        discountCode: null,
        giftCardCents: 0,
        shippingCents: 595,
        taxCents: 0,
        // An order without tax lines (TEST_ADDRESS is outside the shop's home states).
        taxLines: [],
        totalCents: 6995,
        tenderedCents: 0,
        refundedCents: 0,
      },
      payment: { state: "paid", paidAt: (second.paidAt as Date).toISOString(), refundedCents: 0 },
      // The checkout's address (TEST_ADDRESS), as the order keeps it: empty optional fields are null.
      shippingAddress: { ...TEST_ADDRESS, line2: null, phone: null },
      timeline: [
        { type: "placed", at: expect.any(String) },
        { type: "paid", at: (second.paidAt as Date).toISOString() },
      ],
    });
    expect(res.body[1]).toMatchObject({
      total: 65.95,
      totalAmount: "65.95",
      items: [{ productName: "Korean Ginseng", quantity: 2, price: "60.00" }],
    });
  });

  it("never returns another user's orders or subscriptions; another user's order by id is 404", async () => {
    const bobs = await buy("bob", [[1, 1, true]]);
    const alice = new Visitor(shop, "alice");
    const list = await alice.call("GET", "/api/orders");
    expect(list.body.some((o: { id: string }) => o.id === bobs.id)).toBe(false);
    expect((await alice.call("GET", `/api/orders/${bobs.id}`)).status).toBe(404);
    expect((await alice.call("GET", `/api/orders/${bobs.orderNumber}`)).status).toBe(404);
    expect((await alice.call("GET", "/api/orders/not-a-uuid")).status).toBe(404);
    expect((await alice.call("GET", "/api/orders/MANA-NOPE2345")).status).toBe(404);
    expect(
      (await new Visitor(shop, "bob").call("GET", `/api/orders/${bobs.orderNumber}`)).body,
    ).toMatchObject({
      orderNumber: bobs.orderNumber,
    });
    expect((await new Visitor(shop, "bob").call("GET", `/api/orders/${bobs.id}`)).body).toMatchObject({
      orderNumber: bobs.orderNumber,
    });
    const subs = await alice.call("GET", "/api/subscriptions");
    const bobSubs = await db().select().from(subscriptions).where(eq(subscriptions.orderId, bobs.id));
    expect(subs.body.some((s: { id: string }) => s.id === bobSubs[0]?.id)).toBe(false);
  });

  it("lists subscriptions with the API's fields", async () => {
    const res = await new Visitor(shop, "alice").call("GET", "/api/subscriptions");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      productId: 2,
      productName: "Total Restore",
      amount: "34.00",
      // The currency it was bought in and renews in (decision 051).
      currency: "USD",
      // Illinois, outside the shop's home states: its renewals add no tax (decision 050).
      plusTax: false,
      interval: "month",
      intervalMonths: 1,
      quantity: 1,
      bundleId: "",
      status: "active",
      nextBillingDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      pausedUntil: null,
      endsAt: null,
      // No price change announced for it (decision 043).
      pendingAmount: null,
      pendingFrom: null,
      // Bought without a discount code carried into renewals.
      discountLine: null,
      discount: null,
      shippingAddress: expect.objectContaining({ city: "Springfield", country: "US" }),
      cardLabel: "Visa ending 4242",
      actions: [
        "pause",
        "skip",
        "frequency",
        "quantity",
        "swap",
        "next-date",
        "cancel",
        "address",
        "payment-method",
      ],
    });
  });

  it("moves orders only along the allowed paths, with a clear message otherwise", async () => {
    const order = await buy("alice", [[3, 1, true]]);
    await expect(moveOrder(db(), order.orderNumber, "delivered")).rejects.toThrow(
      `Order ${order.orderNumber} is processing, so it cannot become delivered: it can only become shipped or cancelled.`,
    );
    await expect(moveOrder(db(), order.orderNumber, "shipped")).rejects.toThrow(/needs a tracking code/);
    await expect(moveOrder(db(), order.orderNumber, "shipped", { trackingCode: "1Z999" })).rejects.toThrow(
      `Order ${order.orderNumber} cannot ship: it needs a carrier. Use --carrier with one of: USPS, UPS, FedEx, Canada Post, DHL.`,
    );
    await expect(
      moveOrder(db(), order.orderNumber, "shipped", { carrier: "Pigeon", trackingCode: "1Z999" }),
    ).rejects.toThrow(`"Pigeon" is not a carrier the shop knows. Use --carrier with one of: USPS, UPS`);
    expect(
      await moveOrder(db(), order.orderNumber, "shipped", { carrier: "ups", trackingCode: "1Z999" }),
    ).toMatchObject({
      status: "shipped",
      carrier: "UPS",
      trackingCode: "1Z999",
    });
    await expect(moveOrder(db(), order.orderNumber, "cancelled")).rejects.toThrow(/cannot become cancelled/);
    expect(await moveOrder(db(), order.orderNumber.toLowerCase(), "delivered")).toMatchObject({
      status: "delivered",
    });
    await expect(moveOrder(db(), "MANA-NOPE2345", "shipped")).rejects.toThrow(
      "There is no order MANA-NOPE2345.",
    );
    const listed = await new Visitor(shop, "alice").call("GET", `/api/orders/${order.id}`);
    expect(listed.body).toMatchObject({
      status: "delivered",
      carrier: "UPS",
      trackingCode: "1Z999",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999",
    });
  });

  it("every status change writes its event and date in the same transaction: placed, paid, shipped, delivered", async () => {
    const v = new Visitor(shop, "alice");
    await v.add(1);
    const { body } = await v.checkout();
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    const [pending] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    const id = pending?.id as string;
    expect((await eventsOf(id)).map((e) => [e.type, e.detail])).toEqual([["placed", null]]);
    // The same cart submitted again finds the same pending order: no second "placed".
    await v.checkout();
    expect(await eventsOf(id)).toHaveLength(1);

    await payWithSandboxCard(shopDeps(shop.services), sessionId, card);
    const paid = await orderNow(id);
    const afterPaid = await eventsOf(id);
    expect(afterPaid.map((e) => [e.type, e.detail])).toEqual([
      ["placed", null],
      ["paid", { amountCents: 3595 }],
    ]);
    // now() is the transaction's time: the same instant on the row and its event.
    expect(afterPaid[1]?.at).toEqual(paid.paidAt);

    // A refused move changes nothing and writes no event.
    await expect(fulfilOrder(owner(), paid.orderNumber, "delivered")).rejects.toThrow(
      /cannot become delivered/,
    );
    await expect(
      fulfilOrder(owner(), paid.orderNumber, "shipped", { carrier: "Owl Post", trackingCode: "X1" }),
    ).rejects.toThrow(/not a carrier the shop knows/);
    expect(await eventsOf(id)).toHaveLength(2);
    expect(await orderNow(id)).toMatchObject({ status: "processing", carrier: null, shippedAt: null });

    const shipped = await fulfilOrder(owner(), paid.orderNumber, "shipped", {
      carrier: "Canada Post",
      trackingCode: "CP 123/45",
    });
    expect(shipped.order).toMatchObject({
      status: "shipped",
      carrier: "Canada Post",
      trackingCode: "CP 123/45",
    });
    const delivered = await fulfilOrder(owner(), paid.orderNumber, "delivered");
    const events = await eventsOf(id);
    expect(events.map((e) => [e.type, e.detail])).toEqual([
      ["placed", null],
      ["paid", { amountCents: 3595 }],
      ["shipped", { carrier: "Canada Post", trackingCode: "CP 123/45" }],
      ["delivered", null],
    ]);
    expect(events[2]?.at).toEqual(shipped.order.shippedAt);
    expect(events[3]?.at).toEqual(delivered.order.deliveredAt);

    const view = (await new Visitor(shop, "alice").call("GET", `/api/orders/${paid.orderNumber}`)).body;
    expect(view.timeline).toEqual([
      { type: "placed", at: events[0]?.at.toISOString() },
      { type: "paid", at: events[1]?.at.toISOString() },
      {
        type: "shipped",
        at: events[2]?.at.toISOString(),
        carrier: "Canada Post",
        trackingCode: "CP 123/45",
        trackingUrl:
          "https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=CP%20123%2F45",
      },
      { type: "delivered", at: events[3]?.at.toISOString() },
    ]);
  });

  it("e-mails the customer once per step: shipped (carrier, code, tracking link), delivered, each with a link back", async () => {
    const order = await buy("alice", [[2, 1, false]]);
    const { emailed } = await fulfilOrder(owner(), order.orderNumber, "shipped", {
      carrier: "UPS",
      trackingCode: "1Z999AA10123456784",
    });
    expect(emailed).toBe(true);
    const shipped = await mailOf(`order-shipped:${order.id}`);
    const tracking = "https://www.ups.com/track?tracknum=1Z999AA10123456784";
    const page = `https://shop.example/account/orders/${order.orderNumber}`;
    expect(shipped).toMatchObject({
      to: "alice@example.com",
      subject: `Your MANA order ${order.orderNumber} has shipped`,
    });
    for (const part of [shipped?.text, shipped?.html]) {
      expect(part).toContain(order.orderNumber);
      expect(part).toContain("UPS");
      expect(part).toContain("1Z999AA10123456784");
      expect(part).toContain(tracking);
      expect(part).toContain(page);
      expect(part).toContain("Total Restore");
    }
    expect(shipped?.html).toContain(`href="${tracking}"`);
    expect(shipped?.html).toContain(`href="${page}"`);
    // Sending it again is a no-op: one shipped e-mail per order.
    const again = orderShippedEmail(
      await orderNow(order.id),
      await loadOrderLines(db(), order.id),
      "https://shop.example",
    );
    expect(await shop.services.mailer.send(again)).toBe(false);
    expect(
      await db()
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `order-shipped:${order.id}`)),
    ).toHaveLength(1);

    await fulfilOrder(owner(), order.orderNumber, "delivered");
    const delivered = await mailOf(`order-delivered:${order.id}`);
    expect(delivered?.subject).toBe(`Your MANA order ${order.orderNumber} was delivered`);
    expect(delivered?.text).toContain(page);
    expect(delivered?.html).toContain(`href="${page}"`);
  });

  it("cancelling writes cancelled (and refunded with the amount), e-mails the refund; a never-paid order gets no e-mail", async () => {
    const order = await buy("alice", [[1, 2, false]]);
    await expect(
      fulfilOrder(owner(), order.orderNumber, "cancelled", { refundedCents: order.totalCents + 1 }),
    ).rejects.toThrow("a refund cannot be more than that");
    const { order: cancelled, emailed } = await fulfilOrder(owner(), order.orderNumber, "cancelled", {
      refundedCents: 1000,
    });
    expect(emailed).toBe(true);
    expect(cancelled).toMatchObject({
      status: "cancelled",
      refundedCents: 1000,
      cancelledAt: expect.any(Date),
    });
    const events = await eventsOf(order.id);
    expect(events.map((e) => [e.type, e.detail])).toEqual([
      ["placed", null],
      ["paid", { amountCents: 6595 }],
      ["cancelled", null],
      ["refunded", { amountCents: 1000 }],
    ]);
    expect(events[2]?.at).toEqual(cancelled.cancelledAt);
    const mail = await mailOf(`order-cancelled:${order.id}`);
    expect(mail?.subject).toBe(`Your MANA order ${order.orderNumber} was cancelled`);
    expect(mail?.text).toContain("Refunded: $10.00");
    expect(mail?.html).toContain("$10.00");
    const view = (await new Visitor(shop, "alice").call("GET", `/api/orders/${order.orderNumber}`)).body;
    expect(view.payment).toEqual({
      state: "partially_refunded",
      paidAt: (order.paidAt as Date).toISOString(),
      refundedCents: 1000,
    });
    expect(view.timeline.map((e: { type: string }) => e.type)).toEqual([
      "placed",
      "paid",
      "cancelled",
      "refunded",
    ]);
    expect(view.timeline[3]).toMatchObject({ amountCents: 1000 });

    // A checkout never paid: cancelled without an e-mail, and nothing can be refunded.
    const v = new Visitor(shop, "alice");
    await v.add(4);
    const { body } = await v.checkout();
    const [pending] = await db()
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, new URL(body.url).pathname.split("/").pop() as string));
    const number = pending?.orderNumber as string;
    await expect(fulfilOrder(owner(), number, "cancelled", { refundedCents: 100 })).rejects.toThrow(
      "was never paid, so nothing can be refunded",
    );
    expect((await fulfilOrder(owner(), number, "cancelled")).emailed).toBe(false);
    expect(await mailOf(`order-cancelled:${pending?.id}`)).toBeUndefined();
    expect((await eventsOf(pending?.id as string)).map((e) => e.type)).toEqual(["placed", "cancelled"]);
  });

  it("the confirmation e-mail links to the order and shows its shipping address when it has one", async () => {
    const address = {
      fullName: "Alice Example",
      line1: "1 Main St",
      line2: "Unit 2",
      city: "Springfield",
      region: "IL",
      postalCode: "62701",
      country: "US",
      phone: null,
    };
    const order = await buy("alice", [[3, 1, false]], async (id) => {
      await db().update(orders).set({ shippingAddress: address }).where(eq(orders.id, id));
    });
    const mail = await mailOf(`order-confirmation:${order.id}`);
    const page = `http://localhost:3000/account/orders/${order.orderNumber}`;
    for (const part of [mail?.text, mail?.html]) {
      expect(part).toContain(page);
      expect(part).toContain("Springfield, IL 62701");
      expect(part).toContain("Unit 2");
    }
    expect(mail?.text).toContain("Tax: $0.00");
    const view = (await new Visitor(shop, "alice").call("GET", `/api/orders/${order.orderNumber}`)).body;
    expect(view.shippingAddress).toEqual(address);
  });

  it.each([
    [
      "one-time, flat shipping",
      [[1, 1, false]],
      { subtotalCents: 3000, bundleSavingsCents: 0, shippingCents: 595 },
    ],
    [
      "subscription",
      [
        [2, 1, true],
        [3, 2, true],
      ],
      { subtotalCents: 8500, subscriptionSavingsCents: 1500, shippingCents: 0 },
    ],
    [
      "bundle",
      [
        [1, 1, false, "focus-and-calm"],
        [3, 1, false, "focus-and-calm"],
      ],
      { subtotalCents: 6000, bundleSavingsCents: 900, shippingCents: 0, totalCents: 5100 },
    ],
    ["free shipping over $75", [[4, 3, false]], { subtotalCents: 9000, shippingCents: 0, totalCents: 9000 }],
  ] as [string, [number, number, boolean, string?][], Record<string, number>][])(
    "a %s order's figures sum: subtotal - discounts + shipping + tax = total = what was charged",
    async (_shape, lines, expected) => {
      const order = await buy("alice", lines);
      const view = (await new Visitor(shop, "alice").call("GET", `/api/orders/${order.orderNumber}`)).body;
      const t = view.totals;
      expect(t).toMatchObject(expected);
      expect(t.subtotalCents - t.bundleSavingsCents + t.shippingCents + t.taxCents).toBe(t.totalCents);
      // The charged amount: the order's stored total, the amount the payment reported.
      expect(t.totalCents).toBe(order.totalCents);
      expect(view.totals.totalCents).toBe(order.totalCents);
      expect(view.total).toBe(order.totalCents / 100);
      const paid = (await eventsOf(order.id)).find((e) => e.type === "paid");
      expect(paid?.detail).toEqual({ amountCents: order.totalCents });
      for (const i of view.items)
        expect(i.unitCents * i.quantity - i.subscriptionDiscountCents).toBe(i.lineCents);
      expect(view.items.reduce((sum: number, i: { lineCents: number }) => sum + i.lineCents, 0)).toBe(
        t.subtotalCents,
      );
      expect(
        view.items.reduce(
          (sum: number, i: { subscriptionDiscountCents: number }) => sum + i.subscriptionDiscountCents,
          0,
        ),
      ).toBe(t.subscriptionSavingsCents);
      if (lines.some((l) => l[3]))
        expect(view.items.every((i: { bundleId: string }) => i.bundleId === "focus-and-calm")).toBe(true);
    },
  );

  it("cancelling a paid order cancels its subscriptions", async () => {
    const order = await buy("alice", [[4, 1, true]]);
    await moveOrder(db(), order.orderNumber, "cancelled");
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    expect(subs.map((s) => s.status)).toEqual(["cancelled"]);
  });
});

describe("npm run admin -- orders", () => {
  const run = promisify(execFile);
  it("lists, ships, delivers, and refuses impossible moves with a clear message", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mana-admin-"));
    const database = await openDatabase({ dataDir });
    const { seed } = await import("../../server/db/seed.ts");
    await seed(database.db);
    const [order] = await database.db
      .insert(orders)
      .values({
        orderNumber: "MANA-ADM2N345",
        cartFingerprint: "x",
        email: "cli@example.com",
        status: "processing",
        subtotalCents: 3000,
        totalCents: 3595,
        shippingCents: 595,
        provider: "sandbox",
      })
      .returning();
    await database.close();
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "silent",
      PUBLIC_URL: "",
      PORT: "",
    };
    const admin = (...args: string[]) => run(process.execPath, ["scripts/admin.ts", ...args], { env });

    expect((await admin("orders", "list")).stdout).toMatch(
      /MANA-ADM2N345 .* processing .* \$35\.95 {2}cli@example\.com/,
    );
    const refused = await admin("orders", "deliver", "MANA-ADM2N345").catch((e) => e);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Order MANA-ADM2N345 is processing, so it cannot become delivered");
    const noCarrier = await admin("orders", "ship", "MANA-ADM2N345", "--tracking", "TRACK123").catch(
      (e) => e,
    );
    expect(noCarrier.code).toBe(1);
    expect(noCarrier.stderr).toContain(
      "Shipping needs a carrier (--carrier): use one of USPS, UPS, FedEx, Canada Post, DHL.",
    );
    const unknown = await admin(
      "orders",
      "ship",
      "MANA-ADM2N345",
      "--carrier",
      "Owl Post",
      "--tracking",
      "T1",
    ).catch((e) => e);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      '"Owl Post" is not a carrier the shop knows: use one of USPS, UPS, FedEx, Canada Post, DHL.',
    );
    const shipped = await admin(
      "orders",
      "ship",
      "MANA-ADM2N345",
      "--carrier",
      "ups",
      "--tracking",
      "TRACK123",
    );
    expect(shipped.stdout).toContain("Order MANA-ADM2N345 is now shipped (UPS tracking TRACK123).");
    expect(shipped.stdout).toContain("The customer was e-mailed (cli@example.com).");
    expect((await admin("orders", "deliver", "MANA-ADM2N345")).stdout).toContain("is now delivered");
    const usage = await admin("orders").catch((e) => e);
    expect(usage.stderr).toContain("Usage:");
    expect(order?.orderNumber).toBe("MANA-ADM2N345");

    const after = await openDatabase({ dataDir });
    try {
      const mails = await after.db.select().from(outbox).where(eq(outbox.to, "cli@example.com"));
      expect(mails.map((m) => m.dedupeKey).sort()).toEqual([
        `order-delivered:${order?.id}`,
        `order-shipped:${order?.id}`,
      ]);
      const shippedMail = mails.find((m) => m.dedupeKey?.startsWith("order-shipped"));
      expect(shippedMail?.text).toContain("https://www.ups.com/track?tracknum=TRACK123");
      expect(shippedMail?.text).toContain("http://localhost:3000/account/orders/MANA-ADM2N345");
      const events = await after.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order?.id as string));
      expect(events.map((e) => e.type).sort()).toEqual(["delivered", "shipped"]);
    } finally {
      await after.close();
    }
  }, 180_000);

  // On PostgreSQL the command runs while the shop has the database open (any number of processes share it).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on PostgreSQL ships an order while another process holds the database, and that process sees it",
    async () => {
      const { database, env: dbEnv, drop } = await freshDatabase("postgres");
      try {
        const { seed } = await import("../../server/db/seed.ts");
        await seed(database.db);
        const [order] = await database.db
          .insert(orders)
          .values({
            orderNumber: "MANA-PG2SH1P5",
            cartFingerprint: "x",
            email: "pg@example.com",
            status: "processing",
            subtotalCents: 3000,
            totalCents: 3595,
            shippingCents: 595,
            provider: "sandbox",
            paidAt: new Date(),
          })
          .returning();
        const env = { ...process.env, ...dbEnv, LOG_LEVEL: "silent", PUBLIC_URL: "https://shop.example" };
        const { stdout } = await run(
          process.execPath,
          ["scripts/admin.ts", "orders", "ship", "MANA-PG2SH1P5", "--carrier", "DHL", "--tracking", "JD0146"],
          { env },
        );
        expect(stdout).toContain("Order MANA-PG2SH1P5 is now shipped (DHL tracking JD0146).");
        const [seen] = await database.db
          .select()
          .from(orders)
          .where(eq(orders.id, order?.id as string));
        expect(seen).toMatchObject({ status: "shipped", carrier: "DHL", trackingCode: "JD0146" });
        const [mail] = await database.db
          .select()
          .from(outbox)
          .where(eq(outbox.dedupeKey, `order-shipped:${order?.id}`));
        expect(mail?.text).toContain("https://www.dhl.com/en/express/tracking.html?AWB=JD0146");
        expect(mail?.text).toContain("https://shop.example/account/orders/MANA-PG2SH1P5");
      } finally {
        await database.close();
        await drop();
      }
    },
    120_000,
  );
});
