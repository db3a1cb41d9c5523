import fc from "fast-check";
import { describe, expect, it } from "vitest";
import taxRates from "../../../content/tax-rates.json" with { type: "json" };
import { CA_PROVINCES, US_STATES } from "../../../core/address.ts";
import type { OrderSummaryData } from "../../../core/contracts/checkout.ts";
import type { CodeTerms } from "../../../core/discount-code.ts";
import { type CartTotals, type PricingLine, priceCart } from "../../../core/pricing.ts";
import { parseTaxTable, rateTableProvider } from "../../../core/tax.ts";
import { balancesPayableCents } from "../../../core/tenders.ts";
import { COMPLETE_STACK, pricingLine } from "../../../tests/support/pricing-lines.ts";
import { checkoutTax, checkoutTaxProvider, taxDestinationOf } from "./checkout-tax.ts";

const SHIP = 595;
const HOME_STATES = ["WA"];
// The table the server reads (server/tax/shop-tax.ts builtInTaxTable).
const table = parseTaxTable(taxRates);
// The server's provider reads the whole table; the page's, the rows of the countries shipped to.
const serverProvider = rateTableProvider(table, { homeStates: HOME_STATES });
const pageProvider = checkoutTaxProvider({
  rows: table.rates.filter((r) => ["US", "CA"].includes(r.country)),
  homeStates: HOME_STATES,
});

const percentCode = (percent: number): CodeTerms => ({
  code: "SAVE",
  kind: "percent",
  percent,
  amountCents: null,
  minSubtotalCents: null,
  productIds: null,
  combinesWithBundles: true,
  firstOrderOnly: false,
  renewals: "first_order",
  renewalCount: null,
  startsAt: null,
  endsAt: null,
});

/** The loader's summary of a cart priced without tax (server/orders/order-summary.ts), with gift cards bought. */
function summaryOf(totals: CartTotals, giftCardCents: number): OrderSummaryData {
  return {
    lines: totals.lines.map((l) => ({
      key: l.id,
      name: l.id,
      imageUrl: null,
      quantity: 1,
      isSubscription: false,
      discountPercent: l.discountPercent,
      unitCents: l.lineCents,
      lineCents: l.lineCents,
      bundleName: null,
    })),
    subtotalCents: totals.subtotalCents,
    bundleSavings: [],
    code: null,
    shippingCents: totals.shippingCents,
    totalCents: totals.totalCents + giftCardCents,
    ...(giftCardCents > 0 ? { giftCardCents } : {}),
  };
}

/** The one-time lines as they cost, as server/balances/checkout-balances.ts `oneTimeCents` sums them. */
function oneTimeOf(lines: PricingLine[], totals: CartTotals): number {
  return totals.lines
    .filter((_, i) => !lines[i]?.isSubscription)
    .reduce((sum, l) => sum + l.lineCents - l.savingCents - l.codeCents, 0);
}

/** The page's figures for a cart and the server's for the same cart shipped to `destination`. */
function both(
  lines: PricingLine[],
  destination: { country: string; region: string },
  code: CodeTerms | null = null,
  giftCardCents = 0,
) {
  const bundles = [COMPLETE_STACK];
  const untaxed = priceCart(lines, bundles, SHIP, code, null);
  const page = checkoutTax(
    { summary: summaryOf(untaxed, giftCardCents), oneTimeCents: oneTimeOf(lines, untaxed) },
    pageProvider,
    destination,
  );
  const server = priceCart(lines, bundles, SHIP, code, {
    provider: serverProvider,
    destination,
    currency: "USD",
  });
  const serverPayable = balancesPayableCents(oneTimeOf(lines, server), server);
  return { page, server, serverPayable };
}

