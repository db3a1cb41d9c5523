import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartBalancesResponse } from "../../core/contracts/balances.ts";
import { addLedgerEntry, balancesOf } from "../../server/balances/customer-ledger.ts";
import { holdTenders } from "../../server/balances/order-tenders.ts";
import { customerLedger, orders } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { moveOrder } from "../../server/orders/move-order.ts";
import { insertOrder } from "../../server/orders/order-life.ts";
import { refundOrder } from "../../server/orders/refund-order.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { pendingOrderOf, sessionIdOf } from "../support/stripe-shop.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { people } from "./admin-fixtures.ts";
import { headerIdentity, newCustomer, ONTARIO, type Visitor } from "./checkout-visitor.ts";

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };

/**
 * Store credit and Wellness Points in their own currency (docs/decisions/051-markets-and-currencies.md,
 * 047): a Canadian order earns CAD points and is refunded to CA$ credit; they pay Canadian orders only, at
 * 5 minor units a point in steps of 100; two orders at once never take a currency's balance below zero; the
 * owner gives credit in a chosen currency; the data export names each row's currency.
 */
describe.each(testDatabases)("store credit and points per currency on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, {
      identity: headerIdentity(() => shop),
      env: { SHIP_TO_COUNTRIES: "US,CA" },
    });
  });
  afterAll(() => shop.close());

  /** A Canadian order of three Ashwagandha (CA$40.00 each) paid by card and delivered. */
  async function deliveredCadOrder(me: Visitor) {
    expect((await me.add(3, 3)).status).toBe(201);
    const res = await me.checkout({ shippingAddress: ONTARIO, currency: "CAD" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(res.body.url), card))?.kind).toBe(
      "paid",
    );
    const { order } = await pendingOrderOf(shop, res.body.url);
    await moveOrder(db(), order.orderNumber, "shipped", {
      carrier: "UPS",
      trackingCode: "1Z999AA10123456784",
    });
    await moveOrder(db(), order.orderNumber, "delivered");
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    if (!row) throw new Error("no order");
    return row;
  }

  it("a CAD order earns CAD points and is refunded to CA$ credit, which pay a CAD order and are not offered on a US dollar one", async () => {
    const me = await newCustomer(shop, "cad-balances");
    const userId = me.userId as string;
    const order = await deliveredCadOrder(me);
    expect(order.currency).toBe("cad");
    // 1 point per whole Canadian dollar the card paid, into the CAD points.
    const earned = Math.floor(order.totalCents / 100);
    expect(earned).toBeGreaterThanOrEqual(100);
    expect(await balancesOf(db(), userId, "CAD")).toEqual({ creditCents: 0, points: earned });
    expect(await balancesOf(db(), userId, "USD")).toEqual({ creditCents: 0, points: 0 });

    // CA$10.00 refunded to store credit: CA$ credit, and the points brought down in CAD.
    await refundOrder(shopDeps(shop.services), order.orderNumber, {
      amountCents: 1000,
      reason: "Damaged",
      actor: "the shop",
      to: "credit",
    });
    const points = Math.floor((order.totalCents - 1000) / 100);
    expect(await balancesOf(db(), userId, "CAD")).toEqual({ creditCents: 1000, points });
    expect(await balancesOf(db(), userId, "USD")).toEqual({ creditCents: 0, points: 0 });
    const rows = await db().select().from(customerLedger).where(eq(customerLedger.userId, userId));
    expect(rows.map((r) => [r.kind, r.reason, r.currency]).sort()).toEqual([
      ["credit", "refund", "cad"],
      ["points", "earned", "cad"],
      ["points", "reversed", "cad"],
    ]);

    // A US dollar order: nothing of them is offered; the page is told which orders they pay.
    expect((await me.add(1)).status).toBe(201);
    const inUsd = (await me.call("GET", "/api/cart/balances?currency=USD")).body as CartBalancesResponse;
    expect(inUsd).toMatchObject({ creditCents: 0, points: 0 });
    expect(inUsd.notUsable).toEqual([
      { kind: "credit", currency: "CAD", message: "Your CA$10.00 of store credit pays orders in CAD." },
      { kind: "points", currency: "CAD", message: `Your ${points} Wellness Points pay orders in CAD.` },
    ]);
    const inFrench = await me.call("GET", "/api/cart/balances?currency=USD", undefined, {
      "x-mana-locale": "fr",
    });
    expect((inFrench.body as CartBalancesResponse).notUsable?.[0]?.message).toBe(
      "Vos CA$10.00 de crédit boutique paient les commandes en CAD.",
    );
    // Points are chosen against the order's currency's balance.
    const noUsdPoints = await me.call("PUT", "/api/cart/balances?currency=USD", {
      useCredit: true,
      pointSteps: 1,
    });
    expect(noUsdPoints).toMatchObject({ status: 400, body: { code: "not_enough_points" } });
    const chosen = await me.call("PUT", "/api/cart/balances?currency=CAD", {
      useCredit: true,
      pointSteps: 1,
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body).toMatchObject({ currency: "CAD", creditCents: 1000, useCredit: true, pointSteps: 1 });
    // The US dollar checkout takes none of them: a page claiming they pay is refused.
    const usd = await me.checkout({ tenderedCents: 1500 });
    expect(usd).toMatchObject({ status: 409, body: { code: "balances_changed" } });
    expect((await me.checkout({ tenderedCents: 0 })).status).toBe(200);

    // The Canadian checkout: CA$10.00 of credit and one step of 100 points (CA$5.00).
    const cad = await me.checkout({ shippingAddress: ONTARIO, currency: "CAD" });
    expect(cad.status, JSON.stringify(cad.body)).toBe(200);
    const placed = (await pendingOrderOf(shop, cad.body.url)).order;
    expect(placed).toMatchObject({ currency: "cad", tenderedCents: 1500 });
    expect(await balancesOf(db(), userId, "CAD")).toEqual({ creditCents: 0, points: points - 100 });
    expect(await balancesOf(db(), userId, "USD")).toEqual({ creditCents: 0, points: 0 });
    const taken = await db()
      .select()
      .from(customerLedger)
      .where(and(eq(customerLedger.orderId, placed.id), eq(customerLedger.reason, "redeemed")));
    expect(taken.map((r) => [r.kind, r.amount, r.currency]).sort()).toEqual([
      ["credit", -1000, "cad"],
      ["points", -100, "cad"],
    ]);

    // The account shows each currency on its own, the history each row in its currency.
    const account = await me.call("GET", "/api/account/balances");
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      creditCents: 0,
      points: 0,
      byCurrency: [{ currency: "CAD", creditCents: 0, points: points - 100 }],
    });
    expect(account.body.history.every((h: { currency: string }) => h.currency === "CAD")).toBe(true);
  });

  it("two orders at once spending the same CA$ credit: one goes through, the US dollar credit untouched", async () => {
    const me = await newCustomer(shop, "cad-race");
    const userId = me.userId as string;
    await addLedgerEntry(db(), { userId, kind: "credit", reason: "goodwill", amount: 1000, currency: "CAD" });
    await addLedgerEntry(db(), { userId, kind: "credit", reason: "goodwill", amount: 5000, currency: "USD" });
    let n = 0;
    const attempts = await Promise.allSettled(
      [1, 2, 3].map(async () => {
        const order = await db().transaction((tx) =>
          insertOrder(tx, {
            userId,
            cartId: crypto.randomUUID(),
            cartFingerprint: `cad-race-${kind}-${++n}`,
            email: "race@example.com",
            status: "pending",
            currency: "cad",
            subtotalCents: 3000,
            totalCents: 3000,
            provider: "sandbox",
          }),
        );
        await db().transaction((tx) =>
          holdTenders(tx, {
            orderId: order.id,
            cartId: order.cartId as string,
            userId,
            tenders: [{ kind: "credit", cents: 600 }],
            currency: "CAD",
          }),
        );
      }),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const refused of attempts.filter((a) => a.status === "rejected"))
      expect(String((refused as PromiseRejectedResult).reason)).toMatch(/store credit balance has changed/);
    expect(await balancesOf(db(), userId, "CAD")).toEqual({ creditCents: 400, points: 0 });
    expect(await balancesOf(db(), userId, "USD")).toEqual({ creditCents: 5000, points: 0 });
  });

  it("the owner gives store credit in euros; the customer page and the data export show its currency", async () => {
    const who = await people(shop);
    const customerId = who.customer.userId as string;
    const given = await who.admin.call("POST", `/api/admin/customers/${customerId}/credit`, {
      amountCents: 750,
      currency: "EUR",
      note: "Late parcel to Dublin",
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body).toMatchObject({
      creditCents: 0,
      byCurrency: [{ currency: "EUR", creditCents: 750, points: 0 }],
    });
    // US dollars when no currency is named; a currency the shop does not sell in is refused.
    expect(
      (
        await who.admin.call("POST", `/api/admin/customers/${customerId}/credit`, {
          amountCents: 500,
          note: "Sorry",
        })
      ).status,
    ).toBe(200);
    const yen = await who.admin.call("POST", `/api/admin/customers/${customerId}/credit`, {
      amountCents: 500,
      currency: "JPY",
      note: "Sorry",
    });
    expect(yen.status).toBe(400);
    expect(JSON.stringify(yen.body)).toContain("The currency must be one of USD, CAD, EUR, GBP.");
    expect(await balancesOf(db(), customerId, "EUR")).toEqual({ creditCents: 750, points: 0 });
    expect(await balancesOf(db(), customerId, "USD")).toEqual({ creditCents: 500, points: 0 });

    const detail = await who.admin.call("GET", `/api/admin/customers/${customerId}`);
    expect(detail.body.balances.byCurrency).toEqual([
      { currency: "USD", creditCents: 500, points: 0 },
      { currency: "EUR", creditCents: 750, points: 0 },
    ]);
    const exported = await who.customer.call("GET", "/api/account/export");
    expect(exported.status).toBe(200);
    expect(exported.body.storeCreditAndPoints).toEqual([
      expect.objectContaining({ kind: "credit", reason: "goodwill", amount: 750, currency: "eur" }),
      expect.objectContaining({ kind: "credit", reason: "goodwill", amount: 500, currency: "usd" }),
    ]);
  });
});
