import {
  type CodeRefusal,
  type CodeTerms,
  codeCurrencies,
  codeInCurrency,
  refusal,
} from "./discount-code.ts";
import { BASE_CURRENCY, type Currency } from "./markets.ts";
import type { TaxDestination, TaxLine, TaxProvider } from "./tax.ts";

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

/** A product's own subscription price for `quantity` units: its price less its subscription discount
 * (the shop default when it gives none), as if added on its own, outside any stack. */
export function ownSubscriptionCents(
  unitCents: number,
  quantity: number,
  productDiscount: number | null | undefined,
): number {
  return lineTotalCents(unitCents, quantity, subscriptionDiscountPercent(productDiscount));
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

/** What taxes a cart: the provider (core/tax.ts), where the order ships, and the currency of its prices. */
export interface CartTax {
  provider: TaxProvider;
  destination: TaxDestination;
  /** ISO 4217, upper case ("USD"). */
  currency: string;
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
  /** The line's share of its bundle's saving (0 outside a complete set): a subscription line renews at
   * `lineCents - savingCents`, so the subscriptions of a stack sum to its subscription price. */
  savingCents: number;
  /** The line's share of the discount code (0 without one): what the code takes off this line. */
  codeCents: number;
}

export interface BundleSaving {
  bundleId: string;
  name: string;
  sets: number;
  savingsCents: number;
  /** True for a stack bought as a subscription: the saving recurs with every renewal. */
  isSubscription: boolean;
}

/**
 * What a cart is priced in beyond its lines' own prices (docs/decisions/051-markets-and-currencies.md): the
 * currency of every amount (the lines' and bundles' prices and the flat rate are already that list's) and
 * the list's free-shipping threshold. A code's amount off and minimum are the owner's for that currency
 * (core/discount-code.ts `codeInCurrency`): a code with none there gives nothing (`not_in_currency`).
 */
export interface CartPriceList {
  currency: Currency;
  freeShippingOverCents: number;
}

/** The base list: US dollars, free shipping over $75. */
export const BASE_PRICE_LIST: CartPriceList = {
  currency: BASE_CURRENCY,
  freeShippingOverCents: FREE_SHIPPING_OVER_CENTS,
};

export interface CartTotals {
  /** The currency of every amount here (one list: nothing is ever summed across currencies). */
  currency: Currency;
  lines: PricedLine[];
  subtotalCents: number;
  bundleSavings: BundleSaving[];
  discountCents: number;
  /** The discount code's reduction, after the bundle savings and before shipping (0 without one). */
  codeCents: number;
  /** The code the cart carries: its terms, and why it gives nothing when it does not apply. */
  code: { terms: CodeTerms; refusal: CodeRefusal | null } | null;
  shippingCents: number;
  freeShipping: boolean;
  /** The taxes on the goods after savings and code and on shipping (core/tax.ts), none without a destination. */
  taxLines: TaxLine[];
  /** What the taxes add (sales tax, GST, HST, PST, QST); a VAT the prices contain adds nothing. */
  taxCents: number;
  /** subtotal − bundle savings − code + shipping + added tax: never below zero. */
  totalCents: number;
  itemCount: number;
  hasSubscriptionItems: boolean;
  hasOneTimeItems: boolean;
}

/**
 * Splits `total` cents across `weights` in proportion, to the cent, the remainders going to the largest
 * fractions first, so the parts always sum to `total`.
 */
export function splitCents(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const byFraction = exact
    .map((x, i) => ({ i, f: x - Math.floor(x) }))
    .sort((a, b) => b.f - a.f || a.i - b.i);
  for (const { i } of byFraction) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left--;
  }
  return parts;
}

/** What one complete set of a bundle costs, bought once or as a subscription (its discount applied). */
export function bundleSetCents(bundle: Bundle, isSubscription: boolean): number {
  return isSubscription
    ? lineTotalCents(bundle.bundlePriceCents, 1, bundle.subscriptionDiscount)
    : bundle.bundlePriceCents;
}

