import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { giftCardBalance } from "../../server/balances/gift-cards.ts";
import { discountCodes, orders } from "../../server/db/schema.ts";
import { postEvent, stripeEvent } from "../reliability/support/stripe-events.ts";
import { pendingOrderOf, useStripeShop } from "../support/stripe-shop.ts";
import type { StripeStandIn } from "../support/stripe-stand-in.ts";
import { type TestShop, testDatabases } from "../support/test-app.ts";
import { Visitor } from "./checkout-visitor.ts";
import { issuedGiftCard } from "./promotion-fixtures.ts";

/**
 * Codes and gift cards on Stripe (decisions 046 and 047): Stripe Checkout is asked for the discounted amount
 * (a one-off coupon carries the code and what gift cards paid) and the paid event is checked against what
 * is due; an order gift cards pay in full never reaches Stripe.
 */
describe.each(testDatabases)("promotions on Stripe on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  const db = () => shop.services.database.db;
  useStripeShop(kind, (started) => ({ shop, standIn } = started));

  const issuedCard = (cents: number) => issuedGiftCard(shop, cents);

  it("Checkout charges the total less the code and the gift card, and the paid event is checked against it", async () => {
    const code = `STRIPE10X${process.pid}${kind}`.toUpperCase().replace(/[^A-Z0-9]/g, "");
    await db().insert(discountCodes).values({ code, kind: "percent", percent: 10 });
    const gift = await issuedCard(1000);
    const v = new Visitor(shop);
    await v.add(1); // $30.00
    await v.add(3); // $30.00, + $5.95 shipping
    expect((await v.call("POST", "/api/cart/code", { code })).status).toBe(200);
    await v.call("POST", "/api/cart/gift-cards", { code: gift.code });
    const res = await v.checkout({
      email: "stripe-promo@example.com",
      discountCode: code,
      tenderedCents: 1000,
    });
    expect(res.status).toBe(200);
    const { sessionId, order } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({
      totalCents: 6000 - 600 + 595,
      tenderedCents: 1000,
      codeDiscountCents: 600,
    });
    const session = standIn.sessions.get(sessionId);
    expect(session?.amount_total).toBe(6000 - 600 + 595 - 1000);
    const [call] = standIn.sessionRequests().slice(-1);
    expect(call?.params.discounts).toBeDefined();
    const coupon = standIn.requests.filter((r) => r.path === "/v1/coupons").slice(-1)[0];
    expect(coupon?.params).toMatchObject({
      amount_off: "1600",
      duration: "once",
      name: `Savings and code ${code}`,
    });

    const paid = await postEvent(
      shop,
      stripeEvent("checkout.session.completed", {
        ...session,
        payment_status: "paid",
        status: "complete",
        payment_intent: `pi_${sessionId.slice(-12)}`,
      }),
    );
    expect(paid.body).toEqual({ received: true, outcome: "paid" });
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after?.status).toBe("processing");
    expect(await giftCardBalance(db(), gift.id)).toBe(0);
  });

  it("keeps which card paid as Stripe fingerprints it (the referral rule against one's own card, decision 047)", async () => {
    const pay = async (email: string, card?: { brand: string; last4: string }) => {
      const v = new Visitor(shop);
      await v.add(2);
      const res = await v.checkout({ email });
      expect(res.status).toBe(200);
      const { sessionId, order } = await pendingOrderOf(shop, res.body.url);
      if (card) standIn.cardOf(sessionId, card);
      const paid = await postEvent(
        shop,
        stripeEvent("checkout.session.completed", {
          ...standIn.sessions.get(sessionId),
          payment_status: "paid",
          status: "complete",
          payment_intent: `pi_${sessionId.slice(-12)}`,
        }),
      );
      expect(paid.body).toEqual({ received: true, outcome: "paid" });
      const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
      return after;
    };
    const visa = await pay("stripe-card-a@example.com");
    const again = await pay("stripe-card-b@example.com");
    const mastercard = await pay("stripe-card-c@example.com", { brand: "mastercard", last4: "4444" });
    expect(visa?.cardFingerprint).toBe("fp_visa_4242");
    expect(again?.cardFingerprint).toBe(visa?.cardFingerprint);
    expect(mastercard?.cardFingerprint).toBe("fp_mastercard_4444");
    const asked = standIn.requests.filter(
      (r) => r.method === "GET" && r.path === `/v1/checkout/sessions/${visa?.providerSessionId}`,
    );
    expect(asked.at(-1)?.params).toMatchObject({ "expand[0]": "payment_intent.payment_method" });
  });

  it("an order paid in full by gift card creates no Stripe session nor payment", async () => {
    const gift = await issuedCard(10_000);
    const v = new Visitor(shop);
    await v.add(2); // $40.00 + $5.95
    await v.call("POST", "/api/cart/gift-cards", { code: gift.code });
    const before = standIn.requests.length;
    const res = await v.checkout({ email: "stripe-gift@example.com", tenderedCents: 4595 });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/success\?session_id=paid_by_balance_/);
    expect(standIn.requests.slice(before)).toEqual([]);
    const [order] = await db().select().from(orders).where(eq(orders.email, "stripe-gift@example.com"));
    expect(order).toMatchObject({ status: "processing", provider: "stripe", providerPaymentId: null });
  });
});
