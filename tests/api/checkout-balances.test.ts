import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOverview } from "../../server/admin/overview.ts";
import { addLedgerEntry, balancesOf } from "../../server/balances/customer-ledger.ts";
import { giftCardBalance } from "../../server/balances/gift-cards.ts";
import { giftCards, orders, orderTenders, outbox } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { moveOrder } from "../../server/orders/move-order.ts";
import { cancelUnpaidOrders } from "../../server/orders/order-life.ts";
import { refundOrder } from "../../server/orders/refund-order.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { pendingOrderOf, sessionIdOf } from "../support/stripe-shop.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { headerIdentity, newCustomer, Visitor } from "./checkout-visitor.ts";
import { issuedGiftCard } from "./promotion-fixtures.ts";

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };

/**
 * The checkout with gift cards, store credit and points (docs/decisions/047-gift-cards-credit-and-points.md):
 * they pay the one-time part after the total, the card the rest; paid in full, no payment page; a cancelled
 * checkout gives them back; gift cards bought are issued when paid and sent on their day.
 */
describe.each(testDatabases)("checkout with balances on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  const issuedCard = (cents: number) => issuedGiftCard(shop, cents);

  it("a gift card pays half the order, the card the rest; the order and the card's balance say so", async () => {
    const gift = await issuedCard(3000);
    const v = new Visitor(shop);
    await v.add(1); // $30.00
    await v.add(3); // $30.00, + $5.95 shipping
    expect((await v.call("POST", "/api/cart/gift-cards", { code: gift.code })).status).toBe(200);
    const wrong = await v.checkout({ email: "half@example.com", tenderedCents: 1000 });
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe("balances_changed");
    const res = await v.checkout({ email: "half@example.com", tenderedCents: 3000 });
    expect(res.status).toBe(200);
    const { order } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({ totalCents: 6595, tenderedCents: 3000 });
    expect(await giftCardBalance(db(), gift.id)).toBe(0);
    const revenueBefore = (await loadOverview(db())).periods[0]?.revenueCents ?? 0;
    const paid = await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(res.body.url), card);
    expect(paid?.kind).toBe("paid");
    // The overview's revenue counts the money the card paid, not the gift card's (counted when it was sold).
    expect((await loadOverview(db())).periods[0]?.revenueCents).toBe(revenueBefore + 3595);
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after?.status).toBe("processing");
    const tenders = await db().select().from(orderTenders).where(eq(orderTenders.orderId, order.id));
    expect(tenders.map((t) => [t.kind, t.amountCents, t.status])).toEqual([["gift_card", 3000, "captured"]]);
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order-confirmation:${order.id}`));
    expect(mail?.text).toContain("Paid with gift cards, credit or points");
  });

  it("paid in full by gift card: no payment page, the order is paid at once", async () => {
    const gift = await issuedCard(10_000);
    const v = new Visitor(shop);
    await v.add(2); // $40.00 + $5.95
    await v.call("POST", "/api/cart/gift-cards", { code: gift.code });
    const res = await v.checkout({ email: "full@example.com", tenderedCents: 4595 });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/success\?session_id=paid_by_balance_/);
    const [order] = await db().select().from(orders).where(eq(orders.email, "full@example.com"));
    expect(order).toMatchObject({ status: "processing", totalCents: 4595, tenderedCents: 4595 });
    expect(await giftCardBalance(db(), gift.id)).toBe(10_000 - 4595);
    expect(await v.cartItems()).toEqual([]);
  });

  it("a subscription is the card's: balances pay only the one-time part", async () => {
    const gift = await issuedCard(10_000);
    const v = new Visitor(shop);
    await v.add(1, 1, true); // $25.50 a month
    await v.call("POST", "/api/cart/gift-cards", { code: gift.code });
    const res = await v.checkout({ email: "sub@example.com", tenderedCents: 595 });
    expect(res.status).toBe(200);
    const { order } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({ totalCents: 2550 + 595, tenderedCents: 595 });
  });

  it("store credit and points pay after gift cards; a cancelled checkout gives all of them back", async () => {
    const me = await newCustomer(shop, "balances");
    const userId = me.userId as string;
    await addLedgerEntry(db(), { userId, kind: "credit", reason: "goodwill", amount: 1000, currency: "USD" });
    await addLedgerEntry(db(), { userId, kind: "points", reason: "adjusted", amount: 230, currency: "USD" });
    await me.add(2); // $40.00 + $5.95
    const chosen = await me.call("PUT", "/api/cart/balances", { useCredit: true, pointSteps: 2 });
    expect(chosen.body).toMatchObject({ creditCents: 1000, points: 230, useCredit: true, pointSteps: 2 });
    const res = await me.checkout({ tenderedCents: 2000 });
    expect(res.status).toBe(200);
    const { order } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({ totalCents: 4595, tenderedCents: 2000 });
    expect(await balancesOf(db(), userId, "USD")).toEqual({ creditCents: 0, points: 30 });
    await db().transaction((tx) => cancelUnpaidOrders(tx, [order.id], "abandoned"));
    expect(await balancesOf(db(), userId, "USD")).toEqual({ creditCents: 1000, points: 230 });
  });

  it("a gift card bought for a friend is issued when the order is paid and waits for its day", async () => {
    const v = new Visitor(shop);
    const added = await v.call("POST", "/api/cart/gift-card-lines", {
      amountCents: 5000,
      recipientEmail: `friend-${kind}@example.com`,
      recipientName: "Robin",
      senderName: "Alex",
      message: "For your birthday",
      deliverOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(added.status).toBe(201);
    const past = await v.call("POST", "/api/cart/gift-card-lines", {
      amountCents: 5000,
      deliverOn: "2001-01-01",
    });
    expect(past.body.code).toBe("date_in_past");
    const far = await v.call("POST", "/api/cart/gift-card-lines", {
      amountCents: 5000,
      deliverOn: "2099-06-01",
    });
    expect(far.body.code).toBe("date_too_far");
    expect((await v.call("POST", "/api/cart/gift-card-lines", { amountCents: 900 })).status).toBe(400);
    // A gift card cannot buy a gift card.
    const gift = await issuedCard(10_000);
    await v.call("POST", "/api/cart/gift-cards", { code: gift.code });
    const res = await v.checkout({ email: "alex@example.com", tenderedCents: 0 });
    expect(res.status).toBe(200);
    const { order } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({ totalCents: 5000, giftCardCents: 5000, tenderedCents: 0 });
    const pending = await db().select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(pending.map((c) => c.status)).toEqual(["pending"]);
    const paid = await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(res.body.url), card);
    expect(paid?.kind).toBe("paid");
    const [issued] = await db().select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(issued).toMatchObject({ status: "active", deliveredAt: null, codeHash: null });
    expect(await giftCardBalance(db(), issued?.id as string)).toBe(5000);
    expect((await v.call("GET", "/api/cart/gift-card-lines")).body).toEqual([]);
  });

  it("a refund goes back to the gift card first, then the card; points earned at delivery are taken back", async () => {
    const gift = await issuedCard(3000);
    const me = await newCustomer(shop, "refunds");
    await me.add(1);
    await me.add(3); // $60.00 + $5.95
    await me.call("POST", "/api/cart/gift-cards", { code: gift.code });
    const res = await me.checkout({ tenderedCents: 3000 });
    await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(res.body.url), card);
    const { order } = await pendingOrderOf(shop, res.body.url);
    await moveOrder(db(), order.orderNumber, "shipped", {
      carrier: "UPS",
      trackingCode: "1Z999AA10123456784",
    });
    await moveOrder(db(), order.orderNumber, "delivered");
    // The card paid $35.95: 35 points.
    expect(await balancesOf(db(), me.userId as string, "USD")).toEqual({ creditCents: 0, points: 35 });

    const deps = shopDeps(shop.services);
    const first = await refundOrder(deps, order.orderNumber, {
      amountCents: 4000,
      reason: "Damaged",
      actor: "the shop",
    });
    expect(first.order.refundedCents).toBe(4000);
    expect(await giftCardBalance(db(), gift.id)).toBe(3000);
    // $10.00 of the card's $35.95 came back: what is left earns 25 points.
    expect(await balancesOf(db(), me.userId as string, "USD")).toEqual({ creditCents: 0, points: 25 });
    const toCredit = await refundOrder(deps, order.orderNumber, {
      amountCents: 1000,
      reason: "Goodwill",
      actor: "the shop",
      to: "credit",
    });
    expect(toCredit.order.refundedCents).toBe(5000);
    expect(await balancesOf(db(), me.userId as string, "USD")).toEqual({ creditCents: 1000, points: 15 });
    await expect(
      refundOrder(deps, order.orderNumber, { amountCents: 1596, reason: "Too much", actor: "the shop" }),
    ).rejects.toThrow(/at most \$15\.95 more/);
  });

  it("three checkouts at once spending one $50 gift card: one takes it, the others are told its balance changed", async () => {
    const gift = await issuedCard(5000);
    const visitors = await Promise.all(
      [1, 2, 3].map(async () => {
        const v = new Visitor(shop);
        await v.add(1); // $30.00 + $5.95
        expect((await v.call("POST", "/api/cart/gift-cards", { code: gift.code })).status).toBe(200);
        return v;
      }),
    );
    const answers = await Promise.all(
      visitors.map((v, i) => v.checkout({ email: `race-gift-${i}@example.com`, tenderedCents: 3595 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    // Refused under the card's lock (it was taken meanwhile), or before it when the balance read at checkout
    // already differed from what the page showed: either way nothing was taken.
    for (const refused of answers.filter((a) => a.status === 409))
      expect(["gift_card_balance_changed", "balances_changed"]).toContain(refused.body.code);
    expect(await giftCardBalance(db(), gift.id)).toBe(5000 - 3595);
  });

  it("a whole refund of an order paid with store credit, points and the card gives each back, in that order", async () => {
    const me = await newCustomer(shop, "refund-all");
    const userId = me.userId as string;
    await addLedgerEntry(db(), { userId, kind: "credit", reason: "goodwill", amount: 1000, currency: "USD" });
    await addLedgerEntry(db(), { userId, kind: "points", reason: "adjusted", amount: 230, currency: "USD" });
    await me.add(2); // $40.00 + $5.95
    await me.call("PUT", "/api/cart/balances", { useCredit: true, pointSteps: 2 });
    const res = await me.checkout({ tenderedCents: 2000 });
    expect(res.status).toBe(200);
    await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(res.body.url), card);
    const { order } = await pendingOrderOf(shop, res.body.url);
    expect(await balancesOf(db(), userId, "USD")).toEqual({ creditCents: 0, points: 30 });
    const refunded = await refundOrder(shopDeps(shop.services), order.orderNumber, {
      amountCents: 4595,
      reason: "Changed their mind",
      actor: "the shop",
    });
    expect(refunded.order.refundedCents).toBe(4595);
    expect(await balancesOf(db(), userId, "USD")).toEqual({ creditCents: 1000, points: 230 });
    const tenders = await db().select().from(orderTenders).where(eq(orderTenders.orderId, order.id));
    expect(tenders.map((t) => [t.kind, t.amountCents, t.refundedCents]).sort()).toEqual([
      ["credit", 1000, 1000],
      ["points", 1000, 1000],
    ]);
  });
});