/**
 * Prices a cart. Lines price one by one (line prices sum to the subtotal). The stack price is for complete
 * sets only: a bundle whose every product is in the cart under its id, in one mode, earns its saving once
 * per complete set (the smallest of its lines' quantities). One-time sets cost the bundle price,
 * subscription sets the bundle price less its subscription discount, so a stack never costs more as a
 * subscription than bought once. A subscription line wholly within complete sets takes the bundle's
 * subscription discount; one of an incomplete bundle, and the units of a line beyond the complete sets,
 * cost the product's own price (less its own subscription discount). Each set's saving is shared out over
 * its lines (`savingCents`), so each line's `lineCents - savingCents` is what it costs.
 *
 * The order of the reductions is fixed (docs/decisions/046-discount-codes.md): product and bundle/stack
 * prices, subscription discount, then the discount code (`applyCode`), then shipping: free over $75 (the
 * list's threshold, `list`; after savings and code) or whenever the cart holds a complete bundle, or with a free-shipping code; otherwise
 * the flat rate; then tax, on the goods after savings and code and on shipping, at the destination's rates
 * (`tax`: none while the destination is not known).
 */
export function priceCart(
  lines: PricingLine[],
  bundles: Bundle[],
  flatShippingCents: number,
  code: CodeTerms | null = null,
  tax: CartTax | null = null,
  list: CartPriceList = BASE_PRICE_LIST,
): CartTotals {
  const ownDiscount = (l: PricingLine) =>
    l.isSubscription ? subscriptionDiscountPercent(l.productSubscriptionDiscount) : 0;
  const sets = completeSets(lines, bundles);
  const priced: PricedLine[] = lines.map((l, i) => {
    const set = sets.get(i);
    const own = ownDiscount(l);
    if (!set)
      return {
        id: l.id,
        discountPercent: own,
        lineCents: lineTotalCents(l.unitCents, l.quantity, own),
        savingCents: 0,
        codeCents: 0,
      };
    // The units in complete sets at the bundle's discount, any beyond them at the product's own.
    const discountPercent = l.isSubscription ? set.bundle.subscriptionDiscount : 0;
    const lineCents =
      lineTotalCents(l.unitCents, set.sets, discountPercent) +
      lineTotalCents(l.unitCents, l.quantity - set.sets, own);
    return { id: l.id, discountPercent, lineCents, savingCents: 0, codeCents: 0 };
  });
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineCents, 0);

  const bundleSavings: BundleSaving[] = [];
  let completeBundle = false;
  for (const bundle of bundles) {
    for (const isSubscription of [false, true]) {
      const setLines = [...sets].filter(
        ([, s]) => s.bundle === bundle && lines[s.lineIndex]?.isSubscription === isSubscription,
      );
      const first = setLines[0]?.[1];
      if (!first) continue;
      const discount = isSubscription ? bundle.subscriptionDiscount : 0;
      const separately = setLines.map(([i]) => lineTotalCents(lines[i]?.unitCents ?? 0, 1, discount));
      const perSet = Math.max(
        0,
        separately.reduce((a, b) => a + b, 0) - bundleSetCents(bundle, isSubscription),
      );
      splitCents(perSet, separately).forEach((share, k) => {
        const line = priced[setLines[k]?.[0] ?? -1];
        if (line) line.savingCents += share * first.sets;
      });
      completeBundle = true;
      if (perSet > 0)
        bundleSavings.push({
          bundleId: bundle.id,
          name: bundle.name,
          sets: first.sets,
          savingsCents: perSet * first.sets,
          isSubscription,
        });
    }
  }
  const discountCents = bundleSavings.reduce((sum, s) => sum + s.savingsCents, 0);
  const afterSavings = subtotalCents - discountCents;
  const inSet = (i: number) => sets.has(i);
  const applied = code ? applyCode(code, lines, priced, inSet, afterSavings, list.currency) : null;
  const codeCents = priced.reduce((sum, l) => sum + l.codeCents, 0);
  const afterCode = afterSavings - codeCents;
  const freeShipping =
    lines.length > 0 &&
    (afterCode > list.freeShippingOverCents ||
      completeBundle ||
      (code?.kind === "free_shipping" && applied?.refusal === null));
  const shippingCents = lines.length === 0 || freeShipping ? 0 : flatShippingCents;
  const quote =
    tax && lines.length > 0
      ? tax.provider.quote({
          currency: tax.currency,
          destination: tax.destination,
          goods: afterCode,
          shipping: shippingCents,
        })
      : null;
  const taxCents = quote?.added ?? 0;
  return {
    currency: list.currency,
    lines: priced,
    subtotalCents,
    bundleSavings,
    discountCents,
    codeCents,
    code: code && applied ? { terms: code, refusal: applied.refusal } : null,
    shippingCents,
    freeShipping,
    taxLines: quote?.lines ?? [],
    taxCents,
    totalCents: afterCode + shippingCents + taxCents,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    hasSubscriptionItems: lines.some((l) => l.isSubscription),
    hasOneTimeItems: lines.some((l) => !l.isSubscription),
  };
}

