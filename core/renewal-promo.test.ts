import { describe, expect, it } from "vitest";
import {
  applyPromo,
  NO_PROMO,
  type PromoTerms,
  promoCentsOn,
  promoFigures,
  promoLine,
  type SubscriptionPromo,
  startingPromo,
} from "./renewal-promo.ts";

const percent = (renewals: PromoTerms["renewals"], renewalCount: number | null = null): PromoTerms => ({
  code: "WELCOME10",
  kind: "percent",
  percent: 10,
  renewals,
  renewalCount,
});
const amount: PromoTerms = {
  code: "SAVE5",
  kind: "amount",
  percent: null,
  renewals: "every",
  renewalCount: null,
};

describe("startingPromo", () => {
  it("gives the renewals nothing for a first-order code, a free-shipping code or a line the code skipped", () => {
    expect(startingPromo(percent("first_order"), 283, 2833)).toEqual(NO_PROMO);
    expect(startingPromo({ ...percent("every"), kind: "free_shipping" }, 500, 2833)).toEqual(NO_PROMO);
    expect(startingPromo(percent("every"), 0, 2833)).toEqual(NO_PROMO);
    expect(startingPromo(null, 283, 2833)).toEqual(NO_PROMO);
    expect(startingPromo(percent("first_n", 0), 283, 2833)).toEqual(NO_PROMO);
  });

  it("recomputes a percentage on the renewal's amount, keeps a fixed amount's share, counts first_n", () => {
    // The line's share of a cart-wide rounding may differ by a cent: the renewal's own 10% is exact.
    expect(startingPromo(percent("first_n", 3), 284, 2833)).toEqual({
      promoCode: "WELCOME10",
      promoCents: 283,
      promoRenewalsLeft: 3,
    });
    expect(startingPromo(percent("every"), 283, 2833).promoRenewalsLeft).toBeNull();
    expect(startingPromo(amount, 312, 2833)).toEqual({
      promoCode: "SAVE5",
      promoCents: 312,
      promoRenewalsLeft: null,
    });
  });
});

describe("applyPromo", () => {
  const three: SubscriptionPromo = { promoCode: "WELCOME10", promoCents: 283, promoRenewalsLeft: 3 };

  it("discounts the first N renewals, then none, and never counts below zero", () => {
    let promo = three;
    const off: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const r = applyPromo(promo, percent("first_n", 3), 2833);
      off.push(r.offCents);
      promo = r.after;
    }
    expect(off).toEqual([283, 283, 283, 0, 0]);
    expect(promo.promoRenewalsLeft).toBe(0);
  });

  it("takes a percentage of whichever amount is charged (an announced new price), a fixed amount as it is", () => {
    expect(applyPromo(three, percent("first_n", 3), 3060)).toMatchObject({
      offCents: 306,
      after: { promoCents: 306, promoRenewalsLeft: 2 },
    });
    const fixed: SubscriptionPromo = { promoCode: "SAVE5", promoCents: 500, promoRenewalsLeft: null };
    expect(applyPromo(fixed, amount, 3060)).toMatchObject({
      offCents: 500,
      after: { promoRenewalsLeft: null },
    });
    // Never more than the charge.
    expect(applyPromo(fixed, amount, 300).offCents).toBe(300);
    // A code no longer on record: the stored amount, at most the charge.
    expect(applyPromo(three, null, 200).offCents).toBe(200);
  });

  it("clamps a percentage to 0-100 and the charge", () => {
    expect(promoCentsOn({ kind: "percent", percent: 150 }, 0, 1000)).toBe(1000);
    expect(promoCentsOn({ kind: "percent", percent: -5 }, 0, 1000)).toBe(0);
    expect(promoCentsOn({ kind: "free_shipping", percent: null }, 500, 1000)).toBe(0);
  });
});

describe("promoLine", () => {
  it("says how many discounted renewals are left and what each costs, or that every renewal is", () => {
    expect(promoLine({ promoCode: "WELCOME10", promoCents: 283, promoRenewalsLeft: 3 }, 2833)).toBe(
      "WELCOME10: 3 discounted renewals left ($25.50 each, $2.83 off)",
    );
    expect(promoLine({ promoCode: "WELCOME10", promoCents: 283, promoRenewalsLeft: 1 }, 2833)).toBe(
      "WELCOME10: 1 discounted renewal left ($25.50 each, $2.83 off)",
    );
    expect(promoLine({ promoCode: "SAVE5", promoCents: 500, promoRenewalsLeft: null }, 2833)).toBe(
      "SAVE5: discounted at every renewal ($23.33 each, $5.00 off)",
    );
    expect(promoLine({ promoCode: "WELCOME10", promoCents: 283, promoRenewalsLeft: 0 }, 2833)).toBeNull();
    expect(promoLine(NO_PROMO, 2833)).toBeNull();
  });

  it("writes a subscription's figures in its currency, a Canadian one marked CA$", () => {
    const promo = { promoCode: "WELCOME10", promoCents: 360, promoRenewalsLeft: 2 };
    expect(promoLine(promo, 3600, "CAD")).toBe(
      "WELCOME10: 2 discounted renewals left (CA$32.40 each, CA$3.60 off)",
    );
    expect(promoFigures(promo, 2500, "GBP")).toMatchObject({ price: "£21.40", off: "£3.60" });
  });
});
