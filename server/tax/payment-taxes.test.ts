import { describe, expect, it } from "vitest";
import { paymentTaxesOf, percentString, quoteAsSessionTaxes, stripeTaxBehavior } from "./payment-taxes.ts";

const rate = (display_name: string, percentage: number, inclusive = false) => ({
  object: "tax_rate",
  display_name,
  percentage,
  inclusive,
});

const taxed = (amountTax: number, taxes: { amount: number; rate: ReturnType<typeof rate> }[] | null) => ({
  id: "cs_test_1",
  automatic_tax: { enabled: true, status: "complete" },
  total_details: {
    amount_discount: 0,
    amount_tax: amountTax,
    ...(taxes ? { breakdown: { discounts: [], taxes } } : {}),
  },
});

describe("the taxes a payment page added (decision 050)", () => {
  it("reads each rate of the breakdown as a line, named as the shop names it; included ones add nothing", async () => {
    const session = taxed(1405 + 200, [
      { amount: 469, rate: rate("GST", 5) },
      { amount: 936, rate: rate("QST", 9.975) },
      { amount: 200, rate: rate("Sales Tax", 6.5) },
    ]);
    expect(await paymentTaxesOf(session, undefined)).toEqual({
      lines: [
        { name: "GST", ratePercent: "5", amountCents: 469, included: false },
        { name: "QST", ratePercent: "9.975", amountCents: 936, included: false },
        { name: "Sales tax", ratePercent: "6.5", amountCents: 200, included: false },
      ],
      addedCents: 1605,
    });
    const vat = await paymentTaxesOf(taxed(500, [{ amount: 500, rate: rate("VAT", 20, true) }]), undefined);
    expect(vat).toEqual({
      lines: [{ name: "VAT", ratePercent: "20", amountCents: 500, included: true }],
      addedCents: 0,
    });
  });

  it("is null for a session taxed nowhere on its page; reads the breakdown again when the event left it out", async () => {
    expect(await paymentTaxesOf({ id: "cs_1", automatic_tax: { enabled: false } }, undefined)).toBeNull();
    expect(await paymentTaxesOf({ id: "cs_1" }, undefined)).toBeNull();
    const asked: string[] = [];
    const read = async (id: string) => {
      asked.push(id);
      return taxed(1220, [{ amount: 1220, rate: rate("HST", 13) }]);
    };
    expect((await paymentTaxesOf(taxed(1220, null), read))?.addedCents).toBe(1220);
    expect(asked).toEqual(["cs_test_1"]);
    await expect(paymentTaxesOf(taxed(1220, null), undefined)).rejects.toThrow(/cannot be read/);
  });

  it("refuses a breakdown that does not add up to amount_tax", async () => {
    await expect(
      paymentTaxesOf(taxed(1221, [{ amount: 1220, rate: rate("HST", 13) }]), undefined),
    ).rejects.toThrow(/adds up to 1220, its amount_tax is 1221/);
  });

  it("the sandbox's quote reads back as the same lines", async () => {
    const quote = {
      currency: "CAD",
      lines: [
        { name: "GST" as const, ratePercent: "5", amount: 469, currency: "CAD", included: false },
        { name: "QST" as const, ratePercent: "9.975", amount: 936, currency: "CAD", included: false },
      ],
      added: 1405,
      included: 0,
    };
    expect(await paymentTaxesOf({ id: "cs_sandbox_1", ...quoteAsSessionTaxes(quote) }, undefined)).toEqual({
      lines: [
        { name: "GST", ratePercent: "5", amountCents: 469, included: false },
        { name: "QST", ratePercent: "9.975", amountCents: 936, included: false },
      ],
      addedCents: 1405,
    });
  });

  it("writes percents without trailing zeros, and prices in pounds and euros as containing their tax", () => {
    expect([13, 9.975, 5.5, 20.0, 8.8750001].map(percentString)).toEqual([
      "13",
      "9.975",
      "5.5",
      "20",
      "8.875",
    ]);
    expect(["usd", "cad", "gbp", "eur", "xyz"].map(stripeTaxBehavior)).toEqual([
      "exclusive",
      "exclusive",
      "inclusive",
      "inclusive",
      "exclusive",
    ]);
  });
});
