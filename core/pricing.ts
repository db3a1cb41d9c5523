/**
 * The shop's money rules, in integer cents, shared by the browser and the server so the
 * drawer, the checkout summary and the order always agree. Pure: no I/O.
 */

export const DEFAULT_SUBSCRIPTION_DISCOUNT = 15;
export const FREE_SHIPPING_OVER_CENTS = 7500;
export const DAYS_PER_MONTH = 30;
export const MAX_LINE_QUANTITY = 99;

/** Daily price = price / 30, to the cent: 3000 -> 100 ("$1.00"), 4000 -> 133 ("$1.33"). */
export function dailyPriceCents(monthlyCents: number): number {
  return Math.round(monthlyCents / DAYS_PER_MONTH);
}

export function subscriptionDiscountPercent(productDiscount: number | null | undefined): number {
  return productDiscount ?? DEFAULT_SUBSCRIPTION_DISCOUNT;
}

/** Price of a line: subscription lines are price x (1 - discount) x quantity. */
export function lineTotalCents(unitCents: number, quantity: number, discountPercent: number): number {
  return Math.round((unitCents * (100 - discountPercent) * quantity) / 100);
}

/** Stack discount percent = round((individual - bundle) / individual x 100). */
export function stackDiscountPercent(individualCents: number, bundleCents: number): number {
  if (individualCents <= 0) return 0;
  return Math.round(((individualCents - bundleCents) / individualCents) * 100);
}

/** Customers = floor(popularityScore x 10); rating = popularityScore / 20 with one decimal. */
export function stackCustomers(popularityScore: number): number {
  return Math.floor(popularityScore * 10);
}
export function stackRating(popularityScore: number): string {
  return (popularityScore / 20).toFixed(1);
}

export interface PricingLine {
  id: string;
  productId: number;
  quantity: number;
  isSubscription: boolean;
  /** '' or null for a line added on its own. */
  bundleId?: string | null;
  unitCents: number;
  /** The product's own subscription discount, null for the shop default. */
  productSubscriptionDiscount?: number | null;
}

export interface Bundle {
  id: string;
  name: string;
  productIds: number[];
  bundlePriceCents: number;
  subscriptionDiscount: number;
}

export interface PricedLine {
  id: string;
  discountPercent: number;
  lineCents: number;
}

export interface BundleSaving {
  bundleId: string;
  name: string;
  sets: number;
  savingsCents: number;
}

export interface CartTotals {
  lines: PricedLine[];
  subtotalCents: number;
  bundleSavings: BundleSaving[];
  discountCents: number;
  shippingCents: number;
  freeShipping: boolean;
  totalCents: number;
  itemCount: number;
  hasSubscriptionItems: boolean;
  hasOneTimeItems: boolean;
}

/**
 * Prices a cart. Lines price one by one (line prices sum to the subtotal). A bundle whose every product
 * is in the cart under its id, one-time, earns its advertised saving once per complete set; subscription
 * lines added from a bundle take the bundle's subscription discount instead of the product's. Shipping is
 * free over $75 (after savings) or whenever the cart holds a complete bundle; otherwise the flat rate.
 */
export function priceCart(lines: PricingLine[], bundles: Bundle[], flatShippingCents: number): CartTotals {
  const bundleById = new Map(bundles.map((b) => [b.id, b]));
  const priced: PricedLine[] = lines.map((l) => {
    const bundle = l.bundleId ? bundleById.get(l.bundleId) : undefined;
    const discountPercent = l.isSubscription
      ? bundle
        ? bundle.subscriptionDiscount
        : subscriptionDiscountPercent(l.productSubscriptionDiscount)
      : 0;
    return { id: l.id, discountPercent, lineCents: lineTotalCents(l.unitCents, l.quantity, discountPercent) };
  });
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineCents, 0);

  const bundleSavings: BundleSaving[] = [];
  let completeSubscriptionBundle = false;
  for (const bundle of bundles) {
    for (const isSubscription of [false, true]) {
      const sets = Math.min(
        ...bundle.productIds.map((pid) =>
          lines
            .filter(
              (l) => l.bundleId === bundle.id && l.productId === pid && l.isSubscription === isSubscription,
            )
            .reduce((n, l) => n + l.quantity, 0),
        ),
      );
      if (!Number.isFinite(sets) || sets < 1) continue;
      if (isSubscription) {
        completeSubscriptionBundle = true;
        continue;
      }
      const individual = bundle.productIds.reduce(
        (sum, pid) => sum + (lines.find((l) => l.productId === pid)?.unitCents ?? 0),
        0,
      );
      const perSet = Math.max(0, individual - bundle.bundlePriceCents);
      if (perSet > 0)
        bundleSavings.push({ bundleId: bundle.id, name: bundle.name, sets, savingsCents: perSet * sets });
    }
  }
  const discountCents = bundleSavings.reduce((sum, s) => sum + s.savingsCents, 0);
  const afterSavings = subtotalCents - discountCents;
  const freeShipping =
    lines.length > 0 &&
    (afterSavings > FREE_SHIPPING_OVER_CENTS || bundleSavings.length > 0 || completeSubscriptionBundle);
  const shippingCents = lines.length === 0 || freeShipping ? 0 : flatShippingCents;
  return {
    lines: priced,
    subtotalCents,
    bundleSavings,
    discountCents,
    shippingCents,
    freeShipping,
    totalCents: afterSavings + shippingCents,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    hasSubscriptionItems: lines.some((l) => l.isSubscription),
    hasOneTimeItems: lines.some((l) => !l.isSubscription),
  };
}
