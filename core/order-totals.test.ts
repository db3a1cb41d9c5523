import { describe, expect, it } from "vitest";
import { orderTotals, paymentState, summaryRows } from "./order-totals.ts";
import { type Bundle, type PricingLine, priceCart } from "./pricing.ts";

const FLAT = 595;
const focusAndCalm: Bundle = {
  id: "focus-and-calm",
  name: "Focus & Calm",
  productIds: [1, 3],
  bundlePriceCents: 5100,
  subscriptionDiscount: 20,
};

/** An order as checkout stores it: priced by the shop's one pricing function. */
function placed(lines: PricingLine[], bundles: Bundle[] = [], taxCents = 0) {
  const priced = priceCart(lines, bundles, FLAT);
  return {
    input: {
      lines: lines.map((l, i) => ({
        quantity: l.quantity,
        unitPriceCents: l.unitCents,
        discountPercent: priced.lines[i]?.discountPercent ?? 0,
        lineTotalCents: priced.lines[i]?.lineCents ?? 0,
      })),
      discountCents: priced.discountCents,
      shippingCents: priced.shippingCents,
      taxCents,
      totalCents: priced.totalCents + taxCents,
      refundedCents: 0,
    },
    priced,
  };
}

const line = (id: string, productId: number, unitCents: number, over: Partial<PricingLine> = {}) => ({
  id,
  productId,
  quantity: 1,
  isSubscription: false,
  bundleId: null,
  unitCents,
  ...over,
});

/** subtotal − discounts + shipping + tax = total, and each line's list price − its discount = its total. */
function expectSums(t: ReturnType<typeof orderTotals>, chargedCents: number) {
  expect(t.subtotalCents - t.bundleSavingsCents + t.shippingCents + t.taxCents).toBe(t.totalCents);
  expect(t.totalCents).toBe(chargedCents);
  expect(t.balanced).toBe(true);
  for (const l of t.lines) expect(l.listCents - l.subscriptionDiscountCents).toBe(l.lineCents);
  expect(t.lines.reduce((s, l) => s + l.lineCents, 0)).toBe(t.subtotalCents);
  const rows = summaryRows(t);
  const total = rows.find((r) => r.kind === "total")?.cents;
  expect(rows.filter((r) => r.kind !== "total").reduce((s, r) => s + r.cents, 0)).toBe(total);
}

describe("order totals", () => {
  it("a one-time order under $75 pays the flat shipping", () => {
    const { input } = placed([line("a", 1, 3000, { quantity: 2 })]);
    const t = orderTotals(input);
    expectSums(t, 6595);
    expect(t).toMatchObject({
      subtotalCents: 6000,
      shippingCents: 595,
      taxCents: 0,
      subscriptionSavingsCents: 0,
    });
  });

  it("a subscription line shows its unit price, its discount and its total", () => {
    const { input } = placed([
      line("a", 2, 4000, { isSubscription: true }),
      line("b", 3, 3000, { quantity: 3, isSubscription: true, productSubscriptionDiscount: 10 }),
    ]);
    const t = orderTotals(input);
    expectSums(t, input.totalCents);
    expect(t.lines).toEqual([
      {
        unitCents: 4000,
        quantity: 1,
        listCents: 4000,
        discountPercent: 15,
        subscriptionDiscountCents: 600,
        lineCents: 3400,
      },
      {
        unitCents: 3000,
        quantity: 3,
        listCents: 9000,
        discountPercent: 10,
        subscriptionDiscountCents: 900,
        lineCents: 8100,
      },
    ]);
    expect(t.subscriptionSavingsCents).toBe(1500);
    // 11500 is over $75: shipping is free.
    expect(t.shippingCents).toBe(0);
  });

  it("a bundle shows its saving, ships free and sums to the bundle price", () => {
    const { input } = placed(
      [
        line("a", 1, 3000, { bundleId: "focus-and-calm" }),
        line("b", 3, 3000, { bundleId: "focus-and-calm" }),
      ],
      [focusAndCalm],
    );
    const t = orderTotals(input);
    expectSums(t, 5100);
    expect(t).toMatchObject({ subtotalCents: 6000, bundleSavingsCents: 900, shippingCents: 0 });
    expect(summaryRows(t).map((r) => [r.label, r.cents, r.display])).toEqual([
      ["Subtotal", 6000, undefined],
      ["Bundle savings", -900, undefined],
      ["Shipping", 0, "Free"],
      ["Tax", 0, undefined],
      ["Total", 5100, undefined],
    ]);
  });

  it("an order over $75 ships free; tax, when there is any, is added", () => {
    const { input } = placed([line("a", 1, 3000, { quantity: 3 })], [], 720);
    const t = orderTotals(input);
    expectSums(t, 9720);
    expect(t).toMatchObject({ subtotalCents: 9000, shippingCents: 0, taxCents: 720 });
  });

  it("a discount code has its own row, and a free-shipping code names itself on the shipping row", () => {
    const base = { lines: [], discountCents: 0, taxCents: 0, refundedCents: 0 };
    const lines = [{ quantity: 2, unitPriceCents: 3000, discountPercent: 0, lineTotalCents: 6000 }];
    const percent = orderTotals({
      ...base,
      lines,
      codeDiscountCents: 600,
      discountCode: "WELCOME10",
      shippingCents: 595,
      totalCents: 5995,
    });
    expect(percent.balanced).toBe(true);
    expect(summaryRows(percent).map((r) => [r.label, r.cents])).toEqual([
      ["Subtotal", 6000],
      ["Discount (WELCOME10)", -600],
      ["Shipping", 595],
      ["Tax", 0],
      ["Total", 5995],
    ]);
    const freeShipping = orderTotals({
      ...base,
      lines,
      codeDiscountCents: 0,
      discountCode: "FREESHIP",
      shippingCents: 0,
      totalCents: 6000,
    });
    expect(summaryRows(freeShipping).map((r) => [r.label, r.cents, r.display])).toEqual([
      ["Subtotal", 6000, undefined],
      ["Shipping (FREESHIP)", 0, "Free"],
      ["Tax", 0, undefined],
      ["Total", 6000, undefined],
    ]);
  });

  it("says when stored figures do not add up to what was charged", () => {
    const { input } = placed([line("a", 1, 3000)]);
    expect(orderTotals({ ...input, totalCents: input.totalCents + 1 }).balanced).toBe(false);
  });

  it("names the payment state: unpaid, paid, partly or fully refunded", () => {
    expect(paymentState({ paidAt: null, totalCents: 5000, refundedCents: 0 })).toBe("unpaid");
    expect(paymentState({ paidAt: new Date(), totalCents: 5000, refundedCents: 0 })).toBe("paid");
    expect(paymentState({ paidAt: new Date(), totalCents: 5000, refundedCents: 1000 })).toBe(
      "partially_refunded",
    );
    expect(paymentState({ paidAt: new Date(), totalCents: 5000, refundedCents: 5000 })).toBe("refunded");
  });
});
