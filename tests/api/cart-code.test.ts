import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCheckoutPage } from "../../app/routes/checkout.server.ts";
import { discountCodes, outbox } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { sessionIdOf } from "../support/stripe-shop.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";
import { headerIdentity, newCustomer, Visitor } from "./checkout-visitor.ts";
import { newDiscountCode } from "./promotion-fixtures.ts";

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };
const DAY = 86_400_000;

/**
 * The shopper's discount code on the cart (GET/POST/DELETE /api/cart/code): applied in any case, refused
 * for each reason with the shopper's words and the cart's code kept, removed; the checkout's summary priced
 * with it and the checkout's 409 when the page showed a code that no longer applies
 * (docs/decisions/046-discount-codes.md).
 */
describe.each(testDatabases)("the cart's discount code on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  const newCode = (extra: Partial<typeof discountCodes.$inferInsert> = {}) =>
    newDiscountCode(shop, "CART", extra);
  /** A guest with Korean Ginseng ($30.00) once in the cart. */
  async function guestWithGinseng() {
    const v = new Visitor(shop);
    expect((await v.add(1, 1, false)).status).toBe(201);
    return v;
  }
  const applyCode = (v: Visitor, code: string) => v.call("POST", "/api/cart/code", { code });
  const cartCode = async (v: Visitor) => (await v.call("GET", "/api/cart/code")).body;
  const page = (v: Visitor) =>
    loadCheckoutPage(
      shop.services,
      new Headers({
        ...(v.cookie ? { cookie: v.cookie } : {}),
        ...(v.userId ? { "x-test-user": v.userId } : {}),
      }),
    );
  async function paidWith(v: Visitor, email: string, code: string | null) {
    const res = await v.checkout({ email, discountCode: code });
    expect(res.status).toBe(200);
    const paid = await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(res.body.url), card);
    expect(paid?.kind).toBe("paid");
  }

  it("applies a code typed in any case with spaces, answers its terms, and removes it", async () => {
    const code = await newCode({ minSubtotalCents: 2000, combinesWithBundles: false });
    const v = await guestWithGinseng();
    const applied = await applyCode(v, `  ${code.code.toLowerCase()} `);
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({
      code: {
        code: code.code,
        kind: "percent",
        percent: 10,
        amountCents: null,
        minSubtotalCents: 2000,
        productIds: null,
        combinesWithBundles: false,
        firstOrderOnly: false,
        renewals: "first_order",
        renewalCount: null,
        startsAt: null,
        endsAt: null,
        // The owner's amounts in the other currencies (decision 051): none set for this code.
        amounts: {},
      },
      refusal: null,
    });
    expect(await cartCode(v)).toEqual(applied.body);

    const removed = await v.call("DELETE", "/api/cart/code");
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ code: null, refusal: null });
    expect(await cartCode(v)).toEqual({ code: null, refusal: null });
    // Removing twice is no error.
    expect((await v.call("DELETE", "/api/cart/code")).status).toBe(200);
  });

  it("refuses text that cannot be a code (400) and a code it does not know (404), keeping the cart's code", async () => {
    const kept = await newCode();
    const v = await guestWithGinseng();
    expect((await applyCode(v, kept.code)).status).toBe(200);

    for (const text of ["x!", "AB", "A".repeat(33), "WEL COME", ""]) {
      const bad = await applyCode(v, text);
      expect(bad.status, text).toBe(400);
      expect(bad.body).toEqual({
        code: "invalid_code",
        message: "A code is 3 to 32 letters, digits, dashes or underscores.",
      });
    }
    for (const body of [{ code: 10 }, { code: kept.code, percent: 100 }, {}, "not json"]) {
      const bad = await v.call("POST", "/api/cart/code", body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.code).toEqual(expect.any(String));
    }
    const unknown = await applyCode(v, "nosuchcode1");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: "code_unknown",
      message: "We don't know the code NOSUCHCODE1. Please check it and try again.",
    });
    expect((await cartCode(v)).code.code).toBe(kept.code);
  });

  it("refuses a paused code, an ended one, one not valid yet and one past its end, in the shopper's words", async () => {
    const v = await guestWithGinseng();
    const cases = [
      [{ status: "paused" }, "code_not_active", "is not active right now."],
      [{ status: "ended" }, "code_expired", "has expired."],
      [{ startsAt: new Date(Date.now() + DAY) }, "code_not_started", "is not valid yet."],
      [{ endsAt: new Date(Date.now() - DAY) }, "code_expired", "has expired."],
    ] as const;
    for (const [extra, reason, words] of cases) {
      const code = await newCode(extra);
      const refused = await applyCode(v, code.code);
      expect(refused.status, reason).toBe(409);
      expect(refused.body).toEqual({ code: reason, message: `The code ${code.code} ${words}` });
    }
    expect(await cartCode(v)).toEqual({ code: null, refusal: null });
  });

  it("refuses a code used as many times as it can be, and says so to a cart that applied it before", async () => {
    const code = await newCode({ maxUses: 1 });
    const early = await guestWithGinseng();
    expect((await applyCode(early, code.code)).status).toBe(200);
    const buyer = await guestWithGinseng();
    expect((await applyCode(buyer, code.code)).status).toBe(200);
    await paidWith(buyer, "used-up@example.com", code.code);

    const late = await guestWithGinseng();
    const refused = await applyCode(late, code.code);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "code_used_up",
      message: `The code ${code.code} has been used as many times as it can be.`,
    });
    // The cart that applied it first still carries it, with the reason it gives nothing now.
    expect((await cartCode(early)).refusal).toEqual({
      reason: "used_up",
      message: `The code ${code.code} has been used as many times as it can be.`,
    });
    const summary = (await page(early)).summary;
    expect(summary).toMatchObject({ code: null, subtotalCents: 3000, shippingCents: 595, totalCents: 3595 });
    // A checkout that still shows it is refused with that reason, one that shows none goes through.
    const shown = await early.checkout({ email: "early@example.com", discountCode: code.code });
    expect(shown.status).toBe(409);
    expect(shown.body.code).toBe("code_used_up");
    expect((await early.checkout({ email: "early@example.com", discountCode: null })).status).toBe(200);
  });

  it("once per customer: refused to the account that used it, and at checkout to a guest giving that account's e-mail", async () => {
    const code = await newCode({ oncePerCustomer: true });
    const customer = await newCustomer(shop, "once");
    await customer.add(1, 1, false);
    expect((await applyCode(customer, code.code)).status).toBe(200);
    await paidWith(customer, "ignored@example.com", code.code);

    await customer.add(3, 1, false);
    const again = await applyCode(customer, code.code);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: "code_used_by_you",
      message: `You have already used the code ${code.code}.`,
    });

    // A guest is known by the e-mail they give at checkout: the code applies until then.
    const guest = await guestWithGinseng();
    expect((await applyCode(guest, code.code)).status).toBe(200);
    const refused = await guest.checkout({
      email: `${customer.userId}@EXAMPLE.com`,
      discountCode: code.code,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "code_used_by_you",
      message: `You have already used the code ${code.code}.`,
    });
    // Another customer may use it.
    const other = await newCustomer(shop, "once-other");
    await other.add(2, 1, false);
    expect((await applyCode(other, code.code)).status).toBe(200);
  });

  it("a minimum not met says how much more to add; an empty cart takes the code and the pricing says it later", async () => {
    const code = await newCode({ kind: "free_shipping", percent: null, minSubtotalCents: 4000 });
    const v = await guestWithGinseng();
    const short = await applyCode(v, code.code);
    expect(short.status).toBe(409);
    expect(short.body).toEqual({
      code: "code_minimum_not_met",
      message: `Add $10.00 more to use the code ${code.code}.`,
    });

    const empty = new Visitor(shop);
    expect((await applyCode(empty, code.code)).status).toBe(200);
    await empty.add(1, 1, false);
    // The summary prices the $30.00 cart without it: shipping is charged; the code field says why.
    const shortPage = await page(empty);
    expect(shortPage.summary).toMatchObject({ code: null, shippingCents: 595, totalCents: 3595 });
    expect(shortPage.cartCode?.refusal).toEqual({
      reason: "minimum_not_met",
      message: `Add $10.00 more to use the code ${code.code}.`,
      shortByCents: 1000,
    });
    const refused = await empty.checkout({ email: "short@example.com", discountCode: code.code });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "code_minimum_not_met",
      message: `Add $10.00 more to use the code ${code.code}.`,
    });
    // Once the cart meets it, shipping is free and the summary names the code.
    await empty.add(4, 1, false);
    const metPage = await page(empty);
    expect(metPage.cartCode).toMatchObject({ code: { code: code.code }, refusal: null });
    const met = metPage.summary;
    expect(met).toMatchObject({ code: { code: code.code, cents: 0 }, shippingCents: 0 });
    expect(met?.totalCents).toBe(met?.subtotalCents);
  });

  it("refuses a code for other products, and one for a first order to a customer who has ordered", async () => {
    const forAshwagandha = await newCode({ productIds: [4] });
    const v = await guestWithGinseng();
    const refused = await applyCode(v, forAshwagandha.code);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "code_not_for_these_products",
      message: `The code ${forAshwagandha.code} is not for the items in your cart.`,
    });
    await v.add(4, 1, false);
    expect((await applyCode(v, forAshwagandha.code)).status).toBe(200);

    const first = await newCode({ firstOrderOnly: true });
    const returning = await newCustomer(shop, "returning");
    await returning.add(1, 1, false);
    await paidWith(returning, "ignored@example.com", null);
    await returning.add(2, 1, false);
    const notFirst = await applyCode(returning, first.code);
    expect(notFirst.status).toBe(409);
    expect(notFirst.body).toEqual({
      code: "code_first_order_only",
      message: `The code ${first.code} is for a first order only.`,
    });
    const newcomer = await newCustomer(shop, "newcomer");
    await newcomer.add(2, 1, false);
    expect((await applyCode(newcomer, first.code)).status).toBe(200);
  });

  it("the checkout's summary takes the code off after the bundle savings; the order, its page and its e-mail show it", async () => {
    const code = await newCode({ kind: "amount", percent: null, amountCents: 500 });
    const customer = await newCustomer(shop, "summary");
    await customer.add(1, 1, false); // $30.00
    await customer.add(3, 1, false); // $30.00
    expect((await applyCode(customer, code.code.toLowerCase())).status).toBe(200);
    const { summary } = await page(customer);
    expect(summary).toMatchObject({
      subtotalCents: 6000,
      code: { code: code.code, cents: 500 },
      shippingCents: 595,
      totalCents: 6000 - 500 + 595,
    });
    await paidWith(customer, "ignored@example.com", code.code);

    const [order] = (await customer.call("GET", "/api/orders")).body;
    expect(order.totals).toMatchObject({ discountCode: code.code, codeDiscountCents: 500, totalCents: 6095 });
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.to, `${customer.userId}@example.com`), like(outbox.dedupeKey, "order-confirmation:%")),
      )
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(mail?.text).toContain(`Discount (${code.code}): -$5.00`);
    expect(mail?.text).toContain("Total: $60.95");
  });

  it("answers 409 discount_changed when the page showed no code and the cart's code applies now", async () => {
    const code = await newCode();
    const v = await guestWithGinseng();
    expect((await applyCode(v, code.code)).status).toBe(200);
    const refused = await v.checkout({ email: "changed@example.com", discountCode: null });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "discount_changed",
      message:
        "Your discount has changed since this page was loaded. Please review your order and try again.",
    });
    // A page that showed another code than the cart's is refused the same way.
    const other = await v.checkout({ email: "changed@example.com", discountCode: "SOMETHINGELSE" });
    expect(other.body.code).toBe("discount_changed");
    // A code paused after the page showed it: refused with that reason.
    await db().update(discountCodes).set({ status: "paused" }).where(eq(discountCodes.id, code.id));
    const paused = await v.checkout({ email: "changed@example.com", discountCode: code.code });
    expect(paused.status).toBe(409);
    expect(paused.body.code).toBe("code_not_active");
    expect((await page(v)).summary).toMatchObject({ code: null, totalCents: 3595 });
  });
});

