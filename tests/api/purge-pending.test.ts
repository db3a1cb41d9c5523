import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import {
  orderEvents,
  orderLines,
  orders,
  outbox,
  paymentEvents,
  subscriptions,
} from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { startScheduler } from "../../server/jobs/scheduler.ts";
import { purgePendingOrders } from "../../server/orders/purge-pending.ts";
import {
  confirmSandboxSession,
  loadSandboxSession,
  payWithSandboxCard,
} from "../../server/payments/sandbox-checkout.ts";
import { postEvent, stripeEvent } from "../reliability/support/stripe-events.ts";
import { sessionIdOf, useStripeShop } from "../support/stripe-shop.ts";
import type { StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestShop, freshDatabase, type TestShop, testDatabases } from "../support/test-app.ts";
import { Visitor } from "./checkout-visitor.ts";

const DAY = 86_400_000;
const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };

/** A checkout placed `ageMs` ago: its pending order (with lines) and the visitor who placed it. */
async function placedAgo(shop: TestShop, ageMs: number, lines: [number, boolean][] = [[1, false]]) {
  const v = new Visitor(shop);
  for (const [id, sub] of lines) await v.add(id, 1, sub);
  const res = await v.checkout();
  expect(res.status).toBe(200);
  const db = shop.services.database.db;
  const [order] = await db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - ageMs), updatedAt: new Date(Date.now() - ageMs) })
    .where(eq(orders.providerSessionId, sessionIdOf(res.body.url)))
    .returning();
  if (!order) throw new Error("no order");
  return { v, order, sessionId: sessionIdOf(res.body.url) };
}

const statusOf = async (shop: TestShop, id: string) =>
  (await shop.services.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const mailsOf = (shop: TestShop, id: string) =>
  shop.services.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.dedupeKey, `order-confirmation:${id}`));
const subsOf = (shop: TestShop, id: string) =>
  shop.services.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, id));

