import { describe, expect, it } from "vitest";
import { readAmount } from "../../../core/contracts/admin-prices.ts";
import { readPriceFields } from "./price-form-model.ts";

describe("the dashboard's price fields (decision 051)", () => {
  it("reads an amount as the owner types it, in minor units", () => {
    expect(readAmount("40.00")).toBe(4000);
    expect(readAmount(" 40 ")).toBe(4000);
    expect(readAmount("40.5")).toBe(4050);
    expect(readAmount("40,50")).toBe(4050);
    expect(readAmount("0")).toBe(0);
    expect(readAmount("CA$40.00", "CA$")).toBe(4000);
    expect(readAmount("10000.00")).toBe(1_000_000);
    expect(readAmount("")).toBe("Enter the price, such as 40.00.");
    for (const bad of ["-1", "40.005", "forty", "4e3", "1,000.00", "0x10", "40.00 CAD"])
      expect(readAmount(bad), bad).toBe(
        "Enter the price as a number with up to two decimals, such as 40.00.",
      );
    expect(readAmount("10000.01")).toBe("The price can be at most 10,000.00.");
  });

  it("keeps only what changed, names the field of each wrong value, ignores forged fields", () => {
    const current = new Map<string, number | null>([
      ["product:1@CAD", 4000],
      ["product:1@EUR", 2900],
      ["product:1@GBP", null],
      ["stack:2@CAD", 6900],
    ]);
    const { changes, errors } = readPriceFields(
      {
        "product:1@CAD": "41.00",
        "product:1@EUR": "€29",
        "product:1@GBP": "",
        "stack:2@CAD": "",
        "product:9@CAD": "1.00",
        "product:1@USD": "1.00",
      },
      current,
      (item) => (item === "product:1" ? "Korean Ginseng" : "Focus & Calm Stack"),
    );
    expect(changes).toEqual([{ item: "product:1", currency: "CAD", amountCents: 4100 }]);
    expect(errors).toEqual({ "stack:2@CAD": "Focus & Calm Stack in CAD: Enter the price, such as 40.00." });
  });
});
