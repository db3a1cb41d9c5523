import { describe, expect, it } from "vitest";
import type { Market } from "./markets.ts";
import {
  claimableQuantities,
  claimRefund,
  guaranteeWindow,
  hasWithdrawalRight,
  keepAllowed,
  type RefundLine,
  type ReturnOrderFacts,
  windowEnd,
  withdrawalWindow,
} from "./returns.ts";

const DAY = 86_400_000;
const delivered = new Date("2026-03-01T15:30:00Z");
const order = (over: Partial<ReturnOrderFacts> = {}): ReturnOrderFacts => ({
  paidAt: new Date("2026-02-25T10:00:00Z"),
  deliveredAt: delivered,
  status: "delivered",
  country: "FR",
  ...over,
});
const markets: Market[] = [
  { id: "us", currency: "USD", countries: ["US"] },
  { id: "uk", currency: "GBP", countries: ["GB"] },
  { id: "eu", currency: "EUR", countries: ["FR", "DE"] },
];
/** A moment `days` whole days after the delivery's day began, plus `ms`. */
const dayAfter = (days: number, ms = 0) => new Date(Date.UTC(2026, 2, 1) + days * DAY + ms);

describe("the windows", () => {
  it("ends at the end of the day, in UTC, the given number of days after the delivery's day", () => {
    expect(windowEnd(delivered, 60).toISOString()).toBe("2026-04-30T23:59:59.999Z");
    expect(windowEnd(delivered, 14).toISOString()).toBe("2026-03-15T23:59:59.999Z");
    expect(windowEnd(new Date("2026-03-01T00:00:00Z"), 60).toISOString()).toBe("2026-04-30T23:59:59.999Z");
  });

  it("keeps the guarantee open through day 60 and closes it on day 61", () => {
    expect(guaranteeWindow(order(), dayAfter(0))).toEqual({ open: true, until: "2026-04-30T23:59:59.999Z" });
    expect(guaranteeWindow(order(), dayAfter(60, DAY - 1)).open).toBe(true);
    expect(guaranteeWindow(order(), dayAfter(61))).toEqual({
      open: false,
      why: "window_closed",
      until: "2026-04-30T23:59:59.999Z",
    });
  });

  it("keeps the withdrawal open through day 14 and closes it on day 15", () => {
    expect(withdrawalWindow(order(), markets, dayAfter(14, DAY - 1))).toEqual({
      open: true,
      until: "2026-03-15T23:59:59.999Z",
    });
    expect(withdrawalWindow(order(), markets, dayAfter(15))).toMatchObject({
      open: false,
      why: "window_closed",
    });
  });

  it("gives the right of withdrawal only to an order shipped to an enabled EU or UK market's country", () => {
    expect(hasWithdrawalRight("FR", markets)).toBe(true);
    expect(hasWithdrawalRight("gb", markets)).toBe(true);
    expect(hasWithdrawalRight("US", markets)).toBe(false);
    expect(hasWithdrawalRight("CA", markets)).toBe(false);
    // An EU country the owner did not choose, and the UK when its market is off.
    expect(hasWithdrawalRight("ES", markets)).toBe(false);
    expect(
      hasWithdrawalRight(
        "GB",
        markets.filter((m) => m.id !== "uk"),
      ),
    ).toBe(false);
    expect(hasWithdrawalRight(null, markets)).toBe(false);
    expect(withdrawalWindow(order({ country: "US" }), markets, dayAfter(1))).toBeNull();
  });

  it("says why a window is closed before the delivery, without a payment, or with nothing left", () => {
    expect(guaranteeWindow(order({ deliveredAt: null, status: "shipped" }), dayAfter(1))).toEqual({
      open: false,
      why: "not_delivered",
      until: null,
    });
    expect(guaranteeWindow(order({ paidAt: null, status: "pending" }), dayAfter(1))).toMatchObject({
      why: "not_paid",
    });
    expect(guaranteeWindow(order({ status: "cancelled" }), dayAfter(1))).toMatchObject({ why: "not_paid" });
    expect(guaranteeWindow(order(), dayAfter(1), false)).toMatchObject({ open: false, why: "nothing_left" });
    // A closed window says so before "nothing left".
    expect(guaranteeWindow(order(), dayAfter(61), false)).toMatchObject({ why: "window_closed" });
  });
});

