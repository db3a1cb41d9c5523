import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLedgerEntry, balancesOf } from "../../server/balances/customer-ledger.ts";
import {
  addGiftCardEntry,
  canonicalGiftCardCode,
  giftCardBalance,
  newGiftCardCode,
} from "../../server/balances/gift-cards.ts";
import { deliverDueGiftCards, issueGiftCard, voidGiftCard } from "../../server/balances/issue-gift-cards.ts";
import { holdTenders, releaseTenders } from "../../server/balances/order-tenders.ts";
import { giftCardEntries, giftCards, orders, outbox } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { insertOrder } from "../../server/orders/order-life.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";
import { createUser, headerIdentity, Visitor } from "./checkout-visitor.ts";
import { issuedGiftCard } from "./promotion-fixtures.ts";

/**
 * Gift cards, store credit and points as balances (docs/decisions/047-gift-cards-credit-and-points.md):
 * the balance is the sum of the entries, orders at once never take it below zero, a cancelled order's
 * hold comes back, and codes are checked without giving them away.
 */
describe.each(testDatabases)("gift card and customer balances on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  async function issuedCard(cents: number) {
    const { id, code } = await issuedGiftCard(shop, cents);
    const [card] = await db().select().from(giftCards).where(eq(giftCards.id, id));
    if (!card) throw new Error("no card");
    return { card, code };
  }
  let orderNo = 0;
  async function pendingOrder(userId: string | null = null) {
    return db().transaction((tx) =>
      insertOrder(tx, {
        userId,
        cartId: crypto.randomUUID(),
        cartFingerprint: `t${++orderNo}`,
        email: "buyer@example.com",
        status: "pending",
        subtotalCents: 3000,
        totalCents: 3000,
        provider: "sandbox",
      }),
    );
  }

  it("codes look like XXXX-XXXX-XXXX-XXXX and are read without spaces, dashes or case", () => {
    const code = newGiftCardCode();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    expect(canonicalGiftCardCode(` ${code.toLowerCase().replaceAll("-", " ")} `)).toBe(
      code.replaceAll("-", ""),
    );
    expect(canonicalGiftCardCode("not a code")).toBeNull();
  });

  it("the balance page answers a known code's balance and last four, and 404 for any other", async () => {
    const { card, code } = await issuedCard(5000);
    const v = new Visitor(shop);
    const known = await v.call("POST", "/api/gift-cards/balance", { code });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ last4: card.last4, balanceCents: 5000, currency: "usd" });
    const unknown = await v.call("POST", "/api/gift-cards/balance", { code: newGiftCardCode() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("gift_card_unknown");
    expect((await v.call("POST", "/api/gift-cards/balance", { nope: 1 })).status).toBe(400);
  });

  it("a gift card applied to a cart shows its balance, never its code; another visitor cannot remove it", async () => {
    const { card, code } = await issuedCard(2500);
    const v = new Visitor(shop);
    await v.add(1);
    const applied = await v.call("POST", "/api/cart/gift-cards", { code });
    expect(applied.status).toBe(200);
    expect(applied.body.giftCards).toEqual([{ id: card.id, last4: card.last4, balanceCents: 2500 }]);
    expect(JSON.stringify(applied.body)).not.toContain(code.replaceAll("-", "").slice(0, 8));
    const other = new Visitor(shop);
    expect((await other.call("DELETE", `/api/cart/gift-cards/${card.id}`)).status).toBe(404);
    expect((await v.call("DELETE", `/api/cart/gift-cards/${card.id}`)).body.giftCards).toEqual([]);
  });

  it("store credit and points are a signed-in customer's: a guest is refused", async () => {
    const guest = new Visitor(shop);
    const refused = await guest.call("PUT", "/api/cart/balances", { useCredit: true, pointSteps: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("sign_in_required");
    const id = `ledger-${process.pid}-${kind}`;
    await createUser(shop, id, `${id}@example.com`);
    await addLedgerEntry(db(), {
      userId: id,
      kind: "points",
      reason: "earned",
      amount: 250,
      orderId: null,
      currency: "USD",
    });
    const me = new Visitor(shop, id);
    expect((await me.call("PUT", "/api/cart/balances", { useCredit: false, pointSteps: 3 })).status).toBe(
      400,
    );
    const ok = await me.call("PUT", "/api/cart/balances", { useCredit: true, pointSteps: 2 });
    expect(ok.body).toMatchObject({ signedIn: true, points: 250, pointSteps: 2, useCredit: true });
  });

  it("five orders at once taking $30 each from a $100 card: three go through, the balance never goes below zero", async () => {
    const { card } = await issuedCard(10_000);
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, async () => {
        const order = await pendingOrder();
        await db().transaction((tx) =>
          holdTenders(tx, {
            orderId: order.id,
            cartId: order.cartId as string,
            userId: null,
            tenders: [{ kind: "gift_card", giftCardId: card.id, cents: 3000 }],
            currency: "USD",
          }),
        );
        return order.id;
      }),
    );
    const held = attempts.filter((a) => a.status === "fulfilled");
    expect(held).toHaveLength(3);
    const refused = attempts.filter((a) => a.status === "rejected") as PromiseRejectedResult[];
    expect(refused.map((r) => (r.reason as { code?: string }).code)).toEqual([
      "gift_card_balance_changed",
      "gift_card_balance_changed",
    ]);
    expect(await giftCardBalance(db(), card.id)).toBe(1000);

    // A cancelled order's hold comes back as a "released" entry.
    const first = (held[0] as PromiseFulfilledResult<string>).value;
    await db().transaction((tx) => releaseTenders(tx, [first]));
    expect(await giftCardBalance(db(), card.id)).toBe(4000);
    const kinds = (
      await db().select().from(giftCardEntries).where(eq(giftCardEntries.giftCardId, card.id))
    ).map((e) => e.kind);
    expect(kinds.sort()).toEqual(["issued", "redeemed", "redeemed", "redeemed", "released"]);
  });

  it("two orders at once spending the same points: one goes through", async () => {
    const id = `points-${process.pid}-${kind}`;
    await createUser(shop, id, `${id}@example.com`);
    await addLedgerEntry(db(), {
      userId: id,
      kind: "points",
      reason: "adjusted",
      amount: 100,
      currency: "USD",
    });
    const attempts = await Promise.allSettled(
      [1, 2].map(async () => {
        const order = await pendingOrder(id);
        await db().transaction((tx) =>
          holdTenders(tx, {
            orderId: order.id,
            cartId: order.cartId as string,
            userId: id,
            tenders: [{ kind: "points", cents: 500, points: 100 }],
            currency: "USD",
          }),
        );
      }),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    expect((await balancesOf(db(), id, "USD")).points).toBe(0);
    expect(await db().select().from(orders).where(eq(orders.userId, id))).toHaveLength(2);
  });

  it("a card for a friend's day is sent by the scheduled jobs on that day, once, and its code works", async () => {
    const [card] = await db()
      .insert(giftCards)
      .values({
        initialCents: 5000,
        recipientEmail: `friend-${kind}@example.com`,
        recipientName: "Robin",
        senderName: "Alex",
        message: "Happy birthday!",
        deliverOn: new Date("2027-03-10T00:00:00.000Z"),
        purchaserEmail: "alex@example.com",
        status: "active",
      })
      .returning();
    if (!card) throw new Error("no card");
    await addGiftCardEntry(db(), { giftCardId: card.id, kind: "issued", amountCents: 5000 });
    const deps = shopDeps(shop.services);
    const only = (asOf: string) => deliverDueGiftCards(deps, new Date(asOf), card.id);
    expect(await only("2027-03-09T23:59:59.999Z")).toBe(0);
    expect(await only("2027-03-10T23:59:59.999Z")).toBe(1);
    expect(await only("2027-03-11T23:59:59.999Z")).toBe(0);
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `gift-card:${card.id}`));
    expect(mail?.to).toBe(`friend-${kind}@example.com`);
    expect(mail?.subject).toBe("Alex sent you a $50.00 MANA gift card");
    expect(mail?.text).toContain("Alex wrote: “Happy birthday!”");
    const code = mail?.text.match(/Gift card code: ([2-9A-Z-]{19})/)?.[1];
    expect(code).toBeDefined();
    const balance = await new Visitor(shop).call("POST", "/api/gift-cards/balance", { code });
    expect(balance.body.balanceCents).toBe(5000);
  });

  it("a card bought in a Spanish order is delivered in Spanish, its links to the Spanish pages", async () => {
    const [order] = await db().select().from(orders).limit(1);
    if (!order) throw new Error("no order yet");
    await db().update(orders).set({ locale: "es" }).where(eq(orders.id, order.id));
    const [card] = await db()
      .insert(giftCards)
      .values({
        initialCents: 2500,
        recipientEmail: `amiga-${kind}@example.com`,
        recipientName: "Lucía",
        senderName: "Marta",
        message: "¡Feliz cumpleaños!",
        purchaserEmail: "marta@example.com",
        orderId: order.id,
        status: "active",
      })
      .returning();
    if (!card) throw new Error("no card");
    await addGiftCardEntry(db(), { giftCardId: card.id, kind: "issued", amountCents: 2500 });
    try {
      expect(await deliverDueGiftCards(shopDeps(shop.services), new Date(), card.id)).toBe(1);
    } finally {
      await db().update(orders).set({ locale: order.locale }).where(eq(orders.id, order.id));
    }
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `gift-card:${card.id}`));
    expect(mail?.subject).toBe("Marta te envió una tarjeta de regalo MANA de $25.00");
    expect(mail?.text).toContain("Hola, Lucía:");
    expect(mail?.text).toContain("Marta escribió: “¡Feliz cumpleaños!”");
    expect(mail?.text).toMatch(/Código de la tarjeta de regalo: [2-9A-Z-]{19}/);
    expect(mail?.text).toMatch(/Consultar tu saldo: https?:\/\/[^/]+\/es\/gift-cards\/balance/);
  });

  it("the owner issues a card, delivered at once, and voids it: what was left goes and it no longer pays", async () => {
    const deps = shopDeps(shop.services);
    const { id } = await issueGiftCard(deps, {
      amountCents: 2000,
      recipientEmail: `goodwill-${kind}@example.com`,
      recipientName: null,
      message: null,
      note: "Late parcel",
      actor: "the shop",
    });
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `gift-card:${id}`));
    expect(mail?.subject).toBe("Your $20.00 MANA gift card");
    const code = mail?.text.match(/Gift card code: ([2-9A-Z-]{19})/)?.[1] as string;
    expect(await voidGiftCard(db(), { id, reason: "Issued twice", actor: "the shop" })).toEqual({
      voidedCents: 2000,
    });
    expect(await giftCardBalance(db(), id)).toBe(0);
    expect((await new Visitor(shop).call("POST", "/api/gift-cards/balance", { code })).status).toBe(404);
  });
});