/** With the real sign-in and its limits: a guest's code at sign-in, and the limit on codes tried. */
describe.each(testDatabases)("the cart's code with sign-in and limits on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    // Requests name their client by X-Forwarded-For from this machine, so each test has an address of its own.
    shop = await createTestShop(kind, { auth: true, env: { TRUSTED_PROXIES: "127.0.0.1" } });
  });
  afterAll(() => shop.close());

  const newCode = async () => (await newDiscountCode(shop, "SIGNIN")).code;

  it("a guest's code comes along when they sign in, unless the account's cart has one of its own", async () => {
    const email = uniqueEmail("code-merge");
    const owner = new Browser(shop, { "x-forwarded-for": "198.51.100.1" });
    await owner.signUp(email);
    await owner.signOut();

    const guest = new Browser(shop, { "x-forwarded-for": "198.51.100.1" });
    await guest.call("POST", "/api/cart", { productId: 1, quantity: 1 });
    const code = await newCode();
    expect((await guest.call("POST", "/api/cart/code", { code })).status).toBe(200);
    expect((await guest.signIn(email)).status).toBe(200);
    expect((await guest.call("GET", "/api/cart/code")).body.code.code).toBe(code);

    // Signed out, a new guest applies another code; signing in keeps the account's.
    await guest.signOut();
    await guest.call("POST", "/api/cart", { productId: 2, quantity: 1 });
    expect((await guest.call("POST", "/api/cart/code", { code: await newCode() })).status).toBe(200);
    expect((await guest.signIn(email)).status).toBe(200);
    expect((await guest.call("GET", "/api/cart/code")).body.code.code).toBe(code);
  });

  it("answers 429 with Retry-After after 30 codes tried from one address in ten minutes; other addresses go on", async () => {
    const code = await newCode();
    const b = new Browser(shop, { "x-forwarded-for": "203.0.113.9" });
    for (let i = 0; i < 30; i++) {
      const tried = await b.call("POST", "/api/cart/code", { code: i % 2 ? code : `WRONG${i}` });
      expect(tried.status, `try ${i + 1}`).not.toBe(429);
    }
    const refused = await b.call("POST", "/api/cart/code", { code });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: "too_many_requests",
      message: "Too many codes tried. Please try again in a few minutes.",
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const elsewhere = new Browser(shop, { "x-forwarded-for": "203.0.113.10" });
    expect((await elsewhere.call("POST", "/api/cart/code", { code })).status).toBe(200);
  });
});
