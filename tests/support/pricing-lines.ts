import type { Bundle, PricingLine } from "../../core/pricing.ts";

/** The demo catalogue's prices in cents, by product id: Korean Ginseng, Total Restore, and two at $30. */
export const TEST_PRICES: Record<number, number> = { 1: 3000, 2: 4000, 3: 3000, 4: 3000 };

/** A cart line of `quantity` of a product at its test price, one-time and outside any stack unless `extra` says. */
export const pricingLine = (
  id: string,
  productId: number,
  quantity = 1,
  extra: Partial<PricingLine> = {},
): PricingLine => ({
  id,
  productId,
  quantity,
  isSubscription: false,
  bundleId: "",
  unitCents: TEST_PRICES[productId] ?? 0,
  ...extra,
});

/** The Complete MANA System stack: the four products for $100.00, 20% off as a subscription. */
export const COMPLETE_STACK: Bundle = {
  id: "complete-mana-system",
  name: "Complete MANA System",
  productIds: [1, 2, 3, 4],
  bundlePriceCents: 10000,
  subscriptionDiscount: 20,
};