describe.each(testDatabases)("purge of abandoned pending orders on %s (sandbox)", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  it("cancels pending orders older than the limit and keeps their records; paid and younger orders are untouched", async () => {
    const old = await placedAgo(shop, 7 * DAY + 60_000);
    const veryOld = await placedAgo(shop, 90 * DAY, [
      [2, true],
      [3, false],
    ]);
    const young = await placedAgo(shop, 7 * DAY - 60 * 60_000);
    const fresh = await placedAgo(shop, 0);
    const paid = await placedAgo(shop, 0);
    expect(await payWithSandboxCard(shopDeps(shop.services), paid.sessionId, card)).toMatchObject({
      kind: "paid",
    });
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 60 * DAY) })
      .where(eq(orders.id, paid.order.id));
    const shipped = await placedAgo(shop, 0);
    await payWithSandboxCard(shopDeps(shop.services), shipped.sessionId, card);
    await db()
      .update(orders)
      .set({ status: "shipped", trackingCode: "1Z", createdAt: new Date(Date.now() - 60 * DAY) })
      .where(eq(orders.id, shipped.order.id));
    const before = await db().select().from(orders);
    const linesBefore = await db().select().from(orderLines);

    const purged = await purgePendingOrders(db(), 7);

    expect(purged).toEqual(expect.arrayContaining([old.order.orderNumber, veryOld.order.orderNumber]));
    for (const o of [young, fresh, paid, shipped]) expect(purged).not.toContain(o.order.orderNumber);
    for (const o of [old, veryOld]) {
      const now = await statusOf(shop, o.order.id);
      expect(now).toMatchObject({ status: "cancelled", paidAt: null, totalCents: o.order.totalCents });
      expect(now?.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      // The timeline says so, at the moment the order was cancelled (one transaction).
      const events = await db()
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, o.order.id), eq(orderEvents.type, "cancelled")));
      expect(events.map((e) => e.detail)).toEqual([{ reason: "abandoned" }]);
      expect(events[0]?.createdAt).toEqual(now?.cancelledAt);
    }
    expect((await statusOf(shop, young.order.id))?.status).toBe("pending");
    expect((await statusOf(shop, fresh.order.id))?.status).toBe("pending");
    expect(await statusOf(shop, paid.order.id)).toMatchObject({
      status: "processing",
      paidAt: expect.any(Date),
    });
    expect(await statusOf(shop, shipped.order.id)).toMatchObject({ status: "shipped", trackingCode: "1Z" });
    // Records kept: the same orders and lines, only statuses changed.
    expect(await db().select().from(orders)).toHaveLength(before.length);
    expect(await db().select().from(orderLines)).toHaveLength(linesBefore.length);
    // Nothing else moved: every order that was not an old pending one is exactly as it was.
    const untouched = before.filter((o) => !purged.includes(o.orderNumber));
    for (const o of untouched) expect(await statusOf(shop, o.id)).toEqual(o);

    // A second run finds nothing more; a shorter limit reaches the younger one.
    expect(await purgePendingOrders(db(), 7)).toEqual([]);
    expect(await purgePendingOrders(db(), 6)).toContain(young.order.orderNumber);
    expect((await statusOf(shop, fresh.order.id))?.status).toBe("pending");
    await expect(purgePendingOrders(db(), 0)).rejects.toThrow(/at least 1/);
  });

  it("a purged sandbox checkout cannot be paid: the card page refuses, and a confirmation in flight is logged and refused", async () => {
    const { v, order, sessionId } = await placedAgo(shop, 8 * DAY, [[4, true]]);
    // The card page was open before the purge: its session is loaded, the payment comes after.
    const loadedBefore = await loadSandboxSession(shopDeps(shop.services), sessionId);
    expect(await purgePendingOrders(db(), 7)).toContain(order.orderNumber);

    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toEqual({
      kind: "closed",
      message: "This checkout was cancelled.",
    });
    const error = vi.spyOn(shop.services.logger, "error");
    expect(
      await confirmSandboxSession(shopDeps(shop.services), loadedBefore as NonNullable<typeof loadedBefore>),
    ).toBe("order_cancelled");
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ orderNumber: order.orderNumber }),
      expect.stringContaining("payment received for a cancelled order"),
    );
    error.mockRestore();
    expect(await statusOf(shop, order.id)).toMatchObject({ status: "cancelled", paidAt: null });
    expect(await mailsOf(shop, order.id)).toHaveLength(0);
    expect(await subsOf(shop, order.id)).toHaveLength(0);
    expect(await v.cartItems()).toHaveLength(1); // the cart was not emptied by a payment that did not count
  });

  it("runs on the job scheduler, which stops with the shop", async () => {
    const logger = pino({ level: "silent" });
    const info = vi.spyOn(logger, "info");
    const scheduler = await startScheduler(shop.services, logger);
    try {
      const old = await placedAgo(shop, 8 * DAY);
      const young = await placedAgo(shop, 2 * DAY);
      await scheduler.runNow("purge");
      await vi.waitFor(async () => expect((await statusOf(shop, old.order.id))?.status).toBe("cancelled"), {
        timeout: 15_000,
        interval: 100,
      });
      expect(info).toHaveBeenCalledWith(
        expect.objectContaining({ orders: expect.arrayContaining([old.order.orderNumber]) }),
        "abandoned pending orders cancelled",
      );
      expect((await statusOf(shop, young.order.id))?.status).toBe("pending");
    } finally {
      await scheduler.stop();
    }
  }, 60_000);
});

