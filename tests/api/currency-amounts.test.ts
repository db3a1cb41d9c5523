import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftCardAmounts } from "../../core/price-lists.ts";
import { setUserRole } from "../../server/admin/promote.ts";
import { adminAudit, discountCodeAmounts, priceListEntries } from "../../server/db/schema.ts";
import { seedIfEmpty } from "../../server/db/seed.ts";
import { findCode } from "../../server/promotions/discount-codes.ts";
import { pendingOrderOf, useStripeShop } from "../support/stripe-shop.ts";
import type { StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";
import { headerIdentity, ONTARIO, PARIS, Visitor } from "./checkout-visitor.ts";
import { newDiscountCode } from "./promotion-fixtures.ts";

/**
 * The owner's amounts per currency for gift cards and fixed-amount codes (decision 051): a gift card sold
 * in a currency is one of its amounts (content/price-lists.json: CA$25/50/100, £20/40/80, €25/50/100, or one
 * within its bounds), and an amount code or a code's minimum is the owner's in the order's currency, never
 * converted; without one there, the code gives nothing and says which currencies it is for.
 */

/** Ashwagandha (product 3): $30.00, CA$40.00, €29.00. */
const ASHWAGANDHA = 3;

describe.each(testDatabases)("gift cards and codes in the order's currency on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, {
      identity: headerIdentity(() => shop),
      env: { SHIP_TO_COUNTRIES: "US,CA,FR" },
    });
  });
  afterAll(() => shop.close());

  async function cart() {
    const v = new Visitor(shop);
    expect((await v.add(ASHWAGANDHA, 1)).status).toBe(201);
    return v;
  }

  /** A code with its amounts in the other currencies, as the code editor stores them. */
  async function codeWith(
    prefix: string,
    terms: Parameters<typeof newDiscountCode>[2],
    amounts: { currency: string; amountCents?: number; minSubtotalCents?: number }[],
  ) {
    const row = await newDiscountCode(shop, prefix, terms);
    if (amounts.length > 0)
      await db()
        .insert(discountCodeAmounts)
        .values(amounts.map((a) => ({ codeId: row.id, ...a })));
    return row;
  }

  it("the price lists carry the gift cards' amounts per currency, seeded round", async () => {
    const table = await shop.services.catalogue.priceTable(595);
    expect(giftCardAmounts(table.USD)).toEqual({
      presets: [2500, 5000, 10_000],
      custom: { min: 1000, max: 50_000 },
    });
    expect(giftCardAmounts(table.CAD)).toEqual({
      presets: [2500, 5000, 10_000],
      custom: { min: 1000, max: 50_000 },
    });
    expect(giftCardAmounts(table.EUR).presets).toEqual([2500, 5000, 10_000]);
    expect(giftCardAmounts(table.GBP)).toEqual({
      presets: [2000, 4000, 8000],
      custom: { min: 1000, max: 40_000 },
    });
  });

  it("the demo's codes have round amounts and minimums in each currency", async () => {
    const save5 = await findCode(db(), "save5");
    expect(save5?.amounts).toEqual({
      CAD: { amountCents: 700, minSubtotalCents: 7000 },
      EUR: { amountCents: 500, minSubtotalCents: 5000 },
      GBP: { amountCents: 400, minSubtotalCents: 4000 },
    });
    expect((await findCode(db(), "FREESHIP"))?.amounts?.GBP).toEqual({
      amountCents: null,
      minSubtotalCents: 3500,
    });
    expect((await findCode(db(), "WELCOME10"))?.amounts).toEqual({});
    // A database seeded before the codes' amounts (migration 0023) gets the demo codes' on its next start.
    await db().delete(discountCodeAmounts);
    expect(await seedIfEmpty(db())).toBe(false);
    expect((await findCode(db(), "SAVE5"))?.amounts?.CAD).toEqual({
      amountCents: 700,
      minSubtotalCents: 7000,
    });
  });

  it("takes a gift card at an amount the page's currency sells, and refuses one it does not", async () => {
    const v = new Visitor(shop);
    const cad = await v.call("POST", "/api/cart/gift-card-lines?currency=CAD", { amountCents: 2500 });
    expect(cad.status, JSON.stringify(cad.body)).toBe(201);
    // One of one's own, within CA$10-CA$500.
    const own = await v.call("POST", "/api/cart/gift-card-lines?currency=CAD", { amountCents: 1234 });
    expect(own.status).toBe(201);
    // £450 is above the pounds' most (£400), though $450 is within the dollars'.
    const gbp = await v.call("POST", "/api/cart/gift-card-lines?currency=GBP", { amountCents: 45_000 });
    expect(gbp.status).toBe(400);
    expect(gbp.body).toMatchObject({ code: "gift_card_amount_not_in_currency" });
    expect(gbp.body.message).toBe(
      "A gift card of £450.00 is not sold in GBP: choose one of the amounts the gift cards page shows.",
    );
    const fr = await v.call(
      "POST",
      "/api/cart/gift-card-lines?currency=GBP",
      { amountCents: 45_000 },
      { "x-mana-locale": "fr" },
    );
    expect(fr.body.message).toContain("Une carte-cadeau de £450.00 n’est pas vendue en GBP\u00a0:");
    expect(
      (await v.call("POST", "/api/cart/gift-card-lines", { amountCents: 45_000 })).status,
      "US dollars by default",
    ).toBe(201);
    expect(
      (await v.call("POST", "/api/cart/gift-card-lines?currency=CAD", { amountCents: 900 })).status,
    ).toBe(400);
    expect(
      (await v.call("POST", "/api/cart/gift-card-lines?currency=JPY", { amountCents: 2500 })).status,
    ).toBe(400);
    expect(
      (await v.call("GET", "/api/cart/gift-card-lines")).body.map(
        (l: { amountCents: number }) => l.amountCents,
      ),
    ).toEqual([2500, 1234, 45_000]);
  });

  it("a CAD order buys its CA$ gift card; one of an amount CAD does not sell is refused at checkout, and nothing is written", async () => {
    const v = await cart();
    expect(
      (await v.call("POST", "/api/cart/gift-card-lines?currency=CAD", { amountCents: 5000 })).status,
    ).toBe(201);
    const res = await v.checkout({ shippingAddress: ONTARIO, currency: "CAD" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { order } = await pendingOrderOf(shop, res.body.url);
    expect(order).toMatchObject({ currency: "cad", subtotalCents: 4000 });

    // The owner lowers the most of one's own in CAD to CA$400: a $450 card put in the cart in US dollars
    // cannot be an order in CAD.
    const cadMax = and(eq(priceListEntries.item, "gift_card:max"), eq(priceListEntries.currency, "CAD"));
    await db().update(priceListEntries).set({ amountCents: 40_000 }).where(cadMax);
    try {
      const w = await cart();
      expect((await w.call("POST", "/api/cart/gift-card-lines", { amountCents: 45_000 })).status).toBe(201);
      const refused = await w.checkout({ shippingAddress: ONTARIO, currency: "CAD" });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: "gift_card_amount_not_in_currency" });
      expect(refused.body.message).toContain("CA$450.00");
      // In US dollars it is one of one's own: the order is written.
      const usd = await w.checkout({ currency: "USD" });
      expect(usd.status, JSON.stringify(usd.body)).toBe(200);
    } finally {
      await db().update(priceListEntries).set({ amountCents: 50_000 }).where(cadMax);
    }
  });

  it("an amount code takes its CAD amount in CAD and its EUR amount in EUR, at checkout too", async () => {
    const code = await codeWith("SAVEX", { kind: "amount", percent: null, amountCents: 500 }, [
      { currency: "CAD", amountCents: 700 },
      { currency: "EUR", amountCents: 450 },
    ]);
    const v = await cart();
    const applied = await v.call("POST", "/api/cart/code?currency=CAD", { code: code.code });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.code.amounts).toEqual({
      CAD: { amountCents: 700, minSubtotalCents: null },
      EUR: { amountCents: 450, minSubtotalCents: null },
    });
    const totals = async (currency: string) =>
      (await v.call("GET", `/api/cart/totals?currency=${currency}`)).body.totals;
    expect(await totals("CAD")).toMatchObject({ currency: "CAD", codeCents: 700, subtotalCents: 4000 });
    expect(await totals("EUR")).toMatchObject({ currency: "EUR", codeCents: 450, subtotalCents: 2900 });
    expect(await totals("USD")).toMatchObject({ currency: "USD", codeCents: 500 });

    const inCad = await v.checkout({ shippingAddress: ONTARIO, currency: "CAD", discountCode: code.code });
    expect(inCad.status, JSON.stringify(inCad.body)).toBe(200);
    expect((await pendingOrderOf(shop, inCad.body.url)).order).toMatchObject({
      currency: "cad",
      discountCode: code.code,
      codeDiscountCents: 700,
    });
    const w = await cart();
    expect((await w.call("POST", "/api/cart/code?currency=EUR", { code: code.code })).status).toBe(200);
    const inEur = await w.checkout({ shippingAddress: PARIS, currency: "EUR", discountCode: code.code });
    expect(inEur.status, JSON.stringify(inEur.body)).toBe(200);
    expect((await pendingOrderOf(shop, inEur.body.url)).order).toMatchObject({
      currency: "eur",
      codeDiscountCents: 450,
      subtotalCents: 2900,
    });
  });

  it("a code without a EUR amount gives nothing in EUR and names the currencies it is for", async () => {
    const code = await codeWith("CADONLY", { kind: "amount", percent: null, amountCents: 500 }, [
      { currency: "CAD", amountCents: 700 },
    ]);
    const v = await cart();
    const refused = await v.call("POST", "/api/cart/code?currency=EUR", { code: code.code });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "code_not_in_currency",
      message: `The code ${code.code} is not for orders in EUR: only in USD, CAD.`,
    });
    const es = await v.call(
      "POST",
      "/api/cart/code?currency=EUR",
      { code: code.code },
      { "x-mana-locale": "es" },
    );
    expect(es.body.message).toBe(`El código ${code.code} no es para pedidos en EUR: solo en USD, CAD.`);
    expect((await v.call("POST", "/api/cart/code", { code: code.code })).status).toBe(200);
    expect((await v.call("GET", "/api/cart/code?currency=EUR")).body.refusal).toMatchObject({
      reason: "not_in_currency",
      currency: "EUR",
      currencies: ["USD", "CAD"],
    });
    const placed = await v.checkout({ shippingAddress: PARIS, currency: "EUR", discountCode: null });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await pendingOrderOf(shop, placed.body.url)).order).toMatchObject({
      currency: "eur",
      discountCode: null,
      codeDiscountCents: 0,
    });
  });

  it("a code's minimum is the owner's in the order's currency", async () => {
    // 10% off from $30, from CA$50 in Canada: CA$40 of Ashwagandha is CA$10 short, $30 is enough.
    const code = await codeWith("MINX", { minSubtotalCents: 3000 }, [
      { currency: "CAD", minSubtotalCents: 5000 },
    ]);
    const v = await cart();
    const short = await v.call("POST", "/api/cart/code?currency=CAD", { code: code.code });
    expect(short.status).toBe(409);
    expect(short.body).toMatchObject({
      code: "code_minimum_not_met",
      message: `Add CA$10.00 more to use the code ${code.code}.`,
    });
    expect((await v.call("POST", "/api/cart/code", { code: code.code })).status).toBe(200);
    expect((await v.call("GET", "/api/cart/totals?currency=CAD")).body.totals.code.refusal).toMatchObject({
      reason: "minimum_not_met",
      shortByCents: 1000,
      currency: "CAD",
    });
    expect((await v.call("GET", "/api/cart/totals")).body.totals.codeCents).toBe(300);
    // Two of them: CA$80, over the minimum: 10% off in CAD.
    expect((await v.add(ASHWAGANDHA, 1)).status).toBe(201);
    const res = await v.checkout({ shippingAddress: ONTARIO, currency: "CAD", discountCode: code.code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await pendingOrderOf(shop, res.body.url)).order).toMatchObject({
      currency: "cad",
      codeDiscountCents: 800,
    });
  });
});

