import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePreferences } from "../../server/account/preferences.ts";
import { balancesOf } from "../../server/balances/customer-ledger.ts";
import { addresses, orders, outbox, referrals } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { moveOrder } from "../../server/orders/move-order.ts";
import { refundOrder } from "../../server/orders/refund-order.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { settleDueReferrals } from "../../server/promotions/referrals.ts";
import { pendingOrderOf, sessionIdOf } from "../support/stripe-shop.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { headerIdentity, newCustomer, PARIS, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };
/** The sandbox's other card that pays (a Mastercard). */
const otherCard = { ...card, cardNumber: "5200 8282 8282 8210" };
const DAY = 86_400_000;

/**
 * Referrals (docs/decisions/047-gift-cards-credit-and-points.md): a friend's first order of $40 or more
 * gets $10 off with a customer's code; the customer gets $10 of store credit once that order was delivered
 * 30 days ago and not refunded; nobody refers themselves.
 */
describe.each(testDatabases)("referrals on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  async function referrer() {
    const me = await newCustomer(shop, "referrer");
    const res = await me.call("GET", "/api/account/balances");
    expect(res.status).toBe(200);
    const { code, url } = res.body.referral as { code: string; url: string };
    expect(code).toMatch(/^FRIEND-[2-9A-HJKMNP-Z]{6}$/);
    expect(url).toBe(`http://localhost/?code=${code}`);
    // Asked again, the same code.
    expect((await me.call("GET", "/api/account/balances")).body.referral.code).toBe(code);
    return { me, code };
  }
  async function friendOrder(code: string, email: string, paidWith = card) {
    const friend = new Visitor(shop);
    await friend.add(2); // $40.00 + $5.95
    expect((await friend.call("POST", "/api/cart/code", { code })).status).toBe(200);
    const res = await friend.checkout({ email, discountCode: code });
    expect(res.status).toBe(200);
    expect(
      await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(res.body.url), paidWith),
    ).toMatchObject({
      kind: "paid",
    });
    return (await pendingOrderOf(shop, res.body.url)).order;
  }
  /** The referrer's own order, paid with `paidWith`, shipped elsewhere than the friends' address. */
  async function ownOrder(me: Visitor, paidWith: typeof card) {
    await me.add(1);
    const res = await me.checkout({
      email: `${me.userId}@example.com`,
      shippingAddress: { ...TEST_ADDRESS, line1: "9 Elm St", postalCode: "62702" },
    });
    expect(res.status).toBe(200);
    await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(res.body.url), paidWith);
    const { order } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({ userId: me.userId, status: "processing" });
    return order;
  }
  async function deliverDaysAgo(orderNumber: string, days: number) {
    await moveOrder(db(), orderNumber, "shipped", { carrier: "UPS", trackingCode: "1Z999AA10123456784" });
    await moveOrder(db(), orderNumber, "delivered");
    await db()
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - days * DAY) })
      .where(eq(orders.orderNumber, orderNumber));
  }

  it("a friend's first order gets $10 off; 30 days after delivery the referrer has $10 of credit, once", async () => {
    const { me, code } = await referrer();
    const order = await friendOrder(code, `friend-a-${kind}@example.com`);
    expect(order).toMatchObject({ discountCode: code, codeDiscountCents: 1000, totalCents: 4595 - 1000 });
    const [ref] = await db().select().from(referrals).where(eq(referrals.orderId, order.id));
    expect(ref?.status).toBe("pending");

    const deps = shopDeps(shop.services);
    await deliverDaysAgo(order.orderNumber, 29);
    expect(await settleDueReferrals(deps)).toEqual({ credited: 0, voided: 0 });
    await db()
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(orders.id, order.id));
    expect(await settleDueReferrals(deps)).toMatchObject({ credited: 1 });
    expect(await settleDueReferrals(deps)).toEqual({ credited: 0, voided: 0 });
    expect((await balancesOf(db(), me.userId as string, "USD")).creditCents).toBe(1000);
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `referral-credit:${ref?.id}`));
    expect(mail?.subject).toBe("You earned $10.00 of MANA store credit");
    expect(mail?.text).toContain(
      "A friend you invited ordered from MANA, and their order arrived a month ago. Thank you: $10.00 of store credit is on your account",
    );
    expect(mail?.text).toMatch(/Your account: https?:\/\/[^/]+\/account\n/);
    const mine = await me.call("GET", "/api/account/balances");
    expect(mine.body.referral.referrals).toEqual([expect.objectContaining({ status: "credited" })]);
    expect(mine.body.history).toEqual([
      expect.objectContaining({ kind: "credit", reason: "referral", amount: 1000 }),
    ]);
  });

  it("in euros: a friend in Paris gets €10 off from €40, and the referrer €10.00 of credit in euros (decision 051)", async () => {
    const { me, code } = await referrer();
    const friend = new Visitor(shop);
    await friend.add(2); // €39.00
    await friend.add(3); // €29.00
    expect((await friend.call("POST", "/api/cart/code?currency=EUR", { code })).status).toBe(200);
    const res = await friend.checkout({
      email: `friend-eur-${kind}@example.com`,
      discountCode: code,
      shippingAddress: PARIS,
      currency: "EUR",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(res.body.url), card)).toMatchObject({
      kind: "paid",
    });
    const { order } = await pendingOrderOf(shop, res.body.url);
    // €68.00 of goods and €5.95 shipping (free from €70), less the €10.00 the code gives in euros.
    expect(order).toMatchObject({ currency: "eur", codeDiscountCents: 1000, totalCents: 6800 + 595 - 1000 });

    await deliverDaysAgo(order.orderNumber, 31);
    expect(await settleDueReferrals(shopDeps(shop.services))).toMatchObject({ credited: 1 });
    expect((await balancesOf(db(), me.userId as string, "EUR")).creditCents).toBe(1000);
    expect((await balancesOf(db(), me.userId as string, "USD")).creditCents).toBe(0);
    const [ref] = await db().select().from(referrals).where(eq(referrals.orderId, order.id));
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `referral-credit:${ref?.id}`));
    expect(mail?.subject).toBe("You earned €10.00 of MANA store credit");
    // The account states the offer in every currency and the referral's credit in its own.
    const mine = await me.call("GET", "/api/account/balances");
    expect(mine.body.referral.offers).toEqual({
      USD: { friendOffCents: 1000, minSubtotalCents: 4000, creditCents: 1000 },
      CAD: { friendOffCents: 1500, minSubtotalCents: 5500, creditCents: 1500 },
      EUR: { friendOffCents: 1000, minSubtotalCents: 4000, creditCents: 1000 },
      GBP: { friendOffCents: 800, minSubtotalCents: 3500, creditCents: 800 },
    });
    expect(mine.body.referral.referrals).toEqual([
      expect.objectContaining({ status: "credited", currency: "EUR", creditCents: 1000 }),
    ]);
  });

  it("a referral code's offer in Canadian dollars is CA$15 off from CA$55: CA$54.00 is not enough", async () => {
    const { code } = await referrer();
    const friend = new Visitor(shop);
    await friend.add(2); // CA$54.00
    const applied = await friend.call("POST", "/api/cart/code?currency=CAD", { code });
    expect(applied.status).toBe(409);
    expect(applied.body).toEqual({
      code: "code_minimum_not_met",
      message: `Add CA$1.00 more to use the code ${code}.`,
    });
    await friend.add(4); // CA$40.00 more
    const now = await friend.call("POST", "/api/cart/code?currency=CAD", { code });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(now.body).toMatchObject({
      refusal: null,
      code: { code, amounts: { CAD: { amountCents: 1500, minSubtotalCents: 5500 } } },
    });
  });

  it("the credit's e-mail is written in the display language the referrer saved", async () => {
    const { me, code } = await referrer();
    await savePreferences(db(), me.userId as string, { display: { language: "es" } });
    const order = await friendOrder(code, `friend-es-${kind}@example.com`);
    await deliverDaysAgo(order.orderNumber, 31);
    expect(await settleDueReferrals(shopDeps(shop.services))).toMatchObject({ credited: 1 });
    const [ref] = await db().select().from(referrals).where(eq(referrals.orderId, order.id));
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `referral-credit:${ref?.id}`));
    expect(mail?.subject).toBe("Ganaste $10.00 de crédito en la tienda MANA");
    expect(mail?.text).toContain("Gracias: tienes $10.00 de crédito en tu cuenta");
    expect(mail?.text).toMatch(/Tu cuenta: https?:\/\/[^/]+\/es\/account\n/);
  });

  it("a refunded friend's order earns nothing: the referral is void", async () => {
    const { me, code } = await referrer();
    const order = await friendOrder(code, `friend-b-${kind}@example.com`);
    await refundOrder(shopDeps(shop.services), order.orderNumber, {
      amountCents: 500,
      reason: "Damaged",
      actor: "the shop",
    });
    expect(await settleDueReferrals(shopDeps(shop.services))).toMatchObject({ voided: 1 });
    expect((await balancesOf(db(), me.userId as string, "USD")).creditCents).toBe(0);
  });

  it("nobody refers themselves by card: a friend's order paid with the referrer's card is void, another card earns", async () => {
    const { me, code } = await referrer();
    const mine = await ownOrder(me, card);
    // Which card paid is kept, never the number: the same card, the same fingerprint.
    expect(mine.cardFingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(mine)).not.toContain("4242424242424242");

    const sameCard = await friendOrder(code, `friend-c-${kind}@example.com`, card);
    const otherCardOrder = await friendOrder(code, `friend-d-${kind}@example.com`, otherCard);
    expect(sameCard.cardFingerprint).toBe(mine.cardFingerprint);
    expect(otherCardOrder.cardFingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(otherCardOrder.cardFingerprint).not.toBe(mine.cardFingerprint);
    // The friend paid with the card: their discount stands.
    expect(sameCard).toMatchObject({ discountCode: code, codeDiscountCents: 1000, status: "processing" });
    await deliverDaysAgo(sameCard.orderNumber, 31);
    await deliverDaysAgo(otherCardOrder.orderNumber, 31);

    expect(await settleDueReferrals(shopDeps(shop.services))).toEqual({ credited: 1, voided: 1 });
    const refOf = async (orderId: string) =>
      (await db().select().from(referrals).where(eq(referrals.orderId, orderId)))[0];
    expect(await refOf(sameCard.id)).toMatchObject({ status: "void", voidReason: "own_card" });
    expect(await refOf(otherCardOrder.id)).toMatchObject({ status: "credited", voidReason: null });
    expect((await balancesOf(db(), me.userId as string, "USD")).creditCents).toBe(1000);
    const shown = await me.call("GET", "/api/account/balances");
    expect(shown.body.referral.referrals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: "void", voidReason: "own_card" }),
        expect.objectContaining({ status: "credited", voidReason: null }),
      ]),
    );
  });

  it("nobody refers themselves: not the same account, e-mail or shipping address; and only from $40", async () => {
    const { me, code } = await referrer();
    await me.add(2);
    const own = await me.call("POST", "/api/cart/code", { code });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe("code_own_referral");

    const sameEmail = new Visitor(shop);
    await sameEmail.add(2);
    expect((await sameEmail.call("POST", "/api/cart/code", { code })).status).toBe(200);
    const byEmail = await sameEmail.checkout({ email: `${me.userId}@example.com`, discountCode: code });
    expect(byEmail.body.code).toBe("code_own_referral");

    await db()
      .insert(addresses)
      .values({ userId: me.userId as string, ...TEST_ADDRESS, line2: null, phone: null });
    const sameHome = new Visitor(shop);
    await sameHome.add(2);
    await sameHome.call("POST", "/api/cart/code", { code });
    const byAddress = await sameHome.checkout({
      email: `neighbour-${kind}@example.com`,
      discountCode: code,
      shippingAddress: { ...TEST_ADDRESS, line1: " 1  main st " },
    });
    expect(byAddress.status).toBe(409);
    expect(byAddress.body.code).toBe("code_own_referral");

    const small = new Visitor(shop);
    await small.add(1); // $30.00
    const short = await small.call("POST", "/api/cart/code", { code });
    expect(short.body).toMatchObject({ code: "code_minimum_not_met" });
    expect(short.body.message).toBe(`Add $10.00 more to use the code ${code}.`);
  });
});
