import { describe, expect, it } from "vitest";
import { COMPLETE_STACK, pricingLine, TEST_PRICES } from "../tests/support/pricing-lines.ts";
import {
  dailyPriceCents,
  lineTotalCents,
  priceCart,
  splitCents,
  stackCustomers,
  stackDiscountPercent,
  stackRating,
} from "./pricing.ts";

const _prices = TEST_PRICES;
const line = pricingLine;
const complete = COMPLETE_STACK;

describe("pricing rules", () => {
  it("daily price is the monthly price divided by 30, to the cent", () => {
    expect(dailyPriceCents(3000)).toBe(100);
    expect(dailyPriceCents(4000)).toBe(133);
    expect(dailyPriceCents(10000)).toBe(333);
  });

  it("subscription line = price x (1 - discount) x quantity, 15% by default", () => {
    expect(lineTotalCents(3000, 2, 15)).toBe(5100);
    const totals = priceCart([line("a", 2, 1, { isSubscription: true })], [], 595);
    expect(totals.lines[0]).toEqual({
      id: "a",
      discountPercent: 15,
      lineCents: 3400,
      savingCents: 0,
      codeCents: 0,
    });
  });

  it("uses the product's own subscription discount when it sets one", () => {
    const totals = priceCart(
      [line("a", 1, 1, { isSubscription: true, productSubscriptionDiscount: 20 })],
      [],
      0,
    );
    expect(totals.lines[0]?.lineCents).toBe(2400);
  });

  it("totals sum the lines, count items and flag the kinds of line", () => {
    const totals = priceCart([line("a", 1, 2), line("b", 2, 1, { isSubscription: true })], [], 595);
    expect(totals.subtotalCents).toBe(6000 + 3400);
    expect(totals.itemCount).toBe(3);
    expect(totals.hasOneTimeItems).toBe(true);
    expect(totals.hasSubscriptionItems).toBe(true);
  });

  it("charges the flat rate up to $75 and ships free above it", () => {
    expect(priceCart([line("a", 1)], [], 595).shippingCents).toBe(595);
    expect(priceCart([line("a", 2, 1), line("b", 1, 1)], [], 595).shippingCents).toBe(595); // exactly 70
    expect(priceCart([line("a", 2, 2)], [], 595)).toMatchObject({ shippingCents: 0, totalCents: 8000 });
  });

  it("an empty cart costs nothing", () => {
    expect(priceCart([], [complete], 595)).toMatchObject({ totalCents: 0, shippingCents: 0, itemCount: 0 });
  });

  it("honours the bundle price: four products for $100, saving $30, shipping free", () => {
    const lines = [1, 2, 3, 4].map((p) => line(`l${p}`, p, 1, { bundleId: complete.id }));
    const totals = priceCart(lines, [complete], 595);
    expect(totals.subtotalCents).toBe(13000);
    expect(totals.bundleSavings).toEqual([
      {
        bundleId: complete.id,
        name: "Complete MANA System",
        sets: 1,
        savingsCents: 3000,
        isSubscription: false,
      },
    ]);
    expect(totals.lines.map((l) => l.savingCents)).toEqual([693, 923, 692, 692]);
    expect(totals).toMatchObject({ discountCents: 3000, shippingCents: 0, totalCents: 10000 });
  });

  it("counts complete sets only, and prices products added one by one one by one", () => {
    const lines = [
      ...[1, 2, 3, 4].map((p) => line(`l${p}`, p, p === 1 ? 3 : 2, { bundleId: complete.id })),
      line("solo", 2, 1),
    ];
    const totals = priceCart(lines, [complete], 595);
    expect(totals.bundleSavings[0]?.sets).toBe(2);
    expect(totals.discountCents).toBe(6000);
    // Removing one product of the bundle removes the saving.
    const broken = priceCart(
      lines.filter((l) => l.id !== "l3"),
      [complete],
      595,
    );
    expect(broken.discountCents).toBe(0);
  });

  it("subscription lines from a bundle take the bundle's subscription discount, the set its stack price", () => {
    const lines = [1, 2, 3, 4].map((p) =>
      line(`l${p}`, p, 1, { bundleId: complete.id, isSubscription: true }),
    );
    const totals = priceCart(lines, [complete], 595);
    expect(totals.lines.map((l) => l.discountPercent)).toEqual([20, 20, 20, 20]);
    expect(totals.subtotalCents).toBe(10400);
    // $100 bundle less 20% = $80 a month, against $100 bought once.
    expect(totals).toMatchObject({ discountCents: 2400, shippingCents: 0, totalCents: 8000 });
    expect(totals.bundleSavings).toEqual([
      { bundleId: complete.id, name: complete.name, sets: 1, savingsCents: 2400, isSubscription: true },
    ]);
    // What each line renews at sums to the stack's monthly price.
    const renewals = totals.lines.map((l) => l.lineCents - l.savingCents);
    expect(renewals.reduce((a, b) => a + b, 0)).toBe(8000);
    expect(renewals.every((c) => c > 0)).toBe(true);
  });

  it("a subscription set's saving counts complete sets only and stays on the set's lines", () => {
    const lines = [
      ...[1, 2, 3, 4].map((p) =>
        line(`s${p}`, p, p === 1 ? 2 : 1, { bundleId: complete.id, isSubscription: true }),
      ),
      line("plain", 1, 1, { isSubscription: true }),
    ];
    const totals = priceCart(lines, [complete], 595);
    expect(totals.bundleSavings.map((s) => [s.sets, s.savingsCents])).toEqual([[1, 2400]]);
    expect(totals.lines.find((l) => l.id === "plain")?.savingCents).toBe(0);
    expect(totals.lines.reduce((n, l) => n + l.savingCents, 0)).toBe(2400);
  });

  it("splits cents in proportion and always sums to the whole", () => {
    expect(splitCents(2400, [2400, 3200, 2400, 2400])).toEqual([554, 738, 554, 554]);
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitCents(0, [5, 5])).toEqual([0, 0]);
    for (const total of [1, 7, 999, 2401]) {
      expect(splitCents(total, [3, 5, 7]).reduce((a, b) => a + b, 0)).toBe(total);
    }
  });

  it("stack figures: discount percent, customers and rating", () => {
    expect(stackDiscountPercent(13000, 10000)).toBe(23);
    expect(stackCustomers(87.5)).toBe(875);
    expect(stackCustomers(92)).toBe(920);
    expect(stackRating(92)).toBe("4.6");
    expect(stackRating(85)).toBe("4.3");
  });
});
