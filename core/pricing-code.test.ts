import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMPLETE_STACK, pricingLine, TEST_PRICES } from "../tests/support/pricing-lines.ts";
import {
  type CodeTerms,
  canonicalCode,
  codeConditions,
  codeCurrencies,
  codeInCurrency,
  dateRefusal,
  describeCode,
} from "./discount-code.ts";
import { FREE_SHIPPING_OVER_CENTS, priceCart } from "./pricing.ts";

const _prices = TEST_PRICES;
const line = pricingLine;
const complete = COMPLETE_STACK;
const code = (extra: Partial<CodeTerms> = {}): CodeTerms => ({
  code: "WELCOME10",
  kind: "percent",
  percent: 10,
  amountCents: null,
  minSubtotalCents: null,
  productIds: null,
  combinesWithBundles: true,
  firstOrderOnly: false,
  renewals: "first_order",
  renewalCount: null,
  startsAt: null,
  endsAt: null,
  ...extra,
});
const SHIP = 595;

describe("discount codes in the pricing function", () => {
  it("takes a percentage off the cart after bundle savings and before shipping", () => {
    const t = priceCart([line("a", 1), line("b", 3)], [], SHIP, code());
    expect(t.subtotalCents).toBe(6000);
    expect(t.codeCents).toBe(600);
    expect(t.shippingCents).toBe(SHIP);
    expect(t.totalCents).toBe(6000 - 600 + SHIP);
    expect(t.code?.refusal).toBeNull();
    expect(t.lines.map((l) => l.codeCents)).toEqual([300, 300]);
  });

  it("a fixed amount never takes more than the lines it applies to", () => {
    const t = priceCart([line("a", 1)], [], SHIP, code({ kind: "amount", percent: null, amountCents: 5000 }));
    expect(t.codeCents).toBe(3000);
    expect(t.totalCents).toBe(SHIP);
  });

  it("free shipping drops the shipping and nothing else", () => {
    const t = priceCart([line("a", 1)], [], SHIP, code({ kind: "free_shipping", percent: null }));
    expect(t.codeCents).toBe(0);
    expect(t.shippingCents).toBe(0);
    expect(t.freeShipping).toBe(true);
    expect(t.totalCents).toBe(3000);
  });

  it("the free-shipping threshold is read after the code", () => {
    // $80 of goods less 10% is $72: under $75, so shipping is charged.
    const t = priceCart([line("a", 2, 2)], [], SHIP, code());
    expect(t.subtotalCents).toBe(8000);
    expect(8000 - t.codeCents).toBeLessThanOrEqual(FREE_SHIPPING_OVER_CENTS);
    expect(t.shippingCents).toBe(SHIP);
  });

  it("a minimum not met says how much more to add, and gives nothing", () => {
    const t = priceCart([line("a", 1)], [], SHIP, code({ minSubtotalCents: 4000 }));
    expect(t.codeCents).toBe(0);
    expect(t.code?.refusal).toMatchObject({ reason: "minimum_not_met", shortByCents: 1000 });
    expect(t.code?.refusal?.message).toBe("Add $10.00 more to use the code WELCOME10.");
    expect(t.totalCents).toBe(3000 + SHIP);
  });

  it("a code for some products discounts only their lines, and is refused without them", () => {
    const t = priceCart([line("a", 1), line("b", 2)], [], SHIP, code({ productIds: [2] }));
    expect(t.lines.map((l) => l.codeCents)).toEqual([0, 400]);
    const none = priceCart([line("a", 1)], [], SHIP, code({ productIds: [2] }));
    expect(none.code?.refusal?.reason).toBe("not_for_these_products");
    expect(none.codeCents).toBe(0);
  });

  it("counts a stack's lines at their stack price, or leaves them out when the code does not combine", () => {
    const stack = [1, 2, 3, 4].map((p) => line(`s${p}`, p, 1, { bundleId: complete.id }));
    const t = priceCart(stack, [complete], SHIP, code());
    expect(t.subtotalCents - t.discountCents).toBe(10000);
    expect(t.codeCents).toBe(1000);
    const apart = priceCart([...stack, line("x", 2)], [complete], SHIP, code({ combinesWithBundles: false }));
    expect(apart.lines.map((l) => l.codeCents)).toEqual([0, 0, 0, 0, 400]);
    const onlyStack = priceCart(stack, [complete], SHIP, code({ combinesWithBundles: false }));
    expect(onlyStack.code?.refusal?.reason).toBe("not_for_these_products");
  });

  it("discounts subscription lines at their subscription price", () => {
    const t = priceCart([line("a", 1, 1, { isSubscription: true })], [], SHIP, code());
    expect(t.lines[0]?.lineCents).toBe(2550);
    expect(t.codeCents).toBe(255);
  });

  it("an empty cart carries the code without refusing it", () => {
    const t = priceCart([], [], SHIP, code({ minSubtotalCents: 4000 }));
    expect(t.code?.refusal).toBeNull();
    expect(t.totalCents).toBe(0);
  });

  it("the same cart always gives the same totals, never below zero, in whole cents, each line's share summing to the code", () => {
    const terms = fc.record({
      kind: fc.constantFrom<CodeTerms["kind"]>("percent", "amount", "free_shipping"),
      percent: fc.integer({ min: 1, max: 100 }),
      amountCents: fc.integer({ min: 1, max: 50_000 }),
      minSubtotalCents: fc.option(fc.integer({ min: 1, max: 40_000 }), { nil: null }),
      productIds: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1 }), { nil: null }),
      combinesWithBundles: fc.boolean(),
    });
    const lines = fc.array(
      fc.record({
        productId: fc.integer({ min: 1, max: 4 }),
        quantity: fc.integer({ min: 1, max: 99 }),
        isSubscription: fc.boolean(),
        inStack: fc.boolean(),
        unitCents: fc.integer({ min: 0, max: 20_000 }),
      }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(
        lines,
        fc.option(terms, { nil: null }),
        fc.integer({ min: 0, max: 2000 }),
        (ls, t, ship) => {
          const cart = ls.map((l, i) =>
            line(`l${i}`, l.productId, l.quantity, {
              isSubscription: l.isSubscription,
              bundleId: l.inStack ? complete.id : "",
              unitCents: l.unitCents,
            }),
          );
          const terms = t ? code(t) : null;
          const a = priceCart(cart, [complete], ship, terms);
          const b = priceCart(cart, [complete], ship, terms);
          expect(b).toEqual(a);
          for (const n of [a.subtotalCents, a.discountCents, a.codeCents, a.shippingCents, a.totalCents])
            expect(Number.isInteger(n) && n >= 0).toBe(true);
          expect(a.totalCents).toBe(a.subtotalCents - a.discountCents - a.codeCents + a.shippingCents);
          expect(a.lines.reduce((s, l) => s + l.codeCents, 0)).toBe(a.codeCents);
          for (const l of a.lines) expect(l.codeCents).toBeLessThanOrEqual(l.lineCents - l.savingCents);
          // A code never makes a cart cost more than it does without one.
          const without = priceCart(cart, [complete], ship, null);
          expect(a.totalCents).toBeLessThanOrEqual(without.totalCents + (a.freeShipping ? 0 : ship));
          if (a.code?.refusal) expect(a.codeCents).toBe(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("a code's amounts per currency (decision 051)", () => {
  const cad = { currency: "CAD" as const, freeShippingOverCents: 10_000 };
  const eur = { currency: "EUR" as const, freeShippingOverCents: 7000 };
  const save5 = code({
    code: "SAVE5",
    kind: "amount",
    percent: null,
    amountCents: 500,
    minSubtotalCents: 2000,
    amounts: { CAD: { amountCents: 700, minSubtotalCents: 2500 } },
  });

  it("an amount code takes the owner's amount of the cart's currency, its minimum compared in it", () => {
    const t = priceCart([line("a", 1)], [], SHIP, save5, null, cad);
    expect(t.codeCents).toBe(700);
    expect(t.code?.refusal).toBeNull();
    const short = priceCart(
      [line("a", 1)],
      [],
      SHIP,
      code({ ...save5, amounts: { CAD: { amountCents: 700, minSubtotalCents: 4000 } } }),
      null,
      cad,
    );
    expect(short.codeCents).toBe(0);
    expect(short.code?.refusal).toMatchObject({
      reason: "minimum_not_met",
      shortByCents: 1000,
      currency: "CAD",
    });
    expect(short.code?.refusal?.message).toBe("Add CA$10.00 more to use the code SAVE5.");
  });

  it("gives nothing in a currency it has no amount in, naming the currencies it has", () => {
    const t = priceCart([line("a", 1)], [], SHIP, save5, null, eur);
    expect(t.codeCents).toBe(0);
    expect(t.code?.refusal).toMatchObject({
      reason: "not_in_currency",
      currency: "EUR",
      currencies: ["USD", "CAD"],
      code: "SAVE5",
    });
    expect(t.code?.refusal?.message).toBe("The code SAVE5 is not for orders in EUR: only in USD, CAD.");
    expect(codeCurrencies(save5)).toEqual(["USD", "CAD"]);
  });

  it("a percentage with a minimum needs its minimum there; without one it is the same everywhere", () => {
    const withMinimum = code({
      minSubtotalCents: 2000,
      amounts: { EUR: { amountCents: null, minSubtotalCents: 2500 } },
    });
    expect(codeInCurrency(withMinimum, "EUR")).toMatchObject({ minSubtotalCents: 2500, percent: 10 });
    expect(codeInCurrency(withMinimum, "GBP")).toBeNull();
    expect(codeInCurrency(code(), "GBP")).toEqual(code());
    expect(priceCart([line("a", 1)], [], SHIP, code(), null, eur).codeCents).toBe(300);
    // An amount code's row without its amount is no amount there.
    expect(
      codeInCurrency(
        code({ ...save5, amounts: { CAD: { amountCents: null, minSubtotalCents: 2500 } } }),
        "CAD",
      ),
    ).toBeNull();
    expect(describeCode({ kind: "amount", percent: null, amountCents: 700 }, "CAD")).toBe("CA$7.00 off");
    expect(codeConditions({ ...save5, minSubtotalCents: 2500 }, "CAD")[0]).toBe(
      "On orders of CA$25.00 or more.",
    );
  });
});

describe("discount code terms", () => {
  it("codes are case-insensitive and trimmed; anything else is not a code", () => {
    expect(canonicalCode("  welcome10 ")).toBe("WELCOME10");
    expect(canonicalCode("ab")).toBeNull();
    expect(canonicalCode("WELCOME 10")).toBeNull();
    expect(canonicalCode("x".repeat(33))).toBeNull();
  });

  it("describes what a code gives and its conditions", () => {
    expect(describeCode(code())).toBe("10% off");
    expect(describeCode(code({ kind: "amount", amountCents: 500 }))).toBe("$5.00 off");
    expect(describeCode(code({ kind: "free_shipping" }))).toBe("Free shipping");
    expect(codeConditions(code({ minSubtotalCents: 4000, renewals: "first_n", renewalCount: 3 }))).toEqual([
      "On orders of $40.00 or more.",
      "Combines with bundle and stack prices.",
      "On subscriptions, the first 3 renewals are discounted too.",
    ]);
  });

  it("refuses a code before it starts and from the moment it ends", () => {
    const dated = code({ startsAt: "2026-12-01T00:00:00.000Z", endsAt: "2026-12-31T00:00:00.000Z" });
    expect(dateRefusal(dated, new Date("2026-11-30T23:59:59Z"))?.reason).toBe("not_started");
    expect(dateRefusal(dated, new Date("2026-12-15T00:00:00Z"))).toBeNull();
    expect(dateRefusal(dated, new Date("2026-12-31T00:00:00Z"))?.reason).toBe("expired");
  });
});