/**
 * Applies a discount code to the priced lines (their `codeCents`), or says why it gives nothing. The lines
 * it may discount: those of its products (every product when it names none), less those at a bundle or
 * stack price when it does not combine with them. Each such line counts at what it costs after its stack
 * saving. A percentage takes that share of their sum, a fixed amount at most their sum, shared out over
 * them in proportion (`splitCents`), so no line and no total goes below zero. The minimum is compared with
 * the whole cart after bundle savings. A free-shipping code discounts no line: `priceCart` drops shipping.
 * An amount and a minimum are the owner's in the cart's currency (`codeInCurrency`): a code with either
 * and none in that currency gives nothing (decision 051: nothing is converted); a percentage or free
 * shipping without a minimum works in every currency.
 */
function applyCode(
  terms: CodeTerms,
  lines: PricingLine[],
  priced: PricedLine[],
  inSet: (lineIndex: number) => boolean,
  afterSavings: number,
  currency: Currency,
): { refusal: CodeRefusal | null } {
  if (lines.length === 0) return { refusal: null };
  const code = codeInCurrency(terms, currency);
  if (!code)
    return {
      refusal: refusal("not_in_currency", terms.code, undefined, {
        currency,
        currencies: codeCurrencies(terms),
      }),
    };
  const eligible = priced.map((l, i) => {
    const line = lines[i];
    if (!line) return 0;
    if (code.productIds && !code.productIds.includes(line.productId)) return 0;
    if (!code.combinesWithBundles && inSet(i)) return 0;
    return Math.max(0, l.lineCents - l.savingCents);
  });
  const base = eligible.reduce((a, b) => a + b, 0);
  if (base <= 0) return { refusal: refusal("not_for_these_products", code.code) };
  if (code.minSubtotalCents && afterSavings < code.minSubtotalCents)
    return {
      refusal: refusal(
        "minimum_not_met",
        code.code,
        code.minSubtotalCents - afterSavings,
        currency === BASE_CURRENCY ? undefined : { currency },
      ),
    };
  const off =
    code.kind === "percent"
      ? Math.round((base * Math.min(100, Math.max(0, code.percent ?? 0))) / 100)
      : code.kind === "amount"
        ? Math.min(base, Math.max(0, code.amountCents ?? 0))
        : 0;
  splitCents(off, eligible).forEach((share, i) => {
    const line = priced[i];
    if (line) line.codeCents = share;
  });
  return { refusal: null };
}

/**
 * The lines that make complete sets of a bundle: for each bundle and mode, the first line of each of its
 * products from that bundle; when every product has one, each of them is a set line, with the number of
 * complete sets (the smallest quantity). Keyed by line index.
 */
function completeSets(
  lines: PricingLine[],
  bundles: Bundle[],
): Map<number, { bundle: Bundle; sets: number; lineIndex: number }> {
  const found = new Map<number, { bundle: Bundle; sets: number; lineIndex: number }>();
  for (const bundle of bundles) {
    for (const isSubscription of [false, true]) {
      const setLines = bundle.productIds.map((pid) =>
        lines.findIndex(
          (l) => l.bundleId === bundle.id && l.productId === pid && l.isSubscription === isSubscription,
        ),
      );
      if (setLines.length === 0 || setLines.some((i) => i < 0)) continue;
      const sets = Math.min(...setLines.map((i) => lines[i]?.quantity ?? 0));
      if (!Number.isFinite(sets) || sets < 1) continue;
      for (const lineIndex of setLines) found.set(lineIndex, { bundle, sets, lineIndex });
    }
  }
  return found;
}
