import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderEvents, orders, outbox, products, refunds } from "../../server/db/schema.ts";
import { deliver as deliverSigned, inProcess } from "../reliability/support/stripe-events.ts";
import { useStripeShop } from "../support/stripe-shop.ts";
import type { StripeStandIn } from "../support/stripe-stand-in.ts";
import { type TestShop, testDatabases } from "../support/test-app.ts";
import { mails } from "./admin-fixtures.ts";
import { Visitor } from "./checkout-visitor.ts";

// Stripe takes the money before the shop can refuse it: a checkout paid after its last units were sold
// is refunded in full and cancelled by the shop (decision 019), once, even if Stripe fails the first time.
describe.each(testDatabases)("a Stripe checkout paid after the stock ran out on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  useStripeShop(kind, (started) => ({ shop, standIn } = started));

  const setStock = (id: number, onHand: number) =>
    shop.services.database.db.update(products).set({ stockOnHand: onHand }).where(eq(products.id, id));
  const stockOf = async (id: number) =>
    (
      await shop.services.database.db
        .select({ n: products.stockOnHand })
        .from(products)
        .where(eq(products.id, id))
    )[0]?.n;

  /** Two units of Ashwagandha at checkout while they are in stock; answers Stripe's completion event. */
  async function checkoutOfTwo() {
    await setStock(3, 2);
    const buyer = new Visitor(shop);
    expect((await buyer.add(3, 2)).status).toBe(201);
    const email = `late-${randomBytes(3).toString("hex")}@example.com`;
    const { body } = await buyer.checkout({ email });
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
    return { email, sessionId, paymentIntent, completed, total: Number(session.amount_total) };
  }

  const orderOf = async (sessionId: string) =>
    (await shop.services.database.db.select().from(orders).where(eq(orders.providerSessionId, sessionId)))[0];

  it("refunds the whole payment through Stripe, cancels the order and tells the customer why", async () => {
    const { email, sessionId, paymentIntent, completed, total } = await checkoutOfTwo();
    await setStock(3, 1); // another shopper paid for one meanwhile
    expect(await deliverSigned(inProcess(shop), completed)).toBe(200);

    const order = await orderOf(sessionId);
    expect(order).toMatchObject({ status: "cancelled", refundedCents: total });
    const asked = standIn.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST");
    expect(asked.map((r) => r.params)).toEqual([
      expect.objectContaining({ payment_intent: paymentIntent, amount: String(total) }),
    ]);
    const [refund] = await shop.services.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order?.id as string));
    expect(refund).toMatchObject({ actor: "the shop", status: "succeeded", amountCents: total });
    const events = await shop.services.database.db
      .select({ type: orderEvents.type })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order?.id as string));
    expect(events.map((e) => e.type).sort()).toEqual(["cancelled", "oversold", "paid", "placed", "refunded"]);
    // The one unit left is not taken; the customer is not told the order is confirmed.
    expect(await stockOf(3)).toBe(1);
    expect(await mails(shop, email, "is confirmed")).toBe(0);
    expect(await mails(shop, email, "was cancelled")).toBe(1);
    const [sent] = await shop.services.database.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, "%was cancelled%")));
    expect(sent?.text).toContain("the last units sold out while you were paying");

    // Stripe delivers the event again: nothing more is refunded or sent.
    expect(await deliverSigned(inProcess(shop), completed)).toBe(200);
    expect(standIn.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST")).toHaveLength(
      asked.length,
    );
    expect(await mails(shop, email, "was cancelled")).toBe(1);
  });

  it("Stripe fails the refund: the event is answered with an error, and its redelivery refunds once", async () => {
    const before = standIn.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST").length;
    const { sessionId, completed, total } = await checkoutOfTwo();
    await setStock(3, 0);
    standIn.faults.push("500", "500", "500");
    expect(await deliverSigned(inProcess(shop), completed)).not.toBe(200);
    standIn.faults.length = 0;
    expect(await orderOf(sessionId)).toMatchObject({ status: "processing", refundedCents: 0 });

    expect(await deliverSigned(inProcess(shop), completed)).toBe(200);
    expect(await orderOf(sessionId)).toMatchObject({ status: "cancelled", refundedCents: total });
    const orderId = (await orderOf(sessionId))?.id as string;
    const rows = await shop.services.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.map((r) => r.status).sort()).toEqual(["failed", "succeeded"]);
    expect(
      standIn.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST").length - before,
    ).toBeGreaterThanOrEqual(2);
  });
});
