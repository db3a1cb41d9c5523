import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CartItemView } from "../../core/contracts/cart.ts";
import { CURRENCIES, type Currency, currencyOfCountry, EU_COUNTRIES } from "../../core/markets.ts";
import { type PriceTable, priceOf } from "../../core/price-lists.ts";
import { rateTableProvider } from "../../core/tax.ts";
import type { Product } from "../catalogue.ts";
import { builtInTaxTable } from "../tax/shop-tax.ts";
import { NotSoldInCurrency, type OrderPrices, priceOrder } from "./price-order.ts";

/**
 * An order's totals come from one currency's list and sum (docs/decisions/051-markets-and-currencies.md):
 * whatever the cart, the currency and the country, no amount of another list takes part.
 */

const product = (id: number, priceCents: number, subscriptionDiscount: number | null): Product => ({
  id,
  slug: `p${id}`,
  name: `Product ${id}`,
  tagline: "",
  description: "",
  price: (priceCents / 100).toFixed(2),
  priceCents,
  subscriptionDiscount,
  benefits: [],
  category: "x",
  packageSize: "60ml",
  imageUrl: `/p${id}.svg`,
  accent: "#000",
  inStock: true,
});
const catalogue = [
  product(1, 3000, null),
  product(2, 4000, 20),
  product(3, 3000, null),
  product(4, 3500, 10),
];
const stack = {
  id: "pair",
  name: "Pair",
  productIds: [1, 2],
  bundlePriceCents: 6000,
  subscriptionDiscount: 20,
};

/** Every list prices every item, each currency with amounts of its own (so a mixed sum shows). */
const table: PriceTable = {
  USD: {
    "product:1": 3000,
    "product:2": 4000,
    "product:3": 3000,
    "product:4": 3500,
    "stack:7": 6000,
    "shipping:flat": 595,
    "shipping:free_over": 7500,
  },
  CAD: {
    "product:1": 4001,
    "product:2": 5403,
    "product:3": 4007,
    "product:4": 4709,
    "stack:7": 8011,
    "shipping:flat": 795,
    "shipping:free_over": 10000,
  },
  EUR: {
    "product:1": 2903,
    "product:2": 3907,
    "product:3": 2911,
    "product:4": 3413,
    "stack:7": 5917,
    "shipping:flat": 599,
    "shipping:free_over": 7000,
  },
  GBP: {
    "product:1": 2519,
    "product:2": 3323,
    "product:3": 2529,
    "product:4": 2931,
    "stack:7": 4937,
    "shipping:flat": 497,
    "shipping:free_over": 6000,
  },
};
const prices = (currency: Currency): OrderPrices => ({ currency, table, stackIds: { pair: 7 } });
const tax = rateTableProvider(builtInTaxTable(), { homeStates: ["WA"] });

const destinations: { country: string; region: string }[] = [
  { country: "US", region: "WA" },
  { country: "US", region: "IL" },
  { country: "CA", region: "ON" },
  { country: "CA", region: "QC" },
  { country: "CA", region: "BC" },
  { country: "GB", region: "" },
  ...EU_COUNTRIES.map((country) => ({ country, region: "" })),
];

const line = fc.record({
  productId: fc.integer({ min: 1, max: 4 }),
  quantity: fc.integer({ min: 1, max: 5 }),
  isSubscription: fc.boolean(),
  inStack: fc.boolean(),
});

function items(lines: { productId: number; quantity: number; isSubscription: boolean; inStack: boolean }[]) {
  const seen = new Set<string>();
  const out: CartItemView[] = [];
  for (const l of lines) {
    const inStack = l.inStack && stack.productIds.includes(l.productId);
    const key = `${l.productId}-${l.isSubscription}-${inStack}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      id: key,
      productId: l.productId,
      quantity: l.quantity,
      isSubscription: l.isSubscription,
      bundleId: inStack ? stack.id : null,
      product: { name: "x", slug: "", imageUrl: "", price: "0.01", subscriptionDiscount: null },
      bundle: inStack ? stack : null,
    });
  }
  return out;
}

describe("an order's totals in one currency", () => {
  it("draws every part from the shipping country's list, and the parts sum to the total", () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...destinations),
        fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
        (lines, where, percent) => {
          const currency = currencyOfCountry(where.country);
          const cart = items(lines);
          const code = percent
            ? {
                code: "PCT",
                kind: "percent" as const,
                percent,
                amountCents: null,
                minSubtotalCents: null,
                productIds: null,
                combinesWithBundles: true,
                firstOrderOnly: false,
                renewals: "first_order" as const,
                renewalCount: null,
                startsAt: null,
                endsAt: null,
              }
            : null;
          const destination = {
            fullName: "A",
            line1: "1 St",
            line2: "",
            city: "C",
            region: where.region,
            postalCode: "1",
            country: where.country,
            phone: "",
          };
          const { lines: priced, totals } = priceOrder(
            cart,
            catalogue,
            595,
            code,
            { provider: tax, destination, currency },
            prices(currency),
          );
          expect(totals.currency).toBe(currency);
          for (const l of priced)
            expect(l.unitPriceCents).toBe(priceOf(table, `product:${l.productId}`, currency));
          expect([0, priceOf(table, "shipping:flat", currency)]).toContain(totals.shippingCents);
          for (const t of totals.taxLines) expect(t.currency.toUpperCase()).toBe(currency);
          expect(priced.reduce((s, l) => s + l.lineTotalCents, 0)).toBe(totals.subtotalCents);
          expect(priced.reduce((s, l) => s + l.codeCents, 0)).toBe(totals.codeCents);
          expect(
            totals.subtotalCents -
              totals.discountCents -
              totals.codeCents +
              totals.shippingCents +
              totals.taxCents,
          ).toBe(totals.totalCents);
          expect(totals.taxCents).toBe(
            totals.taxLines.filter((t) => !t.included).reduce((s, t) => s + t.amount, 0),
          );
          // The same cart in another currency shares no line price with this one (each list is its own).
          for (const other of CURRENCIES.filter((c) => c !== currency)) {
            const there = priceOrder(cart, catalogue, 595, null, null, prices(other));
            expect(there.totals.currency).toBe(other);
            there.lines.forEach((l, i) => {
              expect(l.unitPriceCents).not.toBe(priced[i]?.unitPriceCents);
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("prices a US dollar order from the catalogue as before the lists", () => {
    const cart = items([{ productId: 1, quantity: 2, isSubscription: false, inStack: false }]);
    const withList = priceOrder(cart, catalogue, 595, null, null, prices("USD"));
    expect(withList).toEqual(priceOrder(cart, catalogue, 595));
    expect(withList.totals).toMatchObject({ currency: "USD", subtotalCents: 6000, shippingCents: 595 });
  });

  it("refuses an item the list does not price: NotSoldInCurrency, 409 not_sold_in_currency", () => {
    const cart = items([{ productId: 3, quantity: 1, isSubscription: false, inStack: false }]);
    const without: PriceTable = { ...table, CAD: { ...table.CAD, "product:3": undefined } };
    expect(() => priceOrder(cart, catalogue, 595, null, null, { ...prices("CAD"), table: without })).toThrow(
      NotSoldInCurrency,
    );
  });
});
