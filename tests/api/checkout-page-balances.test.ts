import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCheckoutPage } from "../../app/routes/checkout.server.ts";
import { loadSuccessPage } from "../../app/routes/success.server.ts";
import { applyTenders } from "../../core/tenders.ts";
import { addLedgerEntry } from "../../server/balances/customer-ledger.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { headerIdentity, newCustomer, Visitor } from "./checkout-visitor.ts";
import { issuedGiftCard } from "./promotion-fixtures.ts";

/**
 * The checkout page's figures (app/routes/checkout.server.ts) as the page computes what balances pay: its
 * summary counts the gift cards bought, and `applyTenders` (core/tenders.ts) on the loader's balances and
 * payable part gives the figure the checkout accepts (docs/decisions/047-gift-cards-credit-and-points.md).
 */
describe.each(testDatabases)("checkout page with balances on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  const pageHeaders = (v: Visitor) =>
    new Headers({ cookie: v.cookie, ...(v.userId ? { "x-test-user": v.userId } : {}) });

  /** What the page shows balances paying, computed as app/routes/checkout.tsx does. */
  async function shown(v: Visitor) {
    const page = await loadCheckoutPage(shop.services, pageHeaders(v));
    const b = page.balances;
    if (!page.summary || !b) throw new Error("no checkout");
    const result = applyTenders(page.summary.totalCents, page.payableCents, {
      giftCards: b.giftCards,
      creditCents: b.useCredit ? b.creditCents : 0,
      pointsBalance: b.points,
      pointSteps: b.pointSteps,
    });
    return { page, result };
  }

  it("a cart of gift cards only is a checkout: the cards are listed and make the total", async () => {
    const v = new Visitor(shop);
    const added = await v.call("POST", "/api/cart/gift-card-lines", {
      amountCents: 5000,
      recipientEmail: "friend@example.com",
      recipientName: "Fern",
    });
    expect(added.status).toBe(201);
    await v.call("POST", "/api/cart/gift-card-lines", { amountCents: 2500 });
    const { page, result } = await shown(v);
    expect(page.summary).toMatchObject({
      lines: [],
      giftCardCents: 7500,
      shippingCents: 0,
      totalCents: 7500,
      giftCards: [
        { cents: 5000, recipient: "Fern", deliverOn: null },
        { cents: 2500, recipient: null, deliverOn: null },
      ],
    });
    // Balances never buy gift cards: nothing of this order is theirs to pay.
    expect(page.payableCents).toBe(0);
    expect(result.tenderedCents).toBe(0);
  });

  it("a gift card applied: the page's figure is the one the checkout accepts, and the bought card is the card's", async () => {
    const gift = await issuedGiftCard(shop, 10_000);
    const v = new Visitor(shop);
    await v.add(2); // $40.00 + $5.95 shipping
    await v.call("POST", "/api/cart/gift-card-lines", { amountCents: 2500 });
    await v.call("POST", "/api/cart/gift-cards", { code: gift.code });
    const { page, result } = await shown(v);
    expect(page.summary?.totalCents).toBe(4595 + 2500);
    expect(page.payableCents).toBe(4595);
    expect(result).toMatchObject({ tenderedCents: 4595, dueCents: 2500 });
    const res = await v.checkout({ email: "page@example.com", tenderedCents: result.tenderedCents });
    expect(res.status).toBe(200);
  });

  it("paid in full by a gift card, the guest lands on the success page with the order and what paid it", async () => {
    const gift = await issuedGiftCard(shop, 10_000);
    const v = new Visitor(shop);
    await v.add(1); // $30.00 + $5.95
    await v.call("POST", "/api/cart/gift-cards", { code: gift.code });
    const { result } = await shown(v);
    expect(result).toMatchObject({ tenderedCents: 3595, dueCents: 0 });
    const res = await v.checkout({ email: "in-full@example.com", tenderedCents: result.tenderedCents });
    expect(res.status).toBe(200);
    const sessionId = new URL(res.body.url, "http://shop.test").searchParams.get("session_id");
    expect(sessionId).toMatch(/^paid_by_balance_/);
    const success = await loadSuccessPage(shop.services, pageHeaders(v), sessionId);
    expect(success.order?.summary).toMatchObject({ totalCents: 3595, tenderedCents: 3595 });
  });

  it("store credit and points chosen: the page's figure is the checkout's", async () => {
    const me = await newCustomer(shop, "page-balances");
    const userId = me.userId as string;
    const db = shop.services.database.db;
    await addLedgerEntry(db, { userId, kind: "credit", reason: "goodwill", amount: 700, currency: "USD" });
    await addLedgerEntry(db, { userId, kind: "points", reason: "adjusted", amount: 350, currency: "USD" });
    await me.add(1); // $30.00 + $5.95
    await me.call("PUT", "/api/cart/balances", { useCredit: true, pointSteps: 3 });
    const { page, result } = await shown(me);
    expect(page.balances).toMatchObject({ signedIn: true, creditCents: 700, points: 350, pointSteps: 3 });
    // $7.00 of credit, then three $5 steps of points.
    expect(result.tenderedCents).toBe(700 + 1500);
    expect((await me.checkout({ tenderedCents: result.tenderedCents })).status).toBe(200);
  });
});
