import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderTenders } from "../../app/components/checkout/order-tenders.ts";
import { loadCheckoutPage } from "../../app/routes/checkout.server.ts";
import type { CartBalancesResponse } from "../../core/contracts/balances.ts";
import { addLedgerEntry, balancesOf } from "../../server/balances/customer-ledger.ts";
import { giftCards } from "../../server/db/schema.ts";
import { pendingOrderOf } from "../support/stripe-shop.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { headerIdentity, newCustomer, ONTARIO, type Visitor } from "./checkout-visitor.ts";
import { issuedGiftCard } from "./promotion-fixtures.ts";

/**
 * The checkout page's balances in the order's currency (docs/decisions/051-markets-and-currencies.md): the
 * page reads `GET /api/cart/balances?currency=` for the order's currency and works out what they pay with
 * app/components/checkout/order-tenders.ts `orderTenders`, as app/routes/checkout.tsx does. A gift card in
 * the order's currency pays it, and so do the customer's store credit and points in it (kept per currency);
 * a card in another currency, and credit and points in another, do not, and the answer says which orders
 * they pay in the request's language; the figure shown is the one the checkout accepts.
 */

describe.each(testDatabases)("checkout page's balances in the order's currency on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, {
      identity: headerIdentity(() => shop),
      env: { SHIP_TO_COUNTRIES: "US,CA" },
    });
  });
  afterAll(() => shop.close());

  const pageHeaders = (v: Visitor) =>
    new Headers({ cookie: v.cookie, ...(v.userId ? { "x-test-user": v.userId } : {}) });

  async function giftCardIn(cents: number, currency: "usd" | "cad") {
    const card = await issuedGiftCard(shop, cents);
    await shop.services.database.db.update(giftCards).set({ currency }).where(eq(giftCards.id, card.id));
    return card;
  }

  /**
   * A signed-in customer with $7.00 of credit and 350 points (and with `canadian`, CA$12.00 of credit and
   * 200 CAD points), credit and 3 steps of points chosen, a CA$ and a $ card applied.
   */
  async function customerWithEverything(canadian = false) {
    const me = await newCustomer(shop, "currency-balances");
    const userId = me.userId as string;
    const db = shop.services.database.db;
    await addLedgerEntry(db, { userId, kind: "credit", reason: "goodwill", amount: 700, currency: "USD" });
    await addLedgerEntry(db, { userId, kind: "points", reason: "adjusted", amount: 350, currency: "USD" });
    if (canadian) {
      await addLedgerEntry(db, { userId, kind: "credit", reason: "goodwill", amount: 1200, currency: "CAD" });
      await addLedgerEntry(db, { userId, kind: "points", reason: "adjusted", amount: 200, currency: "CAD" });
    }
    expect((await me.add(3)).status).toBe(201); // Ashwagandha: $30.00, CA$40.00
    const cad = await giftCardIn(2000, "cad");
    const usd = await giftCardIn(1500, "usd");
    for (const card of [cad, usd])
      expect((await me.call("POST", "/api/cart/gift-cards", { code: card.code })).status).toBe(200);
    expect((await me.call("PUT", "/api/cart/balances", { useCredit: true, pointSteps: 3 })).status).toBe(200);
    return { me, cad, usd };
  }

  it("a CAD order: the CA$ gift card, the CA$ credit and the CAD points pay; the $ card, credit and points do not, each with its reason", async () => {
    const { me, cad, usd } = await customerWithEverything(true);
    const page = await loadCheckoutPage(shop.services, pageHeaders(me), "CAD");
    expect(page.currency).toBe("CAD");
    const balances = (await me.call("GET", "/api/cart/balances?currency=CAD")).body as CartBalancesResponse;
    expect(balances.currency).toBe("CAD");
    // The credit and points offered are the Canadian ones; the US dollar ones say which orders they pay.
    expect(balances).toMatchObject({ creditCents: 1200, points: 200, useCredit: true, pointSteps: 3 });
    expect(balances.notUsable).toEqual([
      { kind: "gift_card", giftCardId: usd.id, message: expect.stringContaining("USD") },
      { kind: "credit", currency: "USD", message: "Your $7.00 of store credit pays orders in USD." },
      { kind: "points", currency: "USD", message: "Your 350 Wellness Points pay orders in USD." },
    ]);
    const inSpanish = await me.call("GET", "/api/cart/balances?currency=CAD", undefined, {
      "x-mana-locale": "es",
    });
    expect((inSpanish.body as CartBalancesResponse).notUsable?.slice(1).map((u) => u.message)).toEqual([
      "Tus $7.00 de crédito de la tienda pagan pedidos en USD.",
      "Tus 350 Wellness Points pagan pedidos en USD.",
    ]);
    if (!page.summary) throw new Error("no checkout");
    // CA$40.00 + CA$7.95 shipping + HST 13% CA$6.23 = CA$54.18; the CA$20.00 card pays its balance, the
    // CA$12.00 of credit all of it, and the 200 CAD points two CA$5.00 steps (of the three chosen).
    const result = orderTenders(page.summary.totalCents + 623, page.payableCents + 623, balances, "CAD");
    expect(result).toEqual({
      tenders: [
        { kind: "gift_card", giftCardId: cad.id, cents: 2000 },
        { kind: "credit", cents: 1200 },
        { kind: "points", cents: 1000, points: 200 },
      ],
      tenderedCents: 4200,
      dueCents: 5418 - 4200,
    });
    const res = await me.checkout({
      shippingAddress: ONTARIO,
      currency: "CAD",
      taxCents: 623,
      tenderedCents: result.tenderedCents,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await pendingOrderOf(shop, res.body.url)).order).toMatchObject({
      currency: "cad",
      totalCents: 5418,
      tenderedCents: 4200,
    });
    // Taken from the Canadian balances only; the US dollar ones are as they were.
    const db = shop.services.database.db;
    expect(await balancesOf(db, me.userId as string, "CAD")).toEqual({ creditCents: 0, points: 0 });
    expect(await balancesOf(db, me.userId as string, "USD")).toEqual({ creditCents: 700, points: 350 });
  });

  it("a US dollar order: the $ card, the credit and the points pay; the CA$ card does not, and says why", async () => {
    const { me, usd, cad } = await customerWithEverything();
    const page = await loadCheckoutPage(shop.services, pageHeaders(me), "USD");
    expect(page.currency).toBe("USD");
    const fr = await me.call("GET", "/api/cart/balances?currency=USD");
    const balances = fr.body as CartBalancesResponse;
    expect(balances.notUsable).toEqual([
      {
        kind: "gift_card",
        giftCardId: cad.id,
        message: "Your gift card ending in " + cad.code.slice(-4) + " is in CAD: it pays only orders in CAD.",
      },
    ]);
    // The reason in the page's language, as the shop's client names it (decision 049).
    const inFrench = await me.call("GET", "/api/cart/balances?currency=USD", undefined, {
      "x-mana-locale": "fr",
    });
    expect((inFrench.body as CartBalancesResponse).notUsable?.[0]?.message).toMatch(
      /^Votre carte cadeau se terminant par/,
    );
    if (!page.summary) throw new Error("no checkout");
    // $30.00 + $5.95 shipping (Illinois: no tax): $15.00 of card, $7.00 of credit, then two $5 steps.
    const result = orderTenders(page.summary.totalCents, page.payableCents, balances, "USD");
    expect(result).toMatchObject({
      tenders: [
        { kind: "gift_card", giftCardId: usd.id, cents: 1500 },
        { kind: "credit", cents: 700 },
        { kind: "points", cents: 1000, points: 200 },
      ],
      tenderedCents: 3200,
      dueCents: 3595 - 3200,
    });
    expect((await me.checkout({ currency: "USD", tenderedCents: result.tenderedCents })).status).toBe(200);
  });
});
