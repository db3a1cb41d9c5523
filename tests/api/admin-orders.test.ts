import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAudit, orders, refunds } from "../../server/db/schema.ts";
import { deliver as deliverSigned, inProcess, WEBHOOK_SECRET } from "../reliability/support/stripe-events.ts";
import { StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { mails, type OrderRow, paidSandboxOrder, people } from "./admin-fixtures.ts";
import { headerIdentity, Visitor } from "./checkout-visitor.ts";

/** Every /api/admin/orders route, and whether staff may use it. */
const ROUTES = (number: string) =>
  [
    ["GET", "/api/admin/orders", undefined, true],
    ["GET", `/api/admin/orders/${number}`, undefined, true],
    ["POST", `/api/admin/orders/${number}/refund`, { amountCents: 100, reason: "test" }, false],
  ] as const;

describe.each(testDatabases)("the dashboard's orders on %s (sandbox payments)", (kind) => {
  let shop: TestShop;
  let who: Awaited<ReturnType<typeof people>>;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    who = await people(shop);
  });
  afterAll(() => shop.close());

  it("checks the role on every orders route: 401 signed out, 403 customer, staff without refunds, admin", async () => {
    const order = await paidSandboxOrder(shop, new Visitor(shop), [[1, 1]]);
    for (const [method, path, body, staff] of [
      ...ROUTES(order.orderNumber),
      ["POST", `/api/admin/orders/${order.orderNumber}/deliver`, undefined, true] as const,
    ]) {
      expect((await new Visitor(shop).call(method, path, body)).status, path).toBe(401);
      expect((await who.customer.call(method, path, body)).status, path).toBe(403);
      const asStaff = await who.staff.call(method, path, body);
      expect(asStaff.status === 403, `${path} staff ${asStaff.status}`).toBe(!staff);
    }
    // Staff can ship, but a cancellation that refunds is the admin's.
    const refunding = await who.staff.call("POST", `/api/admin/orders/${order.orderNumber}/cancel`, {
      refund: true,
    });
    expect(refunding.status).toBe(403);
    expect((await who.admin.call("GET", `/api/admin/orders/${order.orderNumber}`)).status).toBe(200);
  });

  it("lists orders newest first with search by number, e-mail and name, status and date filters, and pages", async () => {
    const a = await paidSandboxOrder(shop, new Visitor(shop), [[2, 1]]);
    const list = (q: string) => who.staff.call("GET", `/api/admin/orders?${q}`);
    expect(
      (await list(`q=${a.orderNumber.toLowerCase()}`)).body.orders.map(
        (o: { orderNumber: string }) => o.orderNumber,
      ),
    ).toEqual([a.orderNumber]);
    expect((await list(`q=${encodeURIComponent(a.email.toUpperCase())}`)).body.orders).toHaveLength(1);
    const byName = (await list("q=Sam%20Shopper")).body;
    expect(byName.total).toBeGreaterThan(0);
    expect((await list("q=100%25")).body.total).toBe(0);
    const processing = (await list("status=processing")).body;
    expect(processing.orders.every((o: { status: string }) => o.status === "processing")).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).body.total).toBe((await list("")).body.total);
    expect((await list("from=2001-01-01&to=2001-01-02")).body).toMatchObject({ total: 0, page: 1, pages: 1 });
    expect((await list("status=lost")).status).toBe(400);
    expect((await list("from=2026-02-30")).status).toBe(400);
    expect((await list("page=0")).status).toBe(400);
    expect((await who.staff.call("GET", "/api/admin/orders/NOPE-1")).status).toBe(404);
  });

  it("ships with carrier and tracking (the customer sees it and is e-mailed once), delivers, and audits each move", async () => {
    const buyer = new Visitor(shop);
    const order = await paidSandboxOrder(shop, buyer, [[3, 1]]);
    const path = `/api/admin/orders/${order.orderNumber}`;
    expect((await who.staff.call("POST", `${path}/ship`, { carrier: "UPS" })).status).toBe(400);
    expect(
      (await who.staff.call("POST", `${path}/ship`, { carrier: "Owl", trackingCode: "X1" })).status,
    ).toBe(409);
    expect((await who.staff.call("POST", `${path}/deliver`)).status).toBe(409);
    const shipped = await who.staff.call("POST", `${path}/ship`, { carrier: "ups", trackingCode: "1Z999" });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: "shipped", carrier: "UPS", trackingCode: "1Z999" });
    expect(shipped.body.trackingUrl).toContain("1Z999");
    expect(await mails(shop, order.email, "has shipped")).toBe(1);
    const view = await buyer.call(
      "GET",
      `/api/orders/${order.orderNumber}?email=${encodeURIComponent(order.email)}`,
    );
    if (view.status === 200) expect(JSON.stringify(view.body)).toContain("1Z999");
    const delivered = await who.admin.call("POST", `${path}/deliver`);
    expect(delivered.body.status).toBe("delivered");
    expect(delivered.body.timeline.map((t: { type: string }) => t.type)).toEqual([
      "placed",
      "paid",
      "shipped",
      "delivered",
    ]);
    expect(delivered.body.audit.map((a: { action: string; actor: string }) => [a.action, a.actor])).toEqual([
      ["order.delivered", `${who.admin.userId}@example.com`],
      ["order.shipped", `${who.staff.userId}@example.com`],
    ]);
    expect(delivered.body.audit[1]).toMatchObject({
      before: { status: "processing" },
      after: { status: "shipped", trackingCode: "1Z999" },
    });
  });

  it("refunds part, then the rest, never more than was paid, with an e-mail per refund and an audit row each", async () => {
    const order = await paidSandboxOrder(shop, new Visitor(shop), [[1, 2]]);
    const path = `/api/admin/orders/${order.orderNumber}/refund`;
    const half = Math.floor(order.totalCents / 2);
    for (const bad of [
      { amountCents: 0, reason: "x" },
      { amountCents: 1.5, reason: "x" },
      { amountCents: 100, reason: " " },
      {},
    ])
      expect((await who.admin.call("POST", path, bad)).status, JSON.stringify(bad)).toBe(400);
    const first = await who.admin.call("POST", path, { amountCents: half, reason: "Damaged jar" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ refundedCents: half, refundableCents: order.totalCents - half });
    expect(first.body.refunds).toEqual([
      expect.objectContaining({ amountCents: half, status: "succeeded", reason: "Damaged jar" }),
    ]);
    expect(first.body.timeline.at(-1)).toMatchObject({ type: "refunded", detail: { amountCents: half } });
    expect(await mails(shop, order.email, "We refunded")).toBe(1);
    const tooMuch = await who.admin.call("POST", path, {
      amountCents: order.totalCents - half + 1,
      reason: "More",
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error ?? tooMuch.body.message).toMatch(/at most/);
    const rest = await who.admin.call("POST", path, { amountCents: order.totalCents - half, reason: "Rest" });
    expect(rest.body).toMatchObject({ refundedCents: order.totalCents, refundableCents: 0 });
    expect((await who.admin.call("POST", path, { amountCents: 1, reason: "Again" })).status).toBe(409);
    expect(await mails(shop, order.email, "We refunded")).toBe(2);
    const trail = await shop.services.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, order.id), eq(adminAudit.action, "order.refund")));
    expect(trail).toHaveLength(2);
  });

  it("ten concurrent refunds of 30% each: three go through, the rest are refused, nothing above what was paid", async () => {
    const order = await paidSandboxOrder(shop, new Visitor(shop), [[4, 1]]);
    const part = Math.floor(order.totalCents * 0.3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        who.admin.call("POST", `/api/admin/orders/${order.orderNumber}/refund`, {
          amountCents: part,
          reason: `Try ${i}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    const rows = await shop.services.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.reduce((n, r) => n + r.amountCents, 0)).toBe(3 * part);
    const [after] = await shop.services.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.refundedCents).toBe(3 * part);
  });

  it("cancels a paid order with a full refund, once; a never-paid order has nothing to refund", async () => {
    const order = await paidSandboxOrder(shop, new Visitor(shop), [[2, 1]]);
    const path = `/api/admin/orders/${order.orderNumber}/cancel`;
    const cancelled = await who.admin.call("POST", path, { refund: true, reason: "Customer asked" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: "cancelled",
      refundedCents: order.totalCents,
      refundableCents: 0,
    });
    expect(await mails(shop, order.email, "was cancelled")).toBe(1);
    const again = await who.admin.call("POST", path, { refund: true });
    expect(again.status).toBe(409);
    const rows = await shop.services.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toHaveLength(1);

    const shipped = await paidSandboxOrder(shop, new Visitor(shop), [[1, 1]]);
    await who.staff.call("POST", `/api/admin/orders/${shipped.orderNumber}/ship`, {
      carrier: "USPS",
      trackingCode: "9400",
    });
    await who.staff.call("POST", `/api/admin/orders/${shipped.orderNumber}/deliver`);
    // A delivered order cannot be cancelled: nothing is refunded on the way to that refusal.
    expect(
      (await who.admin.call("POST", `/api/admin/orders/${shipped.orderNumber}/cancel`, { refund: true }))
        .status,
    ).toBe(409);
    expect(
      await shop.services.database.db.select().from(refunds).where(eq(refunds.orderId, shipped.id)),
    ).toHaveLength(0);
  });
});

describe.each(testDatabases)("refunds through Stripe on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  let admin: Visitor;
  beforeAll(async () => {
    standIn = await new StripeStandIn().start();
    shop = await createTestShop(kind, {
      env: standIn.env(WEBHOOK_SECRET),
      identity: headerIdentity(() => shop),
    });
    admin = (await people(shop)).admin;
  });
  afterAll(async () => {
    await shop.close();
    await standIn.stop();
  });

  const event = (type: string, object: Record<string, unknown>) => ({
    id: `evt_${randomBytes(8).toString("hex")}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });

  /** A paid Stripe order: the checkout session, Stripe's payment intent, and the verified completion. */
  async function paidStripeOrder(): Promise<{ order: OrderRow; paymentIntent: string }> {
    const buyer = new Visitor(shop);
    expect((await buyer.add(1, 1)).status).toBe(201);
    const { body } = await buyer.checkout({ email: `s-${randomBytes(3).toString("hex")}@example.com` });
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    const session = standIn.sessions.get(sessionId) as Record<string, unknown>;
    const paymentIntent = `pi_${randomBytes(8).toString("hex")}`;
    standIn.payments.set(paymentIntent, Number(session.amount_total));
    const completed = event("checkout.session.completed", {
      ...session,
      payment_status: "paid",
      status: "complete",
      payment_intent: paymentIntent,
    });
    expect(await deliverSigned(inProcess(shop), completed)).toBe(200);
    const [order] = await shop.services.database.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    expect(order).toMatchObject({ status: "processing", providerPaymentId: paymentIntent });
    return { order: order as OrderRow, paymentIntent };
  }

  it("asks Stripe for the refund with the refund's id as idempotency key; charge.refunded records it once", async () => {
    const { order, paymentIntent } = await paidStripeOrder();
    const half = Math.floor(order.totalCents / 2);
    const refunded = await admin.call("POST", `/api/admin/orders/${order.orderNumber}/refund`, {
      amountCents: half,
      reason: "Late",
    });
    expect(refunded.status).toBe(200);
    const call = standIn.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST").at(-1);
    expect(call?.params).toMatchObject({ payment_intent: paymentIntent, amount: String(half) });
    expect(call?.idempotencyKey).toBe(`mana-refund:${refunded.body.refunds[0].id}`);
    expect(refunded.body).toMatchObject({ refundedCents: half });
    // Stripe's event for the same refund changes nothing more; one made in Stripe's dashboard is added.
    const charge = {
      id: `ch_${randomBytes(6).toString("hex")}`,
      object: "charge",
      payment_intent: paymentIntent,
      amount_refunded: half,
    };
    expect(await deliverSigned(inProcess(shop), event("charge.refunded", charge))).toBe(200);
    standIn.addRefund(paymentIntent, 100);
    const again = event("charge.refunded", { ...charge, amount_refunded: half + 100 });
    expect(await deliverSigned(inProcess(shop), again)).toBe(200);
    expect(await deliverSigned(inProcess(shop), again)).toBe(200);
    const detail = (await admin.call("GET", `/api/admin/orders/${order.orderNumber}`)).body;
    expect(detail.refundedCents).toBe(half + 100);
    expect(
      detail.refunds.map((r: { actor: string; amountCents: number }) => [r.actor, r.amountCents]),
    ).toEqual([
      [`${admin.userId}@example.com`, half],
      ["provider", 100],
    ]);
    expect(detail.timeline.filter((t: { type: string }) => t.type === "refunded")).toHaveLength(2);
    expect(await mails(shop, order.email, "We refunded")).toBe(2);
  });

  it("Stripe down: 502, the refund is marked failed and does not count against what may be refunded", async () => {
    const { order } = await paidStripeOrder();
    standIn.faults.push("500", "500", "500");
    const down = await admin.call("POST", `/api/admin/orders/${order.orderNumber}/refund`, {
      amountCents: order.totalCents,
      reason: "Down",
    });
    expect(down.status).toBe(502);
    standIn.faults.length = 0;
    const detail = (await admin.call("GET", `/api/admin/orders/${order.orderNumber}`)).body;
    expect(detail).toMatchObject({ refundedCents: 0, refundableCents: order.totalCents });
    expect(detail.refunds).toEqual([expect.objectContaining({ status: "failed" })]);
    const retried = await admin.call("POST", `/api/admin/orders/${order.orderNumber}/refund`, {
      amountCents: order.totalCents,
      reason: "Back",
    });
    expect(retried.body).toMatchObject({ refundedCents: order.totalCents });
  });
});