describe.each(testDatabases)("the owner's amounts per currency on the dashboard on %s", (kind) => {
  let shop: TestShop;
  const people: Record<"staff" | "admin", Browser> = {} as never;
  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true });
    for (const who of ["staff", "admin"] as const) {
      const browser = new Browser(shop);
      const email = uniqueEmail(who);
      expect((await browser.signUp(email, "correct horse 7", who)).status).toBe(200);
      people[who] = browser;
      await setUserRole(shop.services.database.db, email, who, "command line");
    }
  });
  afterAll(() => shop.close());

  const body = (extra: Record<string, unknown>) => ({
    code: `AMT${process.pid}${Math.random().toString(36).slice(2, 8)}`.toUpperCase(),
    kind: "amount",
    amountCents: 500,
    minSubtotalCents: 5000,
    ...extra,
  });

  it("makes an amount code with its CAD, EUR and GBP amounts and minimums", async () => {
    const res = await people.admin.call(
      "POST",
      "/api/admin/codes",
      body({
        amounts: [
          { currency: "CAD", amountCents: 700, minSubtotalCents: 7000 },
          { currency: "GBP", amountCents: 400, minSubtotalCents: 4000 },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.terms.amounts).toEqual({
      CAD: { amountCents: 700, minSubtotalCents: 7000 },
      GBP: { amountCents: 400, minSubtotalCents: 4000 },
    });
  });

  it("refuses amounts that do not fit the code, by field, and makes nothing", async () => {
    const noAmount = await people.admin.call(
      "POST",
      "/api/admin/codes",
      body({ amounts: [{ currency: "CAD", minSubtotalCents: 7000 }] }),
    );
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.fields).toMatchObject({ "amounts.CAD.amountCents": "Enter the amount off in CAD." });
    const noMinimum = await people.admin.call(
      "POST",
      "/api/admin/codes",
      body({ amounts: [{ currency: "EUR", amountCents: 450 }] }),
    );
    expect(noMinimum.body.fields).toMatchObject({
      "amounts.EUR.minSubtotalCents": "Enter the minimum order in EUR.",
    });
    const percent = await people.admin.call(
      "POST",
      "/api/admin/codes",
      body({
        kind: "percent",
        percent: 10,
        amountCents: null,
        minSubtotalCents: null,
        amounts: [{ currency: "GBP", amountCents: 400 }],
      }),
    );
    expect(percent.status).toBe(400);
    expect(percent.body.fields["amounts.GBP"]).toContain("same in every currency");
    const twice = await people.admin.call(
      "POST",
      "/api/admin/codes",
      body({
        amounts: [
          { currency: "CAD", amountCents: 700, minSubtotalCents: 7000 },
          { currency: "CAD", amountCents: 800, minSubtotalCents: 7000 },
        ],
      }),
    );
    expect(twice.body.fields["amounts.CAD"]).toBe("CAD is sent twice.");
    const usd = await people.admin.call(
      "POST",
      "/api/admin/codes",
      body({ amounts: [{ currency: "USD", amountCents: 700, minSubtotalCents: 7000 }] }),
    );
    expect(usd.status).toBe(400);
    const zero = await people.admin.call(
      "POST",
      "/api/admin/codes",
      body({ amounts: [{ currency: "CAD", amountCents: 0, minSubtotalCents: 7000 }] }),
    );
    expect(zero.status).toBe(400);
  });

  it("sets an existing code's amounts with one audit row; staff may read them but not set them", async () => {
    const made = await people.admin.call("POST", "/api/admin/codes", body({}));
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    const amounts = [
      { currency: "CAD", amountCents: 700, minSubtotalCents: 7000 },
      { currency: "EUR", amountCents: 500, minSubtotalCents: 5000 },
    ];
    const staff = await people.staff.call("PUT", `/api/admin/codes/${id}/amounts`, { amounts });
    expect(staff).toMatchObject({ status: 403, body: { code: "forbidden" } });
    const set = await people.admin.call("PUT", `/api/admin/codes/${id}/amounts`, { amounts });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.terms.amounts).toEqual({
      CAD: { amountCents: 700, minSubtotalCents: 7000 },
      EUR: { amountCents: 500, minSubtotalCents: 5000 },
    });
    const listed = await people.staff.call("GET", "/api/admin/codes");
    expect(listed.body.codes.find((c: { id: string }) => c.id === id).terms.amounts.EUR).toEqual({
      amountCents: 500,
      minSubtotalCents: 5000,
    });
    // The same again writes nothing; leaving EUR out takes it away.
    await people.admin.call("PUT", `/api/admin/codes/${id}/amounts`, { amounts });
    const fewer = await people.admin.call("PUT", `/api/admin/codes/${id}/amounts`, {
      amounts: amounts.slice(0, 1),
    });
    expect(Object.keys(fewer.body.terms.amounts)).toEqual(["CAD"]);
    const audit = await shop.services.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "code.amounts"), eq(adminAudit.targetId, id)));
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => Object.keys((a.after as { amounts: object }).amounts))).toEqual(
      expect.arrayContaining([["CAD", "EUR"], ["CAD"]]),
    );
    const wrong = await people.admin.call("PUT", `/api/admin/codes/${id}/amounts`, {
      amounts: [{ currency: "GBP", amountCents: 400 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toMatchObject({
      "amounts.GBP.minSubtotalCents": "Enter the minimum order in GBP.",
    });
    expect(
      (
        await people.admin.call("PUT", "/api/admin/codes/00000000-0000-4000-8000-000000000000/amounts", {
          amounts,
        })
      ).status,
    ).toBe(404);
  });

  it("lists the gift cards' amounts on the price lists and sets them by the rules, with an audit row", async () => {
    const put = (who: Browser, prices: unknown) => who.call("PUT", "/api/admin/prices", { prices });
    const rows = (await people.admin.call("GET", "/api/admin/prices")).body.rows as {
      item: string;
      kind: string;
      prices: Record<string, number | null>;
    }[];
    expect(rows.filter((r) => r.kind === "gift_card").map((r) => [r.item, r.prices])).toEqual([
      ["gift_card:1", { USD: 2500, CAD: 2500, EUR: 2500, GBP: 2000 }],
      ["gift_card:2", { USD: 5000, CAD: 5000, EUR: 5000, GBP: 4000 }],
      ["gift_card:3", { USD: 10_000, CAD: 10_000, EUR: 10_000, GBP: 8000 }],
      ["gift_card:min", { USD: 1000, CAD: 1000, EUR: 1000, GBP: 1000 }],
      ["gift_card:max", { USD: 50_000, CAD: 50_000, EUR: 50_000, GBP: 40_000 }],
    ]);
    expect(
      await put(people.staff, [{ item: "gift_card:1", currency: "CAD", amountCents: 3000 }]),
    ).toMatchObject({
      status: 403,
    });
    const above = await put(people.admin, [{ item: "gift_card:3", currency: "GBP", amountCents: 45_000 }]);
    expect(above.status).toBe(400);
    expect(above.body.fields["gift_card:3@GBP"]).toBe(
      "A gift card amount offered in GBP (£450.00) must be between £10.00 and £400.00.",
    );
    const crossed = await put(people.admin, [
      { item: "gift_card:min", currency: "EUR", amountCents: 60_000 },
    ]);
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toContain("must be below the highest");
    expect((await put(people.admin, [{ item: "gift_card:1", currency: "CAD", amountCents: 0 }])).status).toBe(
      400,
    );
    const ok = await put(people.admin, [{ item: "gift_card:1", currency: "CAD", amountCents: 3000 }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(giftCardAmounts((await shop.services.catalogue.priceTable(595)).CAD).presets).toEqual([
      3000, 5000, 10_000,
    ]);
    const [row] = await shop.services.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "gift_card"), eq(adminAudit.targetId, "1")));
    expect(row).toMatchObject({ action: "price-list-updated", before: { CAD: 2500 }, after: { CAD: 3000 } });
  });
});

describe.each(testDatabases)("an amount code on Stripe Checkout in CAD on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  useStripeShop(kind, (started) => ({ shop, standIn } = started));

  it("the session's coupon is in the order's currency, for the code's CAD amount", async () => {
    const row = await newDiscountCode(shop, "STRIPECAD", { kind: "amount", percent: null, amountCents: 500 });
    await shop.services.database.db
      .insert(discountCodeAmounts)
      .values({ codeId: row.id, currency: "CAD", amountCents: 700 });
    const v = new Visitor(shop);
    expect((await v.add(ASHWAGANDHA, 1)).status).toBe(201);
    expect((await v.call("POST", "/api/cart/code?currency=CAD", { code: row.code })).status).toBe(200);
    const res = await v.checkout({ shippingAddress: ONTARIO, currency: "CAD", discountCode: row.code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await pendingOrderOf(shop, res.body.url)).order).toMatchObject({
      currency: "cad",
      codeDiscountCents: 700,
    });
    const coupon = standIn.requests.filter((r) => r.path === "/v1/coupons").slice(-1)[0];
    expect(coupon?.params).toMatchObject({ amount_off: "700", currency: "cad", duration: "once" });
  });
});
