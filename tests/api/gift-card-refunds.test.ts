import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftCardBalance } from "../../server/balances/gift-cards.ts";
import { deliverDueGiftCards } from "../../server/balances/issue-gift-cards.ts";
import { holdTenders } from "../../server/balances/order-tenders.ts";
import { giftCardEntries, giftCards, orders, outbox, refunds } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { insertOrder } from "../../server/orders/order-life.ts";
import { deliver as deliverSigned, inProcess, WEBHOOK_SECRET } from "../reliability/support/stripe-events.ts";
import { StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { type OrderRow, paidSandboxOrder, people } from "./admin-fixtures.ts";
import { headerIdentity, Visitor } from "./checkout-visitor.ts";

/**
 * Refunding an order that bought gift cards takes back from those cards what they still hold, the order's
 * goods and shipping first (docs/decisions/047-gift-cards-credit-and-points.md): a card not used is voided;
 * one partly spent gives what it has left, and a refund needing more is refused with what may be refunded.
 */
describe.each(testDatabases)("refunding an order that bought gift cards on %s", (kind) => {
  let shop: TestShop;
  let who: Awaited<ReturnType<typeof people>>;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    who = await people(shop);
  });
  afterAll(() => shop.close());

  type CardLine = { amountCents: number; recipientEmail?: string; deliverOn?: string };
  /** A paid order buying `cards` (and `products`), and the cards it issued in the order bought. */
  async function boughtCards(cards: CardLine[], products: [number, number][] = []) {
    const buyer = new Visitor(shop);
    for (const line of cards)
      expect((await buyer.call("POST", "/api/cart/gift-card-lines", line)).status).toBe(201);
    const order = await paidSandboxOrder(shop, buyer, products);
    const issued = await db()
      .select()
      .from(giftCards)
      .where(eq(giftCards.orderId, order.id))
      .orderBy(giftCards.createdAt);
    expect(issued.map((c) => c.status)).toEqual(cards.map(() => "active"));
    return { order, cards: issued };
  }

  /** The code a delivered card's e-mail carries. */
  async function codeOf(giftCardId: string): Promise<string> {
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `gift-card:${giftCardId}`));
    const code = mail?.text.match(/Gift card code: ([2-9A-Z-]{19})/)?.[1];
    if (!code) throw new Error("the card was not sent");
    return code;
  }

  /** A shopper's checkout of product 1 ($30.00 + $5.95 shipping) paid with the card: answers its response. */
  async function spend(code: string) {
    const v = new Visitor(shop);
    await v.add(1);
    expect((await v.call("POST", "/api/cart/gift-cards", { code })).status).toBe(200);
    return v.checkout({ email: `spender-${kind}@example.com`, tenderedCents: 3595 });
  }

  const refund = (order: OrderRow, amountCents: number) =>
    who.admin.call("POST", `/api/admin/orders/${order.orderNumber}/refund`, {
      amountCents,
      reason: "Changed their mind",
    });

  const cardRow = async (id: string) => (await db().select().from(giftCards).where(eq(giftCards.id, id)))[0];
  const takeBacks = async (id: string) =>
    (
      await db()
        .select()
        .from(giftCardEntries)
        .where(and(eq(giftCardEntries.giftCardId, id)))
        .orderBy(giftCardEntries.createdAt)
    )
      .filter((e) => e.kind === "voided" || e.kind === "adjusted")
      .map((e) => [e.kind, e.amountCents]);

  it("a whole refund of an unused card's order voids it: its balance is 0 and the balance check no longer knows it", async () => {
    const { order, cards } = await boughtCards([{ amountCents: 5000 }]);
    const card = cards[0] as (typeof cards)[number];
    const code = await codeOf(card.id);
    const v = new Visitor(shop);
    expect((await v.call("POST", "/api/gift-cards/balance", { code })).body.balanceCents).toBe(5000);
    const res = await refund(order, 5000);
    expect(res.status).toBe(200);
    expect(res.body.refundedCents).toBe(5000);
    expect(await giftCardBalance(db(), card.id)).toBe(0);
    expect((await cardRow(card.id))?.status).toBe("voided");
    expect(await takeBacks(card.id)).toEqual([["voided", -5000]]);
    const check = await v.call("POST", "/api/gift-cards/balance", { code });
    expect(check.status).toBe(404);
    // It no longer pays.
    const applied = await new Visitor(shop).call("POST", "/api/cart/gift-cards", { code });
    expect(applied.status).toBe(404);
  });

  it("a card partly spent: a refund beyond what it holds is refused with what may be refunded, nothing changes; within it, the card gives that back", async () => {
    const { order, cards } = await boughtCards([{ amountCents: 5000 }]);
    const card = cards[0] as (typeof cards)[number];
    expect((await spend(await codeOf(card.id))).status).toBe(200);
    expect(await giftCardBalance(db(), card.id)).toBe(1405);

    const refused = await refund(order, 5000);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "gift_cards_spent",
      message: `The gift card ••••${card.last4} has $14.05 left of the $50.00 it was bought with: at most $14.05 of its price can be refunded.`,
    });
    expect(await giftCardBalance(db(), card.id)).toBe(1405);
    expect((await cardRow(card.id))?.status).toBe("active");
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    const [same] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(same?.refundedCents).toBe(0);

    const within = await refund(order, 1000);
    expect(within.status).toBe(200);
    expect(await giftCardBalance(db(), card.id)).toBe(405);
    expect((await cardRow(card.id))?.status).toBe("active");
    expect(await takeBacks(card.id)).toEqual([["adjusted", -1000]]);
    const rest = await refund(order, 405);
    expect(rest.status).toBe(200);
    expect((await cardRow(card.id))?.status).toBe("voided");
    expect(await refund(order, 1)).toMatchObject({ status: 409, body: { code: "gift_cards_spent" } });
  });

  it("an order of goods and a card: the goods are refunded first and leave the card; beyond them the card gives back", async () => {
    const { order, cards } = await boughtCards([{ amountCents: 5000 }], [[1, 1]]);
    const card = cards[0] as (typeof cards)[number];
    expect(order).toMatchObject({ totalCents: 8595, giftCardCents: 5000 });
    expect((await refund(order, 3595)).status).toBe(200);
    expect(await giftCardBalance(db(), card.id)).toBe(5000);
    expect((await spend(await codeOf(card.id))).status).toBe(200);
    // $14.05 left on the card: the refund's $30.00 of its price is refused, naming what can go now.
    const refused = await refund(order, 3000);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/at most \$14\.05 of its price can be refunded\.$/);
    expect((await refund(order, 1405)).status).toBe(200);
    expect(await giftCardBalance(db(), card.id)).toBe(0);
  });

  it("a card for a later day is voided by the refund and never sent", async () => {
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const friend = `later-${kind}-${Date.now()}@example.com`;
    const { order, cards } = await boughtCards([
      { amountCents: 2500, recipientEmail: friend, deliverOn: later },
      { amountCents: 2500 },
    ]);
    const [scheduled, sent] = cards as [(typeof cards)[number], (typeof cards)[number]];
    expect(scheduled.deliveredAt).toBeNull();
    // Half the order: the card not sent yet goes first, the one sent keeps its money.
    expect((await refund(order, 2500)).status).toBe(200);
    expect((await cardRow(scheduled.id))?.status).toBe("voided");
    expect(await giftCardBalance(db(), sent.id)).toBe(2500);
    expect(
      await deliverDueGiftCards(shopDeps(shop.services), new Date(`${later}T23:59:59Z`), scheduled.id),
    ).toBe(0);
    expect(await db().select().from(outbox).where(eq(outbox.to, friend))).toEqual([]);
  });

  it("a checkout spending the card and a refund of the order that bought it, at once: one goes through, the balance never goes below zero", async () => {
    const { order, cards } = await boughtCards([{ amountCents: 5000 }]);
    const card = cards[0] as (typeof cards)[number];
    const v = new Visitor(shop);
    await v.add(1);
    expect((await v.call("POST", "/api/cart/gift-cards", { code: await codeOf(card.id) })).status).toBe(200);
    const [checkout, refunded] = await Promise.all([
      v.checkout({ email: `race-${kind}@example.com`, tenderedCents: 3595 }),
      refund(order, 5000),
    ]);
    expect([checkout.status, refunded.status].sort()).toEqual([200, 409]);
    expect(await giftCardBalance(db(), card.id)).toBe(checkout.status === 200 ? 1405 : 0);
  });

  it("a refund waits for a redemption holding the card's lock, then sees what it took", async () => {
    const { order, cards } = await boughtCards([{ amountCents: 5000 }]);
    const card = cards[0] as (typeof cards)[number];
    const spender = await db().transaction((tx) =>
      insertOrder(tx, {
        userId: null,
        cartId: crypto.randomUUID(),
        cartFingerprint: `race-${card.id}`,
        email: "spender@example.com",
        status: "pending",
        subtotalCents: 3595,
        totalCents: 3595,
        provider: "sandbox",
      }),
    );
    let refunding: ReturnType<typeof refund> | undefined;
    await db().transaction(async (tx) => {
      await holdTenders(tx, {
        orderId: spender.id,
        cartId: spender.cartId as string,
        userId: null,
        tenders: [{ kind: "gift_card", giftCardId: card.id, cents: 3595 }],
        currency: "USD",
      });
      // The refund starts while the redemption is not committed yet.
      refunding = refund(order, 5000);
      await new Promise((done) => setTimeout(done, 300));
    });
    const refused = await refunding;
    expect(refused?.status).toBe(409);
    expect(refused?.body.message).toContain("has $14.05 left of the $50.00");
    expect(await giftCardBalance(db(), card.id)).toBe(1405);
  });
});