describe("claimable quantities", () => {
  const lines = [
    { id: "a", quantity: 3 },
    { id: "b", quantity: 1 },
  ];

  it("is what was ordered less the returns not declined", () => {
    const left = claimableQuantities(lines, [
      { status: "requested", lines: [{ orderLineId: "a", quantity: 1 }] },
      { status: "refunded", lines: [{ orderLineId: "a", quantity: 1 }] },
      {
        status: "declined",
        lines: [
          { orderLineId: "a", quantity: 1 },
          { orderLineId: "b", quantity: 1 },
        ],
      },
    ]);
    expect(left.get("a")).toBe(1);
    expect(left.get("b")).toBe(1);
  });

  it("never goes below zero", () => {
    const left = claimableQuantities(lines, [
      { status: "approved", lines: [{ orderLineId: "b", quantity: 2 }] },
      { status: "received", lines: [{ orderLineId: "a", quantity: 3 }] },
    ]);
    expect(left.get("a")).toBe(0);
    expect(left.get("b")).toBe(0);
  });
});

describe("what a claim refunds", () => {
  const lines: RefundLine[] = [
    // 3 × 20.00 with 6.00 off by the code: paid 54.00.
    { id: "a", quantity: 3, lineTotalCents: 6000, savingCents: 0, codeDiscountCents: 600 },
    // 1 × 40.00 in a stack saving 4.00: paid 36.00.
    { id: "b", quantity: 1, lineTotalCents: 4000, savingCents: 400, codeDiscountCents: 0 },
  ];
  const paid = { taxCents: 0, shippingCents: 595, totalCents: 5400 + 3600 + 595, refundedCents: 0 };

  it("is the line's paid share times quantity / ordered, rounded down", () => {
    const r = claimRefund(paid, lines, [{ lineId: "a", quantity: 1 }]);
    expect(r.lines).toEqual([{ lineId: "a", quantity: 1, refundCents: 1800 }]);
    expect(r.refundCents).toBe(1800);
    expect(r.shippingCents).toBe(0);
    expect(claimRefund(paid, lines, [{ lineId: "b", quantity: 1 }]).refundCents).toBe(3600);
  });

  it("adds the line's share of the added tax in proportion to what the lines paid", () => {
    // Tax 7.20 on 90.00 paid: line a's 54.00 carries 4.32, one of three 1.44.
    const taxed = { ...paid, taxCents: 720, totalCents: 5400 + 3600 + 595 + 720 };
    expect(claimRefund(taxed, lines, [{ lineId: "a", quantity: 1 }]).refundCents).toBe(1800 + 144);
    expect(claimRefund(taxed, lines, [{ lineId: "b", quantity: 1 }]).refundCents).toBe(3600 + 288);
    // 2 of 3 of (54.00 + 4.32) = 38.88; a tax of 1 cent shares out rounded down.
    expect(claimRefund(taxed, lines, [{ lineId: "a", quantity: 2 }]).refundCents).toBe(3888);
    const odd = { ...paid, taxCents: 1 };
    expect(claimRefund(odd, lines, [{ lineId: "a", quantity: 1 }]).refundCents).toBe(1800);
  });

  it("adds the shipping for a withdrawal of everything still claimable", () => {
    const all = [
      { lineId: "a", quantity: 3 },
      { lineId: "b", quantity: 1 },
    ];
    const r = claimRefund(paid, lines, all, { withShipping: true });
    expect(r.shippingCents).toBe(595);
    expect(r.refundCents).toBe(paid.totalCents);
  });

  it("is capped at what is left to refund on the order", () => {
    const partlyRefunded = { ...paid, refundedCents: paid.totalCents - 1000 };
    const r = claimRefund(partlyRefunded, lines, [{ lineId: "a", quantity: 3 }]);
    expect(r.lines[0]?.refundCents).toBe(5400);
    expect(r.refundCents).toBe(1000);
    expect(
      claimRefund({ ...paid, refundedCents: paid.totalCents }, lines, [{ lineId: "b", quantity: 1 }]),
    ).toMatchObject({
      refundCents: 0,
    });
  });

  it("refunds nothing of a line paid in full by the code", () => {
    const free: RefundLine[] = [
      { id: "f", quantity: 1, lineTotalCents: 1000, savingCents: 0, codeDiscountCents: 1000 },
    ];
    expect(
      claimRefund({ taxCents: 0, shippingCents: 0, totalCents: 0, refundedCents: 0 }, free, [
        { lineId: "f", quantity: 1 },
      ]).refundCents,
    ).toBe(0);
  });
});

describe("keeping the product", () => {
  const reasons = [
    { reason: "side_effect" as const, returnRequired: false },
    { reason: "changed_mind" as const, returnRequired: true },
  ];
  it("is allowed only for a reason that needs no return", () => {
    expect(keepAllowed("side_effect", reasons)).toBe(true);
    expect(keepAllowed("changed_mind", reasons)).toBe(false);
    expect(keepAllowed("other", reasons)).toBe(false);
  });
});
