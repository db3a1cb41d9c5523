import { describe, expect, it } from "vitest";
import { formatMoney } from "./money.ts";
import {
  orderTotals,
  paymentState,
  storedCurrency,
  summaryRows,
  taxLineWords,
  taxRows,
} from "./order-totals.ts";
import { type Bundle, type PricingLine, priceCart } from "./pricing.ts";
import { taxLineLabel } from "./tax.ts";

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
  const rows = summaryRows(t).filter((r) => r.kind !== "paid");
  const total = rows.find((r) => r.kind === "total")?.cents;
  const counted = rows.filter((r) => r.kind !== "total" && r.kind !== "taxIncluded");
  expect(counted.reduce((s, r) => s + r.cents, 0)).toBe(total);
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

  it("an order with tax lines lists one row per tax, in their order, and still sums", () => {
    // Ontario: HST 13% on goods and shipping, 6595 × 13% = 857.35 → 857.
    const { input } = placed([line("a", 1, 3000, { quantity: 2 })], [], 857);
    const t = orderTotals({
      ...input,
      taxLines: [{ name: "HST", ratePercent: "13", cents: 857, included: false }],
    });
    expectSums(t, 6595 + 857);
    expect(summaryRows(t).map((r) => [r.label, r.key, r.values, r.cents, r.kind])).toEqual([
      ["Subtotal", "orders.figures.subtotal", undefined, 6000, "subtotal"],
      ["Shipping", "orders.figures.shipping", undefined, 595, "shipping"],
      ["HST 13%", "orders.figures.taxLine", { name: "HST", whole: "13", fraction: "none" }, 857, "tax"],
      ["Total", "orders.figures.total", undefined, 7452, "total"],
    ]);
  });

  it("Quebec's two taxes are two rows; their sum is the order's tax", () => {
    const { input } = placed([line("a", 1, 3000, { quantity: 3 })], [], 1347);
    const t = orderTotals({
      ...input,
      taxLines: [
        { name: "GST", ratePercent: "5", cents: 450, included: false },
        { name: "QST", ratePercent: "9.975", cents: 897, included: false },
      ],
    });
    expectSums(t, 9000 + 1347);
    const taxes = summaryRows(t).filter((r) => r.kind === "tax");
    expect(taxes.map((r) => [r.label, r.values, r.cents])).toEqual([
      ["GST 5%", { name: "GST", whole: "5", fraction: "none" }, 450],
      ["QST 9.975%", { name: "QST", whole: "9", fraction: "975" }, 897],
    ]);
  });

  it("a VAT the prices contain is shown, not added: the order's tax stays 0", () => {
    const { input } = placed([line("a", 1, 3000, { quantity: 2 })]);
    const t = orderTotals({
      ...input,
      taxLines: [{ name: "VAT", ratePercent: "20", cents: 1099, included: true }],
    });
    expectSums(t, 6595);
    const rows = summaryRows(t);
    expect(rows.map((r) => [r.label, r.cents, r.kind])).toEqual([
      ["Subtotal", 6000, "subtotal"],
      ["Shipping", 595, "shipping"],
      ["VAT 20% included", 1099, "taxIncluded"],
      ["Total", 6595, "total"],
    ]);
    expect(rows[2]).toMatchObject({
      key: "orders.figures.taxLineIncluded",
      values: { name: "VAT", whole: "20", fraction: "none" },
    });
  });

  it("Sales tax names itself in one token for the messages; an order without lines keeps its one Tax row", () => {
    const { input } = placed([line("a", 1, 3000)], [], 310);
    const withLines = orderTotals({
      ...input,
      taxLines: [{ name: "Sales tax", ratePercent: "10.25", cents: 310, included: false }],
    });
    expect(taxRows(withLines)).toEqual([
      {
        label: "Sales tax 10.25%",
        key: "orders.figures.taxLine",
        values: { name: "sales", whole: "10", fraction: "25" },
        cents: 310,
        kind: "tax",
      },
    ]);
    const before = orderTotals(input);
    expect(before.taxLines).toEqual([]);
    expect(taxRows(before)).toEqual([{ label: "Tax", key: "orders.figures.tax", cents: 310, kind: "tax" }]);
    expectSums(before, input.totalCents);
  });

  it("says when tax lines do not add up to the order's tax", () => {
    const { input } = placed([line("a", 1, 3000)], [], 467);
    const t = orderTotals({
      ...input,
      taxLines: [{ name: "HST", ratePercent: "13", cents: 466, included: false }],
    });
    expect(t.balanced).toBe(false);
  });

  it("a name the shop no longer knows is written as stored", () => {
    expect(taxLineWords({ name: "Levy", ratePercent: "2.5", included: false }, "fr")).toBe("Levy 2.5%");
    expect(taxLineWords({ name: "QST", ratePercent: "9.975", included: false }, "fr")).toBe(
      taxLineLabel({ name: "QST", ratePercent: "9.975", included: false }, "fr"),
    );
  });

  it("says when stored figures do not add up to what was charged", () => {
    const { input } = placed([line("a", 1, 3000)]);
    expect(orderTotals({ ...input, totalCents: input.totalCents + 1 }).balanced).toBe(false);
  });

  it("carries the order's currency: a stored 'cad' is shown as CA$, an order without one in US dollars", () => {
    const { input } = placed([line("a", 1, 4000)], [], 520);
    const t = orderTotals({ ...input, currency: "cad" });
    expect(t.currency).toBe("CAD");
    expect(formatMoney(t.totalCents, t.currency)).toBe("CA$51.15");
    expect(orderTotals(input).currency).toBe("USD");
    expect(orderTotals({ ...input, currency: "eur" }).currency).toBe("EUR");
    expect(storedCurrency("gbp")).toBe("GBP");
    expect(storedCurrency(null)).toBe("USD");
    // A currency the shop does not sell in is never shown under another sign by accident of case.
    expect(storedCurrency("jpy")).toBe("USD");
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
