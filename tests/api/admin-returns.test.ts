import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReturnReason } from "../../core/contracts/returns.ts";
import { parseAdminCommand, runAdminCommand } from "../../server/admin/command.ts";
import { addLedgerEntry, ledgerBalance } from "../../server/balances/customer-ledger.ts";
import { adminAudit, orderLines, orders, outbox, refunds, returnRequests } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { claimGuarantee } from "../../server/returns/claims.ts";
import { deliver as deliverSigned, inProcess, WEBHOOK_SECRET } from "../reliability/support/stripe-events.ts";
import { StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { mails, type OrderRow, paidSandboxOrder, people } from "./admin-fixtures.ts";
import { headerIdentity, newCustomer, ONTARIO, Visitor } from "./checkout-visitor.ts";

type People = Awaited<ReturnType<typeof people>>;

interface ClaimOptions {
  reason: ReturnReason;
  keep: boolean;
  refundTo: "original" | "credit";
}

/** The order's customer claims the guarantee on some of its lines (server/returns/claims.ts), as the account page does. */
async function claimAs(
  shop: TestShop,
  order: OrderRow,
  picks: [productId: number, quantity: number][],
  options: ClaimOptions,
): Promise<{ id: string; refundCents: number }> {
  const lines = await shop.services.database.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  const view = await claimGuarantee(shopDeps(shop.services), {
    userId: order.userId as string,
    orderNumber: order.orderNumber,
    body: {
      lines: picks.map(([productId, quantity]) => {
        const line = lines.find((l) => l.productId === productId);
        if (!line) throw new Error(`no line for ${productId}`);
        return { lineId: line.id, quantity };
      }),
      comment: "",
      ...options,
    },
  });
  expect(view.refundCents).toBeGreaterThan(0);
  return { id: view.id, refundCents: view.refundCents };
}

/**
 * The owner's side of returns (docs/decisions/055-returns.md): the queue, approve (send it back or keep
 * it), received, refund (to store credit or to the card, never above what the order paid, even when
 * refunds of the same order run at once) and decline; who may do each; the customer's e-mails in the
 * order's language and the order's timeline.
 */
describe.each(testDatabases)("the owner's returns on %s (sandbox payments)", (kind) => {
  let shop: TestShop;
  let who: People;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    who = await people(shop);
  });
  afterAll(() => shop.close());

  /** A signed-in customer's paid order, shipped and delivered by the owner. */
  async function deliveredOrder(
    buyer: Visitor,
    lines: [productId: number, quantity: number][],
    extra: Record<string, unknown> = {},
  ): Promise<OrderRow> {
    const order = await paidSandboxOrder(shop, buyer, lines, `${buyer.userId}@example.com`, extra);
    const path = `/api/admin/orders/${order.orderNumber}`;
    expect(
      (await who.staff.call("POST", `${path}/ship`, { carrier: "UPS", trackingCode: "1Z1" })).status,
    ).toBe(200);
    expect((await who.staff.call("POST", `${path}/deliver`)).status).toBe(200);
    return order;
  }

  const claim = (order: OrderRow, picks: [number, number][], options: ClaimOptions) =>
    claimAs(shop, order, picks, options);

  const returnPath = (id: string, move = "") => `/api/admin/returns/${id}${move ? `/${move}` : ""}`;
  const mailTexts = async (to: string, subject: string) =>
    (
      await db()
        .select({ subject: outbox.subject, text: outbox.text })
        .from(outbox)
        .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)))
    ).map((m) => `${m.subject}\n${m.text}`);
  const timeline = async (orderNumber: string) =>
    (await who.admin.call("GET", `/api/admin/orders/${orderNumber}`)).body.timeline.map(
      (t: { type: string; detail: Record<string, unknown> | null }) =>
        t.detail?.returnNumber ? `${t.type} ${t.detail.returnNumber}` : t.type,
    );

  it("checks the role: reading needs the dashboard, every move the refund permission; 401 signed out, 403 a customer", async () => {
    const buyer = await newCustomer(shop, "roles");
    const order = await deliveredOrder(buyer, [[1, 1]]);
    const ret = await claim(order, [[1, 1]], { reason: "damaged", keep: true, refundTo: "original" });
    const routes = [
      ["GET", "/api/admin/returns", undefined, true],
      ["GET", returnPath(ret.id), undefined, true],
      ["POST", returnPath(ret.id, "approve"), { returnNeeded: false }, false],
      ["POST", returnPath(ret.id, "received"), undefined, false],
      ["POST", returnPath(ret.id, "refund"), undefined, false],
      ["POST", returnPath(ret.id, "decline"), { reason: "No" }, false],
    ] as const;
    for (const [method, path, body, staff] of routes) {
      expect((await new Visitor(shop).call(method, path, body)).status, path).toBe(401);
      expect((await buyer.call(method, path, body)).status, path).toBe(403);
      expect((await who.customer.call(method, path, body)).status, path).toBe(403);
      expect((await who.staff.call(method, path, body)).status, `${path} staff`).toBe(staff ? 200 : 403);
    }
    // Nothing moved.
    expect((await who.admin.call("GET", returnPath(ret.id))).body).toMatchObject({
      status: "requested",
      returnNeeded: null,
    });
    for (const bad of ["nope", randomUUID()]) {
      expect((await who.admin.call("GET", returnPath(bad))).status).toBe(404);
      expect((await who.admin.call("POST", returnPath(bad, "refund"))).status).toBe(404);
      expect((await who.admin.call("POST", returnPath(bad, "approve"), { returnNeeded: true })).status).toBe(
        404,
      );
    }
  });

  it("keep it: approved with no need to send it back, then refunded to store credit in the order's currency (CAD), e-mailed in French", async () => {
    const buyer = await newCustomer(shop, "keeper");
    const order = await deliveredOrder(buyer, [[2, 2]], {
      shippingAddress: ONTARIO,
      currency: "CAD",
      locale: "fr",
    });
    expect(order).toMatchObject({ currency: "cad", locale: "fr" });
    const ret = await claim(order, [[2, 1]], { reason: "side_effect", keep: true, refundTo: "credit" });
    const number = `R-${order.orderNumber.replace(/^MANA-/, "")}-1`;

    const detail = await who.staff.call("GET", returnPath(ret.id));
    expect(detail.body).toMatchObject({
      id: ret.id,
      number,
      orderNumber: order.orderNumber,
      status: "requested",
      keep: true,
      refundTo: "credit",
      refundCents: ret.refundCents,
      currency: "CAD",
      email: order.email,
      customerName: "Sam Shopper",
      orderTotalCents: order.totalCents,
      orderRefundedCents: 0,
      lines: [expect.objectContaining({ productId: 2, quantity: 1, refundCents: ret.refundCents })],
    });
    expect(detail.body.deliveredAt).toBeTruthy();

    // A refund before the approval, and "received" of a product nobody sends back, are refused.
    expect((await who.admin.call("POST", returnPath(ret.id, "refund"))).status).toBe(409);
    for (const bad of [{}, { returnNeeded: "no" }, { returnNeeded: false, note: "x".repeat(501) }])
      expect((await who.admin.call("POST", returnPath(ret.id, "approve"), bad)).status).toBe(400);
    const approved = await who.admin.call("POST", returnPath(ret.id, "approve"), { returnNeeded: false });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", returnNeeded: false });
    const again = await who.admin.call("POST", returnPath(ret.id, "approve"), { returnNeeded: true });
    expect(again.status).toBe(409);
    expect(again.body.message ?? again.body.error).toMatch(new RegExp(`${number} is approved`));
    const received = await who.admin.call("POST", returnPath(ret.id, "received"));
    expect(received.status).toBe(409);

    const [approvedMail] = await mailTexts(order.email, "est accepté");
    expect(approvedMail).toContain("est accepté");
    expect(approvedMail).toContain("Inutile de nous le renvoyer\u00a0: gardez-le.");
    expect(approvedMail).toContain("votre crédit boutique MANA");

    const before = await ledgerBalance(db(), buyer.userId as string, "credit", "CAD");
    const refunded = await who.admin.call("POST", returnPath(ret.id, "refund"));
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({
      status: "refunded",
      refundCents: ret.refundCents,
      orderRefundedCents: ret.refundCents,
    });
    expect(await ledgerBalance(db(), buyer.userId as string, "credit", "CAD")).toBe(before + ret.refundCents);
    expect(await ledgerBalance(db(), buyer.userId as string, "credit", "USD")).toBe(0);
    const [row] = await db().select().from(returnRequests).where(eq(returnRequests.id, ret.id));
    const [refund] = await db()
      .select()
      .from(refunds)
      .where(eq(refunds.id, row?.refundId as string));
    expect(refund).toMatchObject({
      amountCents: ret.refundCents,
      provider: "store_credit",
      status: "succeeded",
      reason: `Return ${number}`,
    });
    // The refund's own e-mail, in French.
    expect(await mails(shop, order.email, "Nous avons remboursé")).toBe(1);
    expect((await who.admin.call("POST", returnPath(ret.id, "refund"))).status).toBe(409);
    expect(await timeline(order.orderNumber)).toEqual([
      "placed",
      "paid",
      "shipped",
      "delivered",
      `return_requested ${number}`,
      `return_approved ${number}`,
      "refunded",
    ]);
    const audit = await db().select().from(adminAudit).where(eq(adminAudit.targetId, ret.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["return.approve", "return.refund"]);
  });

  it("send it back: approved with the label note, received, then refunded to the card through the sandbox", async () => {
    const buyer = await newCustomer(shop, "sender");
    const order = await deliveredOrder(buyer, [
      [1, 1],
      [3, 2],
    ]);
    const ret = await claim(
      order,
      [
        [1, 1],
        [3, 1],
      ],
      { reason: "wrong_item", keep: false, refundTo: "original" },
    );
    const number = `R-${order.orderNumber.replace(/^MANA-/, "")}-1`;
    const note = "Print the prepaid UPS label attached and drop the parcel at any UPS point.";
    const approved = await who.admin.call("POST", returnPath(ret.id, "approve"), {
      returnNeeded: true,
      note,
    });
    expect(approved.body).toMatchObject({ status: "approved", returnNeeded: true, note });
    const [mail] = await mailTexts(order.email, "is approved");
    expect(mail).toContain(note);
    expect(mail).toContain("Please send the products back");
    // Not before the product arrived.
    const early = await who.admin.call("POST", returnPath(ret.id, "refund"));
    expect(early.status).toBe(409);
    expect(early.body.message ?? early.body.error).toMatch(/before the product is received/);

    const received = await who.admin.call("POST", returnPath(ret.id, "received"));
    expect(received.body).toMatchObject({ status: "received" });
    expect(await mails(shop, order.email, "We received your return")).toBe(1);
    expect((await who.admin.call("POST", returnPath(ret.id, "received"))).status).toBe(409);

    const refunded = await who.admin.call("POST", returnPath(ret.id, "refund"));
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({ status: "refunded", orderRefundedCents: ret.refundCents });
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toEqual([
      expect.objectContaining({ amountCents: ret.refundCents, provider: "sandbox", status: "succeeded" }),
    ]);
    expect(await ledgerBalance(db(), buyer.userId as string, "credit", "USD")).toBe(0);
    expect(await mails(shop, order.email, "We refunded")).toBe(1);
    expect(await timeline(order.orderNumber)).toEqual([
      "placed",
      "paid",
      "shipped",
      "delivered",
      `return_requested ${number}`,
      `return_approved ${number}`,
      `return_received ${number}`,
      "refunded",
    ]);
  });

  it("declines with a reason the customer reads; a declined return cannot be refunded", async () => {
    const buyer = await newCustomer(shop, "declined");
    const order = await deliveredOrder(buyer, [[4, 1]]);
    const ret = await claim(order, [[4, 1]], { reason: "changed_mind", keep: false, refundTo: "original" });
    for (const bad of [{}, { reason: "  " }, { reason: "x".repeat(501) }])
      expect((await who.admin.call("POST", returnPath(ret.id, "decline"), bad)).status).toBe(400);
    const reason = "The jar came back opened and half used.";
    const declined = await who.admin.call("POST", returnPath(ret.id, "decline"), { reason });
    expect(declined.body).toMatchObject({ status: "declined", note: reason });
    const [mail] = await mailTexts(order.email, "was declined");
    expect(mail).toContain(reason);
    expect((await who.admin.call("POST", returnPath(ret.id, "decline"), { reason })).status).toBe(409);
    expect((await who.admin.call("POST", returnPath(ret.id, "refund"))).status).toBe(409);
    expect(
      (await who.admin.call("POST", returnPath(ret.id, "approve"), { returnNeeded: false })).status,
    ).toBe(409);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
    expect((await timeline(order.orderNumber)).at(-1)).toMatch(/^return_declined R-/);

    // The queue: open ones only by default, newest first; a status names one; a bad one is a 400.
    const open = await who.staff.call("GET", "/api/admin/returns");
    expect(open.status).toBe(200);
    expect(open.body.returns.map((r: { id: string }) => r.id)).not.toContain(ret.id);
    expect(
      open.body.returns.every((r: { status: string }) =>
        ["requested", "approved", "received"].includes(r.status),
      ),
    ).toBe(true);
    const dates = open.body.returns.map((r: { createdAt: string }) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const declinedList = await who.staff.call("GET", "/api/admin/returns?status=declined");
    expect(declinedList.body.returns.map((r: { id: string }) => r.id)).toContain(ret.id);
    const all = await who.staff.call("GET", "/api/admin/returns?status=");
    expect(all.body.total).toBeGreaterThanOrEqual(open.body.total + declinedList.body.total);
    expect((await who.staff.call("GET", "/api/admin/returns?status=lost")).status).toBe(400);
    expect((await who.staff.call("GET", "/api/admin/returns?page=0")).status).toBe(400);
  });

  it("npm run admin -- returns list: the open returns newest first, --status names one or all, a wrong one is refused", async () => {
    const buyer = await newCustomer(shop, "command");
    const order = await deliveredOrder(buyer, [[3, 1]]);
    const ret = await claim(order, [[3, 1]], { reason: "taste_or_texture", keep: true, refundTo: "credit" });
    const number = `R-${order.orderNumber.replace(/^MANA-/, "")}-1`;
    const run = async (...args: string[]) => {
      const parsed = parseAdminCommand(["returns", "list", ...args]);
      if ("refused" in parsed) return { code: 1, out: [], err: [parsed.refused] };
      return runAdminCommand(parsed.command, {
        env: shop.services.env,
        database: shop.services.database,
        mailer: () => shop.services.mailer,
      });
    };
    const open = await run();
    expect(open.code).toBe(0);
    expect(open.out[0]).toMatch(
      new RegExp(`^${number}  .*requested.*${order.orderNumber}  ${order.email}  taste_or_texture$`),
    );
    expect((await run("--status", "declined")).out.join("\n")).not.toContain(number);
    expect((await run("--status", "all")).out.join("\n")).toContain(number);
    await who.admin.call("POST", returnPath(ret.id, "approve"), { returnNeeded: false });
    expect((await run("--status", "approved")).out.find((l) => l.startsWith(number))).toMatch(/kept$/);
    const wrong = await run("--status", "lost");
    expect(wrong.code).toBe(1);
    expect(wrong.err[0]).toMatch(/--status is one of open, all, requested/);
  });

  it("two owners refunding the same return at once: one refund, the other 409", async () => {
    const buyer = await newCustomer(shop, "twice");
    const order = await deliveredOrder(buyer, [[1, 2]]);
    const ret = await claim(order, [[1, 2]], { reason: "damaged", keep: true, refundTo: "original" });
    expect(
      (await who.admin.call("POST", returnPath(ret.id, "approve"), { returnNeeded: false })).status,
    ).toBe(200);
    const second = await people(shop);
    const answers = await Promise.all([
      who.admin.call("POST", returnPath(ret.id, "refund")),
      second.admin.call("POST", returnPath(ret.id, "refund")),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amountCents).toBe(ret.refundCents);
    expect(await mails(shop, order.email, "We refunded")).toBe(1);
  });

  it("a manual refund first: the next return is capped at what is left, the one after refused and left approved", async () => {
    const buyer = await newCustomer(shop, "capped");
    const order = await deliveredOrder(buyer, [[2, 2]]);
    const a = await claim(order, [[2, 1]], { reason: "damaged", keep: true, refundTo: "original" });
    const b = await claim(order, [[2, 1]], { reason: "damaged", keep: true, refundTo: "credit" });
    for (const r of [a, b])
      expect(
        (await who.admin.call("POST", returnPath(r.id, "approve"), { returnNeeded: false })).status,
      ).toBe(200);
    const manual = order.totalCents - Math.floor(a.refundCents / 2);
    expect(
      (
        await who.admin.call("POST", `/api/admin/orders/${order.orderNumber}/refund`, {
          amountCents: manual,
          reason: "Goodwill",
        })
      ).status,
    ).toBe(200);
    const capped = await who.admin.call("POST", returnPath(a.id, "refund"));
    expect(capped.status, JSON.stringify(capped.body)).toBe(200);
    expect(capped.body).toMatchObject({
      status: "refunded",
      refundCents: order.totalCents - manual,
      orderRefundedCents: order.totalCents,
    });
    const refused = await who.admin.call("POST", returnPath(b.id, "refund"));
    expect(refused.status).toBe(409);
    expect(refused.body.message ?? refused.body.error).toMatch(/already refunded in full/);
    expect((await who.admin.call("GET", returnPath(b.id))).body).toMatchObject({
      status: "approved",
      refundCents: b.refundCents,
    });
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after?.refundedCents).toBe(order.totalCents);
    const audit = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, a.id), eq(adminAudit.action, "return.refund")));
    expect(audit[0]?.after).toMatchObject({ cappedFromCents: a.refundCents });
  });

  it("three returns and a manual refund of one order at once: never above what was paid; what could not be paid is capped or refused and left approved", async () => {
    for (let round = 0; round < 3; round++) {
      const buyer = await newCustomer(shop, `race${round}`);
      const order = await deliveredOrder(buyer, [[1, 3]]);
      const claims = [];
      for (let i = 0; i < 3; i++)
        claims.push(
          await claim(order, [[1, 1]], {
            reason: "damaged",
            keep: true,
            refundTo: i === 1 ? "credit" : "original",
          }),
        );
      for (const r of claims)
        expect(
          (await who.admin.call("POST", returnPath(r.id, "approve"), { returnNeeded: false })).status,
        ).toBe(200);
      const claimed = claims.reduce((n, r) => n + r.refundCents, 0);
      // With the manual refund, the four together would give back more than the order paid.
      const manual = order.totalCents - Math.floor(claimed / 2);
      const [manualAnswer, ...answers] = await Promise.all([
        who.admin.call("POST", `/api/admin/orders/${order.orderNumber}/refund`, {
          amountCents: manual,
          reason: "Goodwill",
        }),
        ...claims.map((r) => who.admin.call("POST", returnPath(r.id, "refund"))),
      ]);
      expect([200, 409]).toContain(manualAnswer?.status);
      const rows = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
      const given = rows.filter((r) => r.status !== "failed").reduce((n, r) => n + r.amountCents, 0);
      expect(given).toBeLessThanOrEqual(order.totalCents);
      const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(after?.refundedCents).toBe(given);
      let paidByReturns = 0;
      let short = 0;
      for (const [i, r] of claims.entries()) {
        const answer = answers[i];
        const [row] = await db().select().from(returnRequests).where(eq(returnRequests.id, r.id));
        if (answer?.status === 200) {
          expect(row).toMatchObject({ status: "refunded" });
          expect(row?.refundId).toBeTruthy();
          expect(row?.refundCents).toBeGreaterThan(0);
          expect(row?.refundCents).toBeLessThanOrEqual(r.refundCents);
          if ((row?.refundCents ?? 0) < r.refundCents) short++;
          paidByReturns += row?.refundCents ?? 0;
        } else {
          expect(answer?.status, JSON.stringify(answer?.body)).toBe(409);
          expect(answer?.body.message ?? answer?.body.error).toMatch(/refunded/);
          expect(row).toMatchObject({ status: "approved", refundId: null, refundCents: r.refundCents });
          short++;
        }
      }
      expect(paidByReturns + (manualAnswer?.status === 200 ? manual : 0)).toBe(given);
      // When the manual refund went through, the returns could not all be paid in full.
      if (manualAnswer?.status === 200) expect(short).toBeGreaterThan(0);
      else expect(paidByReturns).toBe(claimed);
    }
  });
});

