import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Bundle, bundleSetCents, priceCart } from "../../core/pricing.ts";

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