/** With the real sign-in: what a guest put in the cart's balances comes along into the account's cart. */
describe.each(testDatabases)("gift cards in the cart at sign-in on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true, env: { TRUSTED_PROXIES: "127.0.0.1" } });
  });
  afterAll(() => shop.close());

  it("a guest's applied gift card and the gift cards they were buying come along when they sign in", async () => {
    const email = uniqueEmail("gift-merge");
    const owner = new Browser(shop, { "x-forwarded-for": "198.51.100.7" });
    await owner.signUp(email);
    await owner.signOut();
    const { id, code } = await issuedGiftCard(shop, 2500);
    const guest = new Browser(shop, { "x-forwarded-for": "198.51.100.7" });
    await guest.call("POST", "/api/cart", { productId: 1, quantity: 1 });
    expect((await guest.call("POST", "/api/cart/gift-cards", { code })).status).toBe(200);
    expect((await guest.call("POST", "/api/cart/gift-card-lines", { amountCents: 2500 })).status).toBe(201);
    expect((await guest.signIn(email)).status).toBe(200);
    expect(
      (await guest.call("GET", "/api/cart/balances")).body.giftCards.map((g: { id: string }) => g.id),
    ).toEqual([id]);
    expect((await guest.call("GET", "/api/cart/gift-card-lines")).body).toEqual([
      expect.objectContaining({ amountCents: 2500, recipientEmail: null }),
    ]);
  });
});
