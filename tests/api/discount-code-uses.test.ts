import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodes, discountRedemptions, orderLines, orders } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { cancelUnpaidOrders } from "../../server/orders/order-life.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { pendingOrderOf, sessionIdOf } from "../support/stripe-shop.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { headerIdentity, Visitor } from "./checkout-visitor.ts";
import { newDiscountCode } from "./promotion-fixtures.ts";

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };

/**
 * A code's uses under concurrency and through an order's life: a checkout reserves a use with the code's
 * row locked, the payment makes it final, a cancelled or never-paid order gives it back
 * (docs/decisions/046-discount-codes.md).
 */
describe.each(testDatabases)("discount code uses on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  const newCode = (extra: Partial<typeof discountCodes.$inferInsert> = {}) =>
    newDiscountCode(shop, "USES", extra);
  async function guestWithCode(code: string) {
    const v = new Visitor(shop);
    await v.add(1, 1, false); // $30.00
    await v.add(3, 1, false); // $30.00
    const applied = await v.call("POST", "/api/cart/code", { code: code.toLowerCase() });
    expect(applied.status).toBe(200);
    return v;
  }
  const uses = async (codeId: string, status: string) =>
    (
      await db()
        .select()
        .from(discountRedemptions)
        .where(and(eq(discountRedemptions.codeId, codeId), eq(discountRedemptions.status, status)))
    ).length;

  it("prices the order with the code, stores it on the order and its lines, and charges that total", async () => {
    const code = await newCode();
    const v = await guestWithCode(code.code);
    const res = await v.checkout({ email: "priced@example.com", discountCode: code.code });
    expect(res.status).toBe(200);
    const { order } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({
      subtotalCents: 6000,
      discountCode: code.code,
      codeDiscountCents: 600,
      shippingCents: 595,
      totalCents: 6000 - 600 + 595,
    });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((l) => l.codeDiscountCents).sort()).toEqual([300, 300]);
    expect(await uses(code.id, "reserved")).toBe(1);
    const paid = await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(res.body.url), card);
    expect(paid?.kind).toBe("paid");
    expect(await uses(code.id, "used")).toBe(1);
    expect(await uses(code.id, "reserved")).toBe(0);
    // The paid cart is empty and carries no code any more.
    expect((await v.call("GET", "/api/cart/code")).body).toEqual({ code: null, refusal: null });
  });

  it("a code with 10 uses left is taken 10 times by 11 checkouts at once, and all 10 payments at once go through", async () => {
    const code = await newCode({ maxUses: 10 });
    const visitors = await Promise.all(Array.from({ length: 11 }, () => guestWithCode(code.code)));
    const answers = await Promise.all(
      visitors.map((v, i) => v.checkout({ email: `race${i}@example.com`, discountCode: code.code })),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(10);
    expect(refused.map((a) => [a.status, a.body.code])).toEqual([[409, "code_used_up"]]);
    expect(refused[0]?.body.message).toBe(`The code ${code.code} has been used as many times as it can be.`);
    expect(await uses(code.id, "reserved")).toBe(10);

    const paid = await Promise.all(
      ok.map((a) => payWithSandboxCard(shopDeps(shop.services), sessionIdOf(a.body.url), card)),
    );
    expect(paid.map((p) => p?.kind)).toEqual(Array(10).fill("paid"));
    expect(await uses(code.id, "used")).toBe(10);
    // The eleventh shopper is told so when they try again.
    const again = await visitors[0]?.call("POST", "/api/cart/code", { code: code.code });
    expect(again?.status).toBe(409);
  });

  it("a never-paid order gives its use back when it is cancelled", async () => {
    const code = await newCode({ maxUses: 1 });
    const first = await guestWithCode(code.code);
    const res = await first.checkout({ email: "first@example.com", discountCode: code.code });
    expect(res.status).toBe(200);
    const second = new Visitor(shop);
    await second.add(1);
    expect((await second.call("POST", "/api/cart/code", { code: code.code })).body.code).toBe("code_used_up");

    const { order } = await pendingOrderOf(shop, res.body.url);
    await db().transaction((tx) => cancelUnpaidOrders(tx, [order.id], "abandoned"));
    expect(await uses(code.id, "released")).toBe(1);
    expect((await second.call("POST", "/api/cart/code", { code: code.code })).status).toBe(200);
  });

  it("a changed cart's new checkout takes the use over from the cart's earlier pending order", async () => {
    const code = await newCode({ maxUses: 1, oncePerCustomer: true });
    const v = await guestWithCode(code.code);
    const first = await v.checkout({ email: "again@example.com", discountCode: code.code });
    expect(first.status).toBe(200);
    await v.add(4, 1, false);
    const second = await v.checkout({ email: "again@example.com", discountCode: code.code });
    expect(second.status).toBe(200);
    expect(second.body.url).not.toBe(first.body.url);
    expect(await uses(code.id, "reserved")).toBe(1);
    expect(await uses(code.id, "released")).toBe(1);
    const { order } = await pendingOrderOf(shop, second.body.url);
    const [held] = await db()
      .select()
      .from(discountRedemptions)
      .where(and(eq(discountRedemptions.codeId, code.id), eq(discountRedemptions.status, "reserved")));
    expect(held?.orderId).toBe(order.id);
  });

  it("once per customer is checked by e-mail at checkout: a guest who used it cannot use it again", async () => {
    const code = await newCode({ oncePerCustomer: true });
    const first = await guestWithCode(code.code);
    const res = await first.checkout({ email: "Once@Example.com", discountCode: code.code });
    await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(res.body.url), card);
    const again = await guestWithCode(code.code);
    const refused = await again.checkout({ email: "once@example.com", discountCode: code.code });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "code_used_by_you",
      message: `You have already used the code ${code.code}.`,
    });
    // Without the code shown, the same checkout goes through at full price.
    const full = await again.checkout({ email: "once@example.com", discountCode: null });
    expect(full.status).toBe(200);
    const { order } = await pendingOrderOf(shop, full.body.url);
    expect(order).toMatchObject({ discountCode: null, codeDiscountCents: 0, totalCents: 6595 });
  });

  it("a page that showed no code is answered 409 when the cart's code would change the total", async () => {
    const code = await newCode();
    const v = await guestWithCode(code.code);
    const res = await v.checkout({ email: "shown@example.com", discountCode: null });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("discount_changed");
    // The product spec's own payload (no discountCode) is not compared: the code applies.
    const spec = await v.checkout({ email: "shown@example.com" });
    expect(spec.status).toBe(200);
    const { order } = await pendingOrderOf(shop, spec.body.url);
    expect(order.codeDiscountCents).toBe(600);
  });

  it("a code paused after it was applied is refused at checkout with its reason", async () => {
    const code = await newCode();
    const v = await guestWithCode(code.code);
    await db().update(discountCodes).set({ status: "paused" }).where(eq(discountCodes.id, code.id));
    const res = await v.checkout({ email: "paused@example.com", discountCode: code.code });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "code_not_active" });
    const none = await db().select().from(orders).where(eq(orders.email, "paused@example.com"));
    expect(none).toHaveLength(0);
  });
});
