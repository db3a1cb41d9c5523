import { describe, expect, it } from "vitest";
import { giftCardAmountAllowed, giftCardAmounts, isPriceItem, priceOf, priceTable } from "./price-lists.ts";
import { FREE_SHIPPING_OVER_CENTS } from "./pricing.ts";

const base = {
  products: [{ id: 1, priceCents: 3000 }],
  stacks: [{ id: 2, bundlePriceCents: 5100 }],
  flatShippingCents: 595,
};

describe("price lists", () => {
  it("takes the base list from the catalogue and the others from their entries", () => {
    const table = priceTable(base, [
      { item: "product:1", currency: "CAD", amountCents: 4000 },
      { item: "shipping:flat", currency: "CAD", amountCents: 795 },
    ]);
    expect(priceOf(table, "product:1", "USD")).toBe(3000);
    expect(priceOf(table, "stack:2", "USD")).toBe(5100);
    expect(priceOf(table, "shipping:flat", "USD")).toBe(595);
    expect(priceOf(table, "shipping:free_over", "USD")).toBe(FREE_SHIPPING_OVER_CENTS);
    expect(priceOf(table, "product:1", "CAD")).toBe(4000);
    expect(priceOf(table, "shipping:flat", "CAD")).toBe(795);
  });

  it("has no price where the owner set none, and never converts one", () => {
    const table = priceTable(base, [{ item: "product:1", currency: "CAD", amountCents: 4000 }]);
    expect(priceOf(table, "product:1", "EUR")).toBeNull();
    expect(priceOf(table, "stack:2", "CAD")).toBeNull();
  });

  it("ignores an entry for the base currency or an unknown item", () => {
    const table = priceTable(base, [
      { item: "product:1", currency: "USD", amountCents: 1 },
      { item: "bogus", currency: "GBP", amountCents: 1 },
    ]);
    expect(priceOf(table, "product:1", "USD")).toBe(3000);
    expect(Object.keys(table.GBP)).toEqual([]);
  });

  it("names the items it knows", () => {
    expect(isPriceItem("product:12")).toBe(true);
    expect(isPriceItem("stack:3")).toBe(true);
    expect(isPriceItem("shipping:free_over")).toBe(true);
    expect(isPriceItem("product:0")).toBe(false);
    expect(isPriceItem("product:1; drop")).toBe(false);
  });
});

describe("gift cards in the price lists (decision 051)", () => {
  it("US dollars sell $25, $50, $100 or $10 to $500; another list sells what the owner priced there", () => {
    const table = priceTable(base, [
      { item: "gift_card:1", currency: "GBP", amountCents: 2000 },
      { item: "gift_card:2", currency: "GBP", amountCents: 4000 },
      { item: "gift_card:3", currency: "GBP", amountCents: 8000 },
      { item: "gift_card:min", currency: "GBP", amountCents: 1000 },
      { item: "gift_card:max", currency: "GBP", amountCents: 40_000 },
      { item: "gift_card:1", currency: "CAD", amountCents: 2500 },
    ]);
    const usd = giftCardAmounts(table.USD);
    expect(usd).toEqual({ presets: [2500, 5000, 10_000], custom: { min: 1000, max: 50_000 } });
    const gbp = giftCardAmounts(table.GBP);
    expect(gbp.presets).toEqual([2000, 4000, 8000]);
    expect(giftCardAmountAllowed(gbp, 4000)).toBe(true);
    expect(giftCardAmountAllowed(gbp, 45_000)).toBe(false);
    // CAD has one amount offered and no bounds: that amount only. EUR sells none.
    const cad = giftCardAmounts(table.CAD);
    expect(cad).toEqual({ presets: [2500], custom: null });
    expect(giftCardAmountAllowed(cad, 5000)).toBe(false);
    expect(giftCardAmounts(table.EUR)).toEqual({ presets: [], custom: null });
    expect(isPriceItem("gift_card:min")).toBe(true);
    expect(isPriceItem("gift_card:4")).toBe(false);
  });
});
