import { describe, expect, it } from "vitest";
import type { CartItemView } from "../../core/contracts/cart.ts";
import { cartTotals } from "../hooks/use-cart.ts";
import { pricesOf, stackFigures } from "./currency.ts";

// The demo's Canadian dollar list (content/price-lists.json): products 1-4, the complete system (stack 1).
const cad = pricesOf({
  currency: "CAD",
  items: {
    "product:1": 4000,
    "product:2": 5400,
    "product:3": 4000,
    "product:4": 4000,
    "stack:1": 13500,
    "shipping:flat": 795,
    "shipping:free_over": 10000,
  },
  stackIds: { "complete-mana-system": 1, "focus-and-calm": 2 },
});

const line = (id: string, productId: number, bundle: string | null = null): CartItemView => ({
  id,
  productId,
  quantity: 1,
  isSubscription: false,
  bundleId: bundle,
  product: {
    name: `P${productId}`,
    slug: `p${productId}`,
    imageUrl: "",
    price: "30.00",
    subscriptionDiscount: null,
  },
  bundle: bundle
    ? {
        id: bundle,
        name: "Complete",
        productIds: [1, 2, 3, 4],
        bundlePriceCents: 10000,
        subscriptionDiscount: 20,
      }
    : null,
});

describe("prices in the shopper's currency (decision 051)", () => {
  it("reads the list, writes its sign, and says when an item is not sold in it", () => {
    expect(cad.product(3)).toBe(4000);
    expect(cad.format(13500)).toBe("CA$135.00");
    expect(cad.whole(10000)).toBe("CA$100");
    expect(cad.sign).toBe("CA$");
    expect(cad.stack("complete-mana-system")).toBe(13500);
    expect(cad.stack(2)).toBeNull();
    expect(cad.product(9)).toBeNull();
    expect(pricesOf({ currency: "EUR", items: {}, stackIds: {} }).sign).toBe("€");
  });

  it("works a stack's saving out in the currency: the sum of its products' prices less its own", () => {
    expect(stackFigures({ id: 1, productIds: [1, 2, 3, 4], subscriptionDiscount: 20 }, cad)).toEqual({
      bundleCents: 13500,
      individualCents: 17400,
      savingsCents: 3900,
      discountPercent: 22,
      subscriptionCents: 10800,
    });
    // A stack or a product without a price in the currency: no figures.
    expect(stackFigures({ id: 2, productIds: [1, 3], subscriptionDiscount: 15 }, cad)).toBeNull();
    expect(stackFigures({ id: 1, productIds: [1, 9], subscriptionDiscount: 15 }, cad)).toBeNull();
  });

  it("prices the drawer's cart from the list: unit and stack prices, the flat rate and the threshold", () => {
    const one = cartTotals([line("a", 3)], cad.flatShippingCents, null, cad);
    expect(one.currency).toBe("CAD");
    expect(one.subtotalCents).toBe(4000);
    expect(one.shippingCents).toBe(795);
    const stack = cartTotals(
      [1, 2, 3, 4].map((id) => line(`s${id}`, id, "complete-mana-system")),
      cad.flatShippingCents,
      null,
      cad,
    );
    expect(stack.subtotalCents - stack.discountCents).toBe(13500);
    expect(stack.bundleSavings[0]?.savingsCents).toBe(3900);
    // Over CA$100 ships free; CA$80.00 pays the flat rate (by the US dollar threshold, $75, it would not).
    const three = cartTotals([line("a", 1), line("b", 2), line("c", 3)], cad.flatShippingCents, null, cad);
    expect(three.shippingCents).toBe(0);
    const under = cartTotals([line("a", 1), line("b", 3)], cad.flatShippingCents, null, cad);
    expect(under.subtotalCents).toBe(8000);
    expect(under.shippingCents).toBe(795);
  });

  it("leaves a line not sold in the currency out of the sum, and names it", () => {
    const totals = cartTotals([line("a", 3), line("x", 9)], 0, null, cad);
    expect(totals.subtotalCents).toBe(4000);
    expect(totals.unpriced).toEqual(["x"]);
    expect(totals.lines.map((l) => l.id)).toEqual(["a"]);
  });
});