/** The refund's card part fails at the provider: the cards the order bought get back what was taken. */
describe.each(testDatabases)("a failed refund of an order that bought gift cards on %s", (kind) => {
  let standIn: StripeStandIn;
  let shop: TestShop;
  let admin: Visitor;
  beforeAll(async () => {
    standIn = await new StripeStandIn().start();
    shop = await createTestShop(kind, {
      env: standIn.env(WEBHOOK_SECRET),
      identity: headerIdentity(() => shop),
    });
    admin = (await people(shop)).admin;
  });
  afterAll(async () => {
    await shop.close();
    await standIn.stop();
  });

  it("Stripe down: 502, and the card is active again with all it held", async () => {
    const buyer = new Visitor(shop);
    expect((await buyer.call("POST", "/api/cart/gift-card-lines", { amountCents: 5000 })).status).toBe(201);
    const { body } = await buyer.checkout({ email: `stripe-gift-${kind}@example.com` });
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
    const db = shop.services.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.providerSessionId, sessionId));
    const [card] = await db
      .select()
      .from(giftCards)
      .where(eq(giftCards.orderId, order?.id as string));
    expect(card?.status).toBe("active");

    standIn.faults.push("500", "500", "500");
    const down = await admin.call("POST", `/api/admin/orders/${order?.orderNumber}/refund`, {
      amountCents: 5000,
      reason: "Down",
    });
    standIn.faults.length = 0;
    expect(down.status).toBe(502);
    const [after] = await db
      .select()
      .from(giftCards)
      .where(eq(giftCards.id, card?.id as string));
    expect(after?.status).toBe("active");
    expect(await giftCardBalance(db, card?.id as string)).toBe(5000);
    const again = await admin.call("POST", `/api/admin/orders/${order?.orderNumber}/refund`, {
      amountCents: 5000,
      reason: "Back",
    });
    expect(again.status).toBe(200);
    expect(await giftCardBalance(db, card?.id as string)).toBe(0);
  });
});
