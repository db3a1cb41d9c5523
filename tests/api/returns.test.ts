import { and, eq, like } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAdminCommand, runAdminCommand } from "../../server/admin/command.ts";
import { orders, outbox, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { mailerFromEnv } from "../../server/mail/mailer.ts";
import { refundOrder } from "../../server/orders/refund-order.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { paidSandboxOrder } from "./admin-fixtures.ts";
import { headerIdentity, newCustomer, PARIS, TEST_ADDRESS, type Visitor } from "./checkout-visitor.ts";

type OrderRow = typeof orders.$inferSelect;
const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The customer's side of returns (docs/decisions/055-returns.md): the 60-day guarantee's and the 14-day
 * withdrawal's windows counted from the delivery the owner records (`orders deliver --as-of`), quantities
 * never above what was delivered (two claims at once included), keep refused for a reason that needs the
 * product back, who may call, the subscription's keep or end, the e-mails in the order's language, the
 * timeline and the data export.
 */
describe.each(testDatabases)("a customer's returns on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  const admin = async (...args: string[]) => {
    const parsed = parseAdminCommand(args);
    if ("refused" in parsed) throw new Error(parsed.refused);
    const result = await runAdminCommand(parsed.command, {
      env: shop.services.env,
      database: shop.services.database,
      mailer: () => mailerFromEnv(shop.services.env, db(), pino({ level: "silent" })),
    });
    expect(result.code, result.err.join("\n")).toBe(0);
  };

  /**
   * A signed-in customer's paid order, shipped, and delivered `deliveredDaysAgo` days ago as the owner
   * records it; `null`: shipped only. A French order is placed from a French page, shipped to Paris in euros.
   */
  async function order(
    buyer: Visitor,
    lines: [productId: number, quantity: number, isSubscription?: boolean][],
    deliveredDaysAgo: number | null,
    where: "us" | "fr" = "us",
  ): Promise<OrderRow> {
    const row = await paidSandboxOrder(
      shop,
      buyer,
      lines,
      `${buyer.userId}@example.com`,
      where === "fr"
        ? { shippingAddress: PARIS, currency: "EUR", locale: "fr" }
        : { shippingAddress: TEST_ADDRESS },
    );
    await admin("orders", "ship", row.orderNumber, "--carrier", "UPS", "--tracking", "1Z1");
    if (deliveredDaysAgo !== null) {
      // Shipped before the day it is delivered on (the command refuses a delivery before the shipment).
      await db()
        .update(orders)
        .set({ shippedAt: new Date(Date.now() - (deliveredDaysAgo + 3) * DAY) })
        .where(eq(orders.id, row.id));
      const day = dayOf(new Date(Date.now() - deliveredDaysAgo * DAY));
      await admin("orders", "deliver", row.orderNumber, "--as-of", day);
    }
    const [after] = await db().select().from(orders).where(eq(orders.id, row.id));
    return after as OrderRow;
  }

  const returnsOf = (buyer: Visitor, o: OrderRow) =>
    buyer.call("GET", `/api/orders/${o.orderNumber}/returns`);
  const claim = (buyer: Visitor, o: OrderRow, body: Record<string, unknown>) =>
    buyer.call("POST", `/api/orders/${o.orderNumber.toLowerCase()}/returns`, body);
  const lineIds = async (buyer: Visitor, o: OrderRow) =>
    (await returnsOf(buyer, o)).body.lines.map((l: { lineId: string }) => l.lineId) as string[];
  const claimOne = async (buyer: Visitor, o: OrderRow, extra: Record<string, unknown> = {}) => {
    const [lineId] = await lineIds(buyer, o);
    return claim(buyer, o, { lines: [{ lineId, quantity: 1 }], reason: "side_effect", keep: true, ...extra });
  };
  const mailsTo = async (to: string, subject: string) =>
    (
      await db()
        .select({ subject: outbox.subject, text: outbox.text })
        .from(outbox)
        .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)))
    ).map((m) => `${m.subject}\n${m.text}`);
  const timeline = async (buyer: Visitor, o: OrderRow) =>
    (
      (await buyer.call("GET", `/api/orders/${o.orderNumber}`)).body.timeline as {
        type: string;
        returnNumber?: string;
      }[]
    ).map((t) => (t.returnNumber ? `${t.type} ${t.returnNumber}` : t.type));

  it("takes a claim 59 days after the delivery: the return, its e-mail and its timeline step", async () => {
    const buyer = await newCustomer(shop, "claim59");
    const o = await order(buyer, [[1, 2]], 59);
    const view = await returnsOf(buyer, o);
    expect(view.status).toBe(200);
    expect(view.body.guarantee).toMatchObject({ open: true });
    expect(view.body.withdrawal).toBeNull();
    expect(view.body.lines).toEqual([expect.objectContaining({ productId: 1, ordered: 2, claimable: 2 })]);
    expect(view.body.reasons).toContainEqual({ reason: "wrong_item", returnRequired: true });
    expect(view.body.startsSubscription).toBe(false);

    const made = await claimOne(buyer, o, { comment: "Made me dizzy" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const digits = o.orderNumber.replace("MANA-", "");
    expect(made.body).toMatchObject({
      number: `R-${digits}-1`,
      orderNumber: o.orderNumber,
      kind: "guarantee",
      status: "requested",
      reason: "side_effect",
      comment: "Made me dizzy",
      keep: true,
      refundTo: "original",
      subscription: null,
      lines: [{ productId: 1, quantity: 1 }],
    });
    // One of two: half of what the line paid plus its share of the added tax, rounded down.
    const [line] = made.body.lines;
    expect(made.body.refundCents).toBe(line.refundCents);
    expect(made.body.refundCents).toBeGreaterThan(0);
    expect(made.body.refundCents).toBeLessThanOrEqual(Math.floor((o.totalCents - o.shippingCents) / 2));

    const after = await returnsOf(buyer, o);
    expect(after.body.lines[0].claimable).toBe(1);
    expect(after.body.returns).toEqual([made.body]);
    // The delivery entered late sorts on its day, before the order was placed: the claim is the last step.
    const steps = await timeline(buyer, o);
    expect([...steps].sort()).toEqual(
      ["delivered", "paid", "placed", `return_requested R-${digits}-1`, "shipped"].sort(),
    );
    expect(steps.at(-1)).toBe(`return_requested R-${digits}-1`);
    const [mail] = await mailsTo(o.email, "We received your claim");
    expect(mail).toContain(`R-${digits}-1`);
    expect(mail).toContain("1x ");
    expect(mail).toContain("You keep the product");
  });

  it("refuses a claim 61 days after the delivery, saying until when it was open", async () => {
    const buyer = await newCustomer(shop, "claim61");
    const o = await order(buyer, [[1, 1]], 61);
    const view = await returnsOf(buyer, o);
    const until = dayOf(new Date(Date.now() - DAY));
    expect(view.body.guarantee).toEqual({
      open: false,
      why: "window_closed",
      until: `${until}T23:59:59.999Z`,
    });
    const refused = await claimOne(buyer, o);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("return_window_closed");
    expect(refused.body.message).toContain(`until the end of ${until}`);
    expect((await returnsOf(buyer, o)).body.returns).toEqual([]);
  });

  it("refuses a claim before the delivery (409), and on a line not of the order (404)", async () => {
    const buyer = await newCustomer(shop, "notyet");
    const shipped = await order(buyer, [[1, 1]], null);
    expect((await returnsOf(buyer, shipped)).body.guarantee).toEqual({
      open: false,
      why: "not_delivered",
      until: null,
    });
    const refused = await claimOne(buyer, shipped);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("return_not_delivered");

    const delivered = await order(buyer, [[1, 1]], 3);
    const [otherLine] = await lineIds(buyer, shipped);
    const wrong = await claim(buyer, delivered, {
      lines: [{ lineId: otherLine, quantity: 1 }],
      reason: "damaged",
      keep: false,
    });
    expect(wrong.status).toBe(404);
  });

  it("never claims more than was delivered, even with two claims at once", async () => {
    const buyer = await newCustomer(shop, "qty");
    const o = await order(buyer, [[1, 3]], 10);
    const [lineId] = await lineIds(buyer, o);
    const body = (quantity: number) => ({ lines: [{ lineId, quantity }], reason: "damaged", keep: true });
    const tooMany = await claim(buyer, o, body(4));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe("return_quantity");
    const both = await Promise.all([claim(buyer, o, body(2)), claim(buyer, o, body(2))]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)?.body.code).toBe("return_quantity");
    expect((await claim(buyer, o, body(2))).status).toBe(409);
    expect((await claim(buyer, o, body(1))).status).toBe(201);
    const view = await returnsOf(buyer, o);
    expect(view.body.lines[0].claimable).toBe(0);
    expect(view.body.guarantee).toMatchObject({ open: false, why: "nothing_left" });
    expect(view.body.returns.map((r: { number: string }) => r.number)).toEqual([
      `R-${o.orderNumber.slice(5)}-1`,
      `R-${o.orderNumber.slice(5)}-2`,
    ]);
    // The refunds together never pass what the lines paid.
    const sum = view.body.returns.reduce((n: number, r: { refundCents: number }) => n + r.refundCents, 0);
    expect(sum).toBeLessThanOrEqual(o.totalCents - o.shippingCents);
  });

  it("refuses to let the customer keep a product whose reason needs it back", async () => {
    const buyer = await newCustomer(shop, "keep");
    const o = await order(buyer, [[1, 2]], 5);
    const refused = await claimOne(buyer, o, { reason: "changed_mind", keep: true });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("return_required");
    const sent = await claimOne(buyer, o, { reason: "changed_mind", keep: false, refundTo: "credit" });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ keep: false, refundTo: "credit" });
    const [mail] = await mailsTo(o.email, "We received your claim");
    expect(mail).toContain("how to send the product back");
    expect(mail).toContain("store credit");
  });

  it("answers 401 signed out, 404 for another customer's order, 400 for a bad body", async () => {
    const buyer = await newCustomer(shop, "owner");
    const o = await order(buyer, [[1, 1]], 5);
    const [lineId] = await lineIds(buyer, o);
    const good = { lines: [{ lineId, quantity: 1 }], reason: "damaged", keep: true };
    const stranger = await newCustomer(shop, "stranger");
    const { Visitor } = await import("./checkout-visitor.ts");
    const signedOut = new Visitor(shop);
    const routes = [
      ["GET", `/api/orders/${o.orderNumber}/returns`, undefined],
      ["POST", `/api/orders/${o.orderNumber}/returns`, good],
      ["POST", `/api/orders/${o.orderNumber}/withdraw`, { confirm: true }],
    ] as const;
    for (const [method, path, body] of routes) {
      expect((await signedOut.call(method, path, body)).status, path).toBe(401);
      const theirs = await stranger.call(method, path, body);
      expect(theirs.status, path).toBe(404);
    }
    expect((await stranger.call("GET", "/api/orders/MANA-NOPE/returns")).status).toBe(404);
    for (const bad of [
      { ...good, lines: [] },
      { ...good, lines: [{ lineId: "x", quantity: 1 }] },
      { ...good, lines: [{ lineId, quantity: 0 }] },
      { ...good, reason: "bored" },
      { lines: good.lines, reason: "damaged" },
      { ...good, lines: [good.lines[0], good.lines[0]] },
    ]) {
      const res = await buyer.call("POST", `/api/orders/${o.orderNumber}/returns`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
    const unconfirmed = await buyer.call("POST", `/api/orders/${o.orderNumber}/withdraw`, {});
    expect(unconfirmed.status).toBe(400);
    expect((await returnsOf(buyer, o)).body.returns).toEqual([]);
  });

  it("withdraws a French order 13 days after its delivery: everything, shipping included, acknowledged in French", async () => {
    const buyer = await newCustomer(shop, "withdraw");
    const o = await order(
      buyer,
      [
        [1, 2],
        [3, 1],
      ],
      13,
      "fr",
    );
    expect(o.locale).toBe("fr");
    const view = await returnsOf(buyer, o);
    expect(view.body.withdrawal).toMatchObject({ open: true });
    const made = await buyer.call("POST", `/api/orders/${o.orderNumber.toLowerCase()}/withdraw`, {
      confirm: true,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      kind: "withdrawal",
      status: "requested",
      keep: false,
      currency: "EUR",
    });
    expect(made.body.lines.map((l: { quantity: number }) => l.quantity).sort()).toEqual([1, 2]);
    // VAT is in the prices: the whole order back, shipping included (at most a cent per line rounded off).
    expect(made.body.refundCents).toBeGreaterThan(o.totalCents - 3);
    expect(made.body.refundCents).toBeLessThanOrEqual(o.totalCents);

    const [mail] = await mailsTo(o.email, "rétractation");
    expect(mail).toContain("Nous avons reçu votre rétractation");
    expect(mail).toContain(made.body.number);
    expect(mail).toContain("14 jours");
    expect(mail).toContain("frais de livraison compris");
    expect(mail).toMatch(/\d{1,2}:\d{2}/); // the time it was received
    expect(mail).toContain("UTC");
    expect(await timeline(buyer, o)).toContain(`withdrawn ${made.body.number}`);

    const again = await buyer.call("POST", `/api/orders/${o.orderNumber}/withdraw`, { confirm: true });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("return_nothing_left");
  });

  it("closes the withdrawal 15 days after the delivery, and has none for a US order", async () => {
    const buyer = await newCustomer(shop, "late-withdraw");
    const late = await order(buyer, [[1, 1]], 15, "fr");
    expect((await returnsOf(buyer, late)).body.withdrawal).toMatchObject({
      open: false,
      why: "window_closed",
    });
    const refused = await buyer.call("POST", `/api/orders/${late.orderNumber}/withdraw`, { confirm: true });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("return_window_closed");
    // Its guarantee is still open, and its claim e-mail is in French.
    expect((await claimOne(buyer, late)).status).toBe(201);
    const [mail] = await mailsTo(late.email, "Nous avons reçu votre réclamation");
    expect(mail).toContain("Vous gardez le produit");

    const us = await order(buyer, [[1, 1]], 2);
    expect((await returnsOf(buyer, us)).body.withdrawal).toBeNull();
    const none = await buyer.call("POST", `/api/orders/${us.orderNumber}/withdraw`, { confirm: true });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe("return_no_withdrawal");
  });

  it("ends the subscription bought with the order when asked to, and keeps it otherwise", async () => {
    const statusOf = async (o: OrderRow) =>
      (await db().select().from(subscriptions).where(eq(subscriptions.orderId, o.id))).map((s) => s.status);

    const keeper = await newCustomer(shop, "sub-keep");
    const kept = await order(keeper, [[2, 1, true]], 5);
    expect((await returnsOf(keeper, kept)).body.startsSubscription).toBe(true);
    const k = await claimOne(keeper, kept, { subscription: "keep" });
    expect(k.status).toBe(201);
    expect(k.body.subscription).toBe("keep");
    expect(await statusOf(kept)).toEqual(["active"]);

    const ender = await newCustomer(shop, "sub-end");
    const ended = await order(ender, [[2, 1, true]], 5);
    const e = await claimOne(ender, ended, { subscription: "end" });
    expect(e.status).toBe(201);
    expect(e.body.subscription).toBe("end");
    expect(await statusOf(ended)).toEqual(["cancelled"]);
    expect((await returnsOf(ender, ended)).body.startsSubscription).toBe(false);
    const [mail] = await mailsTo(ended.email, "We received your claim");
    expect(mail).toContain("subscription bought with this order is cancelled");
  });

  it("has nothing left to claim on an order refunded in full", async () => {
    const buyer = await newCustomer(shop, "refunded");
    const o = await order(buyer, [[1, 1]], 5);
    await refundOrder(shopDeps(shop.services), o.orderNumber, {
      amountCents: o.totalCents,
      reason: "refunded by the owner",
      actor: "command line",
    });
    expect((await returnsOf(buyer, o)).body.guarantee).toMatchObject({ open: false, why: "nothing_left" });
    const refused = await claimOne(buyer, o);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("return_nothing_left");
  });

  it("puts the returns in the customer's data export", async () => {
    const buyer = await newCustomer(shop, "export");
    const o = await order(buyer, [[1, 1]], 4);
    const made = await claimOne(buyer, o);
    const exported = await buyer.call("GET", "/api/account/export");
    expect(exported.status).toBe(200);
    expect(exported.body.returns).toEqual([made.body]);
  });
});