describe("checkoutTax: the page's tax is the server's", () => {
  it("Ontario: HST 13% on the goods and shipping, added to the total", () => {
    const { page, server } = both([pricingLine("a", 3)], { country: "CA", region: "ON" });
    // $30.00 + $5.95 shipping = $35.95; 13% = 467.35 → 467.
    expect(page.taxCents).toBe(467);
    expect(page.summary.taxLines).toEqual([{ name: "HST", ratePercent: "13", cents: 467, included: false }]);
    expect(page.summary.totalCents).toBe(3595 + 467);
    expect(page.taxCents).toBe(server.taxCents);
    expect(page.summary.totalCents).toBe(server.totalCents);
  });

  it("Quebec: GST and QST, each its own line", () => {
    const { page, server } = both([pricingLine("a", 1)], { country: "CA", region: "QC" });
    expect(page.summary.taxLines?.map((l) => [l.name, l.ratePercent])).toEqual([
      ["GST", "5"],
      ["QST", "9.975"],
    ]);
    expect(page.taxCents).toBe(server.taxCents);
  });

  it("Illinois (not a home state): no tax; Washington (home state): sales tax", () => {
    const il = both([pricingLine("a", 1)], { country: "US", region: "IL" });
    expect(il.page.taxCents).toBe(0);
    expect(il.page.summary.taxLines).toEqual([]);
    expect(il.page.summary.totalCents).toBe(3595);
    const wa = both([pricingLine("a", 1)], { country: "US", region: "WA" });
    expect(wa.page.summary.taxLines?.map((l) => l.name)).toEqual(["Sales tax"]);
    expect(wa.page.taxCents).toBe(wa.server.taxCents);
    expect(wa.page.taxCents).toBeGreaterThan(0);
  });

  it("gift cards bought are not taxed, and a cart of gift cards only has no tax", () => {
    const { page, server } = both([pricingLine("a", 1)], { country: "CA", region: "ON" }, null, 5000);
    expect(page.taxCents).toBe(server.taxCents);
    expect(page.summary.totalCents).toBe(server.totalCents + 5000);
    const only = both([], { country: "CA", region: "ON" }, null, 5000);
    expect(only.page.taxCents).toBe(0);
    expect(only.page.summary.totalCents).toBe(5000);
  });

  it("any cart, code and destination: the same tax, total and part balances may pay as the server's", () => {
    const regions = [
      ...Object.keys(US_STATES).map((region) => ({ country: "US", region })),
      ...Object.keys(CA_PROVINCES).map((region) => ({ country: "CA", region })),
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            productId: fc.integer({ min: 1, max: 4 }),
            quantity: fc.integer({ min: 1, max: 5 }),
            isSubscription: fc.boolean(),
            inStack: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.constantFrom(...regions),
        fc.option(fc.integer({ min: 1, max: 100 })),
        (picked, destination, percent) => {
          const lines = picked.map((p, i) =>
            pricingLine(`l${i}`, p.productId, p.quantity, {
              isSubscription: p.isSubscription,
              bundleId: p.inStack ? COMPLETE_STACK.id : "",
            }),
          );
          const code = percent === null ? null : percentCode(percent);
          const { page, server, serverPayable } = both(lines, destination, code);
          expect(page.taxCents).toBe(server.taxCents);
          expect(page.summary.totalCents).toBe(server.totalCents);
          expect(page.summary.taxLines?.map((l) => l.cents)).toEqual(server.taxLines.map((l) => l.amount));
          expect(page.payableCents).toBe(serverPayable);
        },
      ),
    );
  });
});

describe("taxDestinationOf: the address is known once its country and region say where", () => {
  it("needs a state or province in the United States and Canada", () => {
    expect(taxDestinationOf({ country: "CA", region: "" })).toBeNull();
    expect(taxDestinationOf({ country: "US", region: "ZZ" })).toBeNull();
    expect(taxDestinationOf({ country: "", region: "ON" })).toBeNull();
    expect(taxDestinationOf({ country: "CA", region: "on" })).toEqual({ country: "CA", region: "ON" });
    expect(taxDestinationOf({ country: "US", region: "IL" })).toEqual({ country: "US", region: "IL" });
  });

  it("a country without regions is known by its country", () => {
    expect(taxDestinationOf({ country: "GB", region: "" })).toEqual({ country: "GB", region: null });
  });
});
