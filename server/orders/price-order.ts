import type { CartItemView } from "../../core/contracts/cart.ts";
import type { CodeTerms } from "../../core/discount-code.ts";
import {
  type Bundle,
  type CartTax,
  type CartTotals,
  type PricingLine,
  priceCart,
} from "../../core/pricing.ts";
import type { Product } from "../catalogue.ts";

/** An order line as the server prices it, in cents, from the catalogue. */
export interface PricedOrderLine {
  cartItemId: string;
  productId: number;
  productName: string;
  imageUrl: string;
  quantity: number;
  isSubscription: boolean;
  bundleId: string;
  bundleName: string | null;
  unitPriceCents: number;
  discountPercent: number;
  lineTotalCents: number;
  /** The line's share of its stack's saving: a subscription line renews at lineTotalCents - savingCents. */
  savingCents: number;
  /** The line's share of the discount code. */
  codeCents: number;
}

export interface PricedOrder {
  lines: PricedOrderLine[];
  totals: CartTotals;
}

export function shippingRateCents(flatRateDollars: number): number {
  return Math.round(flatRateDollars * 100);
}

/**
 * Prices the visitor's cart with the shop's one pricing function, from catalogue prices only: whatever
 * the browser sent is never part of the sum, so a tampered page cannot change what is charged.
 */
export function priceOrder(
  items: CartItemView[],
  products: Product[],
  flatShippingCents: number,
  code: CodeTerms | null = null,
  tax: CartTax | null = null,
): PricedOrder {
  const bundles = new Map<string, Bundle>();
  const pricing: PricingLine[] = [];
  const known: { item: CartItemView; product: Product }[] = [];
  for (const item of items) {
    const product = products.find((p) => p.id === item.productId);
    if (!product) continue;
    known.push({ item, product });
    if (item.bundle) bundles.set(item.bundle.id, item.bundle);
    pricing.push({
      id: item.id,
      productId: item.productId,
      quantity: item.quantity,
      isSubscription: item.isSubscription,
      bundleId: item.bundle ? item.bundle.id : null,
      unitCents: product.priceCents,
      productSubscriptionDiscount: product.subscriptionDiscount,
    });
  }
  const totals = priceCart(pricing, [...bundles.values()], flatShippingCents, code, tax);
  const lines = known.map(({ item, product }, i) => {
    const priced = totals.lines[i];
    if (!priced) throw new Error("pricing returned fewer lines than it was given");
    return {
      cartItemId: item.id,
      productId: product.id,
      productName: product.name,
      imageUrl: product.imageUrl,
      quantity: item.quantity,
      isSubscription: item.isSubscription,
      bundleId: item.bundle ? item.bundle.id : "",
      bundleName: item.bundle ? item.bundle.name : null,
      unitPriceCents: product.priceCents,
      discountPercent: priced.discountPercent,
      lineTotalCents: priced.lineCents,
      savingCents: priced.savingCents,
      codeCents: priced.codeCents,
    };
  });
  return { lines, totals };
}
