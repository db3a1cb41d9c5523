import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Bundle, bundleSetCents, ownSubscriptionCents, priceCart } from "../../core/pricing.ts";

// Every stack in content/ keeps its promise: as a subscription it costs its one-time stack price less its
// subscription discount, every month, and never as much as bought once.
const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../content/${file}`, import.meta.url), "utf8"));
const products: { id: number; priceCents: number }[] = read("products.json");
const stacks: (Bundle & { slug: string })[] = read("stacks.json").map(
  (s: {
    slug: string;
    name: string;
    productIds: number[];
    bundlePriceCents: number;
    subscriptionDiscount: number;
  }) => ({
    id: s.slug,
    slug: s.slug,
    name: s.name,
    productIds: s.productIds,
    bundlePriceCents: s.bundlePriceCents,
    subscriptionDiscount: s.subscriptionDiscount,
  }),
);

function priceStack(stack: Bundle, isSubscription: boolean) {
  const lines = stack.productIds.map((productId) => ({
    id: `${stack.id}-${productId}`,
    productId,
    quantity: 1,
    isSubscription,
    bundleId: stack.id,
    unitCents: products.find((p) => p.id === productId)?.priceCents ?? 0,
  }));
  return priceCart(lines, [stack], 595);
}

describe("stack prices in content/", () => {
  it("has stacks to check", () => expect(stacks.length).toBeGreaterThanOrEqual(7));

  for (const stack of stacks) {
    it(`${stack.slug}: subscribed costs the stack price less ${stack.subscriptionDiscount}%, below bought once`, () => {
      const once = priceStack(stack, false);
      const monthly = priceStack(stack, true);
      expect(once.totalCents).toBe(stack.bundlePriceCents);
      expect(monthly.totalCents).toBe(bundleSetCents(stack, true));
      expect(monthly.totalCents).toBeLessThan(once.totalCents);
      // What each product renews at sums to the same monthly price: the renewals keep it too.
      const renewals = monthly.lines.reduce((sum, l) => sum + l.lineCents - l.savingCents, 0);
      expect(renewals).toBe(monthly.totalCents);
    });
  }
});

/** What a line costs outside any stack: bought once, its price; subscribed, its own subscription price. */
const ownCents = (productId: number, quantity: number, isSubscription: boolean) => {
  const unit = products.find((p) => p.id === productId)?.priceCents ?? 0;
  return isSubscription ? ownSubscriptionCents(unit, quantity, null) : unit * quantity;
};
const cartOf = (stack: Bundle, quantities: [number, number][], isSubscription: boolean) =>
  quantities.map(([productId, quantity]) => ({
    id: `${stack.id}-${productId}`,
    productId,
    quantity,
    isSubscription,
    bundleId: stack.id,
    unitCents: products.find((p) => p.id === productId)?.priceCents ?? 0,
  }));

// The stack price is the price of complete sets: a stack's lines with one missing cost what they cost on
// their own, and the units beyond the complete sets cost their own price.
describe("the stack price is for complete sets only", () => {
  const stackArb = fc.constantFrom(...stacks);

  it("a stack's lines with one product missing cost their own price, line by line", () => {
    fc.assert(
      fc.property(stackArb, fc.nat(), fc.boolean(), (stack, drop, isSubscription) => {
        const kept = stack.productIds.filter((_, i) => i !== drop % stack.productIds.length);
        const totals = priceCart(
          cartOf(
            stack,
            kept.map((p) => [p, 1]),
            isSubscription,
          ),
          [stack],
          595,
        );
        expect(totals.discountCents).toBe(0);
        expect(totals.bundleSavings).toEqual([]);
        totals.lines.forEach((l, i) => {
          expect(l.lineCents).toBe(ownCents(kept[i] as number, 1, isSubscription));
          expect(l.savingCents).toBe(0);
        });
      }),
    );
  });

  it("with quantities that differ, only the complete sets get the stack price; the rest cost their own", () => {
    fc.assert(
      fc.property(
        stackArb,
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        (stack, counts, isSubscription) => {
          const quantities = stack.productIds.map((p, i): [number, number] => [p, counts[i] ?? 1]);
          const sets = Math.min(...quantities.map(([, q]) => q));
          const totals = priceCart(cartOf(stack, quantities, isSubscription), [stack], 595);
          const expected =
            sets * bundleSetCents(stack, isSubscription) +
            quantities.reduce((sum, [p, q]) => sum + ownCents(p, q - sets, isSubscription), 0);
          expect(totals.subtotalCents - totals.discountCents).toBe(expected);
          // Each line's own figure (what a subscription renews at) sums to the same.
          expect(totals.lines.reduce((sum, l) => sum + l.lineCents - l.savingCents, 0)).toBe(expected);
        },
      ),
    );
  });

  it("Total Restore alone from the Complete MANA System costs its own subscription price", () => {
    const stack = stacks.find((s) => s.slug === "complete-mana-system") as Bundle;
    const totals = priceCart(cartOf(stack, [[2, 10]], true), [stack], 595);
    expect(totals.lines[0]).toMatchObject({ discountPercent: 15, lineCents: 34000, savingCents: 0 });
  });
});
