import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context.server.ts";
import { loader as overviewLoader } from "../../app/routes/admin-overview.server.ts";
import type { AdminCodeView } from "../../core/contracts/admin-codes.ts";
import type { Overview } from "../../server/admin/overview.ts";
import { orders, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { sessionIdOf } from "../support/stripe-shop.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { people } from "./admin-fixtures.ts";
import { headerIdentity, ONTARIO, Visitor } from "./checkout-visitor.ts";
import { newDiscountCode } from "./promotion-fixtures.ts";

/**
 * The owner's overview and codes' revenue never add two currencies together (docs/decisions/051): a US order
 * and a Canadian one (an Ontario address is an order in CAD) each count in their own currency, the chart
 * shows one currency at a time, and a code's revenue and discount are per currency.
 */

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };
/** Ashwagandha (product 3): $30.00, CA$40.00. */
const ASHWAGANDHA = 3;

describe.each(testDatabases)("the overview and codes per currency on %s", (kind) => {
  let shop: TestShop;
  let who: Awaited<ReturnType<typeof people>>;
  const db = () => shop.services.database.db;
  const overview = async (): Promise<Overview> => {
    const res = await who.admin.call("GET", "/api/admin/overview");
    expect(res.status).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    shop = await createTestShop(kind, {
      identity: headerIdentity(() => shop),
      env: { SHIP_TO_COUNTRIES: "US,CA" },
    });
    who = await people(shop);
  });
  afterAll(() => shop.close());

  async function paidOrder(v: Visitor, extra: Record<string, unknown>, currency: "USD" | "CAD") {
    const res = await v.checkout({ acceptRenewal: true, ...extra, currency });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = sessionIdOf(res.body.url);
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
      kind: "paid",
    });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    if (!order) throw new Error("no order");
    return order;
  }

  it("a US and a Canadian order: each currency its own revenue, discount, recurring revenue and chart; nothing sums the two", async () => {
    const before = await overview();
    // A fresh shop: no Canadian money yet, so the chart offers US dollars only.
    expect(before.dailyByCurrency.map((d) => d.currency)).toEqual(["USD"]);
    expect(before.periods[2]?.byCurrency.map((c) => c.currency)).toEqual(["USD"]);
    expect(before.monthlyRecurring.map((c) => c.currency)).toEqual(["USD"]);

    const code = await newDiscountCode(shop, "SPLIT", { percent: 10 });
    const us = new Visitor(shop);
    expect((await us.add(ASHWAGANDHA, 1, false)).status).toBe(201);
    expect((await us.call("POST", "/api/cart/code", { code: code.code })).status).toBe(200);
    const usOrder = await paidOrder(us, { discountCode: code.code }, "USD");
    expect(usOrder).toMatchObject({ currency: "usd", codeDiscountCents: 300 });

    // The Canadian one is a subscription by a signed-in customer, so it also adds recurring revenue in CAD.
    const ca = who.customer;
    expect((await ca.add(ASHWAGANDHA, 1, true)).status).toBe(201);
    expect((await ca.call("POST", "/api/cart/code?currency=CAD", { code: code.code })).status).toBe(200);
    const caOrder = await paidOrder(
      ca,
      {
        email: `${ca.userId}@example.com`,
        userId: ca.userId,
        shippingAddress: ONTARIO,
        discountCode: code.code,
      },
      "CAD",
    );
    expect(caOrder).toMatchObject({ currency: "cad" });
    expect(caOrder.codeDiscountCents).toBeGreaterThan(0);
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, ca.userId as string));
    expect(sub).toMatchObject({ currency: "cad", status: "active" });
    const caMonthly = Math.round((sub?.amountCents ?? 0) / Math.max(sub?.intervalMonths ?? 1, 1));

    const after = await overview();
    for (const i of [0, 1, 2]) {
      const [b, a] = [before.periods[i], after.periods[i]];
      if (!a || !b) throw new Error("missing period");
      expect(a.orders - b.orders).toBe(2);
      expect(a.byCurrency.map((c) => c.currency)).toEqual(["USD", "CAD"]);
      const [aUsd, aCad] = a.byCurrency;
      const bUsd = b.byCurrency[0];
      // US dollars: only the US order; the figure kept from before is the US dollar one.
      expect((aUsd?.revenueCents ?? 0) - (bUsd?.revenueCents ?? 0)).toBe(usOrder.totalCents);
      expect(a.revenueCents - b.revenueCents).toBe(usOrder.totalCents);
      expect(a.codeDiscountCents - b.codeDiscountCents).toBe(300);
      expect((aUsd?.orders ?? 0) - (bUsd?.orders ?? 0)).toBe(1);
      // Canadian dollars: only the Canadian order.
      expect(aCad).toEqual({
        currency: "CAD",
        orders: 1,
        revenueCents: caOrder.totalCents,
        codeDiscountCents: caOrder.codeDiscountCents,
      });
    }
    expect(after.monthlyRecurringCents).toBe(before.monthlyRecurringCents);
    expect(after.monthlyRecurring).toEqual([
      { currency: "USD", cents: before.monthlyRecurringCents },
      { currency: "CAD", cents: caMonthly },
    ]);
    expect(after.activeSubscriptions - before.activeSubscriptions).toBe(1);

    // The chart: one currency at a time, US dollars and then the currencies with orders in the 30 days.
    expect(after.dailyByCurrency.map((d) => d.currency)).toEqual(["USD", "CAD"]);
    const today = new Date().toISOString().slice(0, 10);
    const [usdDays, cadDays] = after.dailyByCurrency.map((d) => d.days);
    expect(cadDays).toHaveLength(30);
    expect(cadDays?.at(-1)).toEqual({ day: today, revenueCents: caOrder.totalCents });
    expect(cadDays?.slice(0, 29).every((d) => d.revenueCents === 0)).toBe(true);
    expect((usdDays?.at(-1)?.revenueCents ?? 0) - (before.daily.at(-1)?.revenueCents ?? 0)).toBe(
      usOrder.totalCents,
    );
    expect(after.daily).toEqual(usdDays);

    // No figure anywhere is the two orders added together.
    const sumOfBoth = usOrder.totalCents + caOrder.totalCents;
    expect(JSON.stringify(after)).not.toContain(`:${sumOfBoth}`);
  });

  it("the /admin page's loader picks the chart's currency from ?currency=, US dollars by default or for anything else", async () => {
    const load = async (query: string) => {
      const context = new RouterContextProvider();
      context.set(appContext, shop.services);
      const request = new Request(`http://localhost/admin${query}`, {
        headers: { "x-test-user": who.admin.userId as string },
      });
      const answer = (await overviewLoader({ context, request, params: {} } as never)) as unknown as {
        data: { chartCurrency: string; overview: Overview };
      };
      return answer.data.chartCurrency;
    };
    expect(await load("")).toBe("USD");
    expect(await load("?currency=CAD")).toBe("CAD");
    expect(await load("?currency=cad")).toBe("CAD");
    // No orders in euros in the 30 days, and no such currency: US dollars.
    expect(await load("?currency=EUR")).toBe("USD");
    expect(await load("?currency=XYZ")).toBe("USD");
  });

  it("a code's revenue and discount are per currency, US dollars first; revenueCents stays the US dollar figure", async () => {
    const res = await who.staff.call("GET", "/api/admin/codes");
    expect(res.status).toBe(200);
    const code = (res.body.codes as AdminCodeView[]).find((c) => c.terms.code.startsWith("SPLIT"));
    const paid = await db()
      .select()
      .from(orders)
      .where(eq(orders.discountCode, code?.terms.code as string));
    const usOrder = paid.find((o) => o.currency === "usd");
    const caOrder = paid.find((o) => o.currency === "cad");
    expect(code).toMatchObject({
      orders: 2,
      revenueCents: usOrder?.totalCents,
      discountCents: 300,
      byCurrency: [
        { currency: "USD", orders: 1, revenueCents: usOrder?.totalCents, discountCents: 300 },
        {
          currency: "CAD",
          orders: 1,
          revenueCents: caOrder?.totalCents,
          discountCents: caOrder?.codeDiscountCents,
        },
      ],
    });
  });
});