describe.each(testDatabases)("purge of abandoned pending orders on %s (Stripe webhooks)", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  useStripeShop(kind, (started) => ({ shop, standIn } = started));

  function completed(sessionId: string) {
    const session = standIn.sessions.get(sessionId) as Record<string, unknown>;
    return stripeEvent("checkout.session.completed", {
      ...session,
      payment_status: "paid",
      status: "complete",
      subscription: `sub_${sessionId.slice(-10)}`,
      customer: `cus_${sessionId.slice(-10)}`,
    });
  }
  const deliver = (payload: unknown) => postEvent(shop, payload);

  it("a payment webhook for a purged order is acknowledged as order_cancelled, logged as an error, and marks nothing paid", async () => {
    const { v, order, sessionId } = await placedAgo(shop, 8 * DAY, [[2, true]]);
    expect(await purgePendingOrders(shop.services.database.db, 7)).toContain(order.orderNumber);
    const error = vi.spyOn(shop.services.logger, "error");
    const evt = completed(sessionId);
    expect(await deliver(evt)).toEqual({ status: 200, body: { received: true, outcome: "order_cancelled" } });
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ orderNumber: order.orderNumber, eventId: evt.id }),
      "payment received for a cancelled order: it stays cancelled; refund the payment with the provider",
    );
    // Redelivered: stored once, no second alarm.
    expect(await deliver(evt)).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
    expect(await statusOf(shop, order.id)).toMatchObject({ status: "cancelled", paidAt: null });
    expect(await mailsOf(shop, order.id)).toHaveLength(0);
    expect(await subsOf(shop, order.id)).toHaveLength(0);
    expect(await v.cartItems()).toHaveLength(1);
  });

  it("a purge racing ten copies of the payment webhook: either paid once with its e-mail, or cancelled with none", async () => {
    const results: string[] = [];
    for (let round = 0; round < 6; round++) {
      const { order, sessionId } = await placedAgo(shop, 8 * DAY, [
        [1, true],
        [3, false],
      ]);
      const evt = completed(sessionId);
      // The purge starts first, or among the deliveries (later each round).
      const purgeNow = () => purgePendingOrders(shop.services.database.db, 7);
      const first = round % 2 === 0 ? purgeNow() : null;
      const deliveries = Array.from({ length: 10 }, () => deliver(evt));
      const purge =
        first ??
        new Promise<string[]>((resolve, reject) => setTimeout(() => purgeNow().then(resolve, reject), round));
      const [answers, purged] = await Promise.all([Promise.all(deliveries), purge]);
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const outcomes = answers.map((a) => a.body.outcome as string);
      const now = await statusOf(shop, order.id);
      if (now?.status === "processing") {
        expect(purged).not.toContain(order.orderNumber);
        expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
        expect(await mailsOf(shop, order.id)).toHaveLength(1);
        expect(await subsOf(shop, order.id)).toHaveLength(1);
      } else {
        expect(now).toMatchObject({ status: "cancelled", paidAt: null });
        expect(purged).toContain(order.orderNumber);
        expect(outcomes).not.toContain("paid");
        expect(outcomes.filter((o) => o === "order_cancelled")).toHaveLength(1);
        expect(await mailsOf(shop, order.id)).toHaveLength(0);
        expect(await subsOf(shop, order.id)).toHaveLength(0);
      }
      expect(
        await shop.services.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, evt.id)),
      ).toHaveLength(1);
      results.push(now?.status as string);
    }
    expect(results.every((s) => s === "processing" || s === "cancelled")).toBe(true);
  }, 60_000);
});

describe.each(testDatabases)("npm run admin -- orders purge-pending on %s", (kind) => {
  const run = promisify(execFile);
  it("cancels pending orders past PENDING_ORDER_MAX_AGE_DAYS or --older-than-days, and says which", async () => {
    const fresh = await freshDatabase(kind, { dataDir: mkdtempSync(join(tmpdir(), "mana-purge-")) });
    onTestFinished(() => fresh.drop());
    const { database } = fresh;
    const { seed } = await import("../../server/db/seed.ts");
    await seed(database.db);
    const order = (orderNumber: string, status: string, ageDays: number) => ({
      orderNumber,
      cartFingerprint: "x",
      email: "cli@example.com",
      status,
      subtotalCents: 3000,
      totalCents: 3595,
      shippingCents: 595,
      provider: "sandbox",
      createdAt: sql`now() - make_interval(days => ${ageDays})`,
      ...(status === "processing" ? { paidAt: new Date() } : {}),
    });
    await database.db
      .insert(orders)
      .values([
        order("MANA-PRG2AAAA", "pending", 10),
        order("MANA-PRG2BBBB", "pending", 3),
        order("MANA-PRG2CCCC", "processing", 40),
      ]);
    await database.close();
    const base = { ...process.env, ...fresh.env, LOG_LEVEL: "silent" };
    const admin = (env: Record<string, string>, ...args: string[]) =>
      run(process.execPath, ["scripts/admin.ts", "orders", "purge-pending", ...args], {
        env: { ...base, ...env },
      });

    expect((await admin({ PENDING_ORDER_MAX_AGE_DAYS: "30" })).stdout).toBe(
      "No pending orders older than 30 days.\n",
    );
    expect((await admin({})).stdout).toBe(
      "Cancelled 1 pending order older than 7 days (never paid): MANA-PRG2AAAA.\n",
    );
    const refused = await admin({}, "--older-than-days", "0").catch((e) => e);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("--older-than-days needs a whole number of days, 1 or more.");
    expect((await admin({}, "--older-than-days", "2")).stdout).toBe(
      "Cancelled 1 pending order older than 2 days (never paid): MANA-PRG2BBBB.\n",
    );

    const check =
      kind === "pglite"
        ? await openDatabase({ dataDir: fresh.env.DATA_DIR })
        : await openDatabase({ url: fresh.env.DATABASE_URL });
    const rows = await check.db.select().from(orders);
    await check.close();
    expect(Object.fromEntries(rows.map((r) => [r.orderNumber, r.status]))).toEqual({
      "MANA-PRG2AAAA": "cancelled",
      "MANA-PRG2BBBB": "cancelled",
      "MANA-PRG2CCCC": "processing",
    });
  }, 60_000);
});