describe.each(testDatabases)("a return refunded through Stripe on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  let who: People;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    standIn = await new StripeStandIn().start();
    shop = await createTestShop(kind, {
      env: standIn.env(WEBHOOK_SECRET),
      identity: headerIdentity(() => shop),
    });
    who = await people(shop);
  });
  afterAll(async () => {
    await shop.close();
    await standIn.stop();
  });

  /** The buyer's cart paid through Stripe (its card part; balances chosen in the cart pay the rest), delivered. */
  async function paidStripeOrder(buyer: Visitor, extra: Record<string, unknown> = {}) {
    const { body } = await buyer.checkout({
      email: `${buyer.userId}@example.com`,
      userId: buyer.userId,
      ...extra,
    });
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    const session = standIn.sessions.get(sessionId) as Record<string, unknown>;
    const paymentIntent = `pi_${randomBytes(8).toString("hex")}`;
    standIn.payments.set(paymentIntent, Number(session.amount_total));
    const completed = {
      id: `evt_${randomBytes(8).toString("hex")}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { ...session, payment_status: "paid", status: "complete", payment_intent: paymentIntent },
      },
    };
    expect(await deliverSigned(inProcess(shop), completed)).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    if (!order) throw new Error("no order");
    const path = `/api/admin/orders/${order.orderNumber}`;
    expect(
      (await who.staff.call("POST", `${path}/ship`, { carrier: "UPS", trackingCode: "1Z2" })).status,
    ).toBe(200);
    expect((await who.staff.call("POST", `${path}/deliver`)).status).toBe(200);
    return { order, paymentIntent };
  }

  it("Stripe down: 502, the return is back to received with no refund, and refunding it again works once Stripe is back", async () => {
    const buyer = await newCustomer(shop, "stripe");
    expect((await buyer.add(1, 2)).status).toBe(201);
    const { order, paymentIntent } = await paidStripeOrder(buyer);
    const ret = await claimAs(shop, order, [[1, 1]], {
      reason: "wrong_item",
      keep: false,
      refundTo: "original",
    });
    const { refundCents } = ret;
    const at = `/api/admin/returns/${ret.id}`;
    expect(
      (await who.admin.call("POST", `${at}/approve`, { returnNeeded: true, note: "Label inside" })).status,
    ).toBe(200);
    expect((await who.admin.call("POST", `${at}/received`)).status).toBe(200);

    standIn.faults.push("500", "500", "500");
    const down = await who.admin.call("POST", `${at}/refund`);
    expect(down.status).toBe(502);
    standIn.faults.length = 0;
    expect((await who.admin.call("GET", at)).body).toMatchObject({
      status: "received",
      orderRefundedCents: 0,
    });
    const [row] = await db().select().from(returnRequests).where(eq(returnRequests.id, ret.id));
    expect(row?.refundId).toBeNull();

    const back = await who.admin.call("POST", `${at}/refund`);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ status: "refunded", refundCents, orderRefundedCents: refundCents });
    const call = standIn.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST").at(-1);
    expect(call?.params).toMatchObject({ payment_intent: paymentIntent, amount: String(refundCents) });
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["failed", "succeeded"]);
  });

  it("an order paid partly with store credit, Stripe down: the credit's part given back stays counted, and refunding again gives only the rest", async () => {
    const buyer = await newCustomer(shop, "partial");
    const userId = buyer.userId as string;
    await addLedgerEntry(db(), { userId, kind: "credit", reason: "goodwill", amount: 1000, currency: "USD" });
    expect((await buyer.add(2, 2)).status).toBe(201);
    expect((await buyer.call("PUT", "/api/cart/balances", { useCredit: true, pointSteps: 0 })).status).toBe(
      200,
    );
    const { order } = await paidStripeOrder(buyer, { tenderedCents: 1000 });
    expect(order.tenderedCents).toBe(1000);
    expect(await ledgerBalance(db(), userId, "credit", "USD")).toBe(0);
    const ret = await claimAs(shop, order, [[2, 1]], { reason: "damaged", keep: true, refundTo: "original" });
    expect(ret.refundCents).toBeGreaterThan(1000);
    const at = `/api/admin/returns/${ret.id}`;
    expect((await who.admin.call("POST", `${at}/approve`, { returnNeeded: false })).status).toBe(200);

    standIn.faults.push("500", "500", "500");
    expect((await who.admin.call("POST", `${at}/refund`)).status).toBe(502);
    standIn.faults.length = 0;
    // The store credit that paid went back at once; the card's part failed; the return waits, approved.
    expect(await ledgerBalance(db(), userId, "credit", "USD")).toBe(1000);
    expect((await who.admin.call("GET", at)).body).toMatchObject({ status: "approved" });

    const again = await who.admin.call("POST", `${at}/refund`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ status: "refunded", refundCents: ret.refundCents });
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    const given = rows.filter((r) => r.status !== "failed").reduce((n, r) => n + r.amountCents, 0);
    expect(given).toBe(ret.refundCents);
    expect(await ledgerBalance(db(), userId, "credit", "USD")).toBe(1000);
  });
});
