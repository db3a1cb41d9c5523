import { describe, expect, it } from "vitest";
import { prop65Text, shipsToCalifornia } from "./prop65.ts";

// 27 CCR §25607.2(a): the safe-harbor food warning, word for word.
describe("Proposition 65 warning for food and dietary supplements", () => {
  it("words a carcinogen as §25607.2(a)(1) does", () => {
    expect(prop65Text({ type: "cancer", chemical: "acrylamide" })).toBe(
      "WARNING: Consuming this product can expose you to chemicals including acrylamide, which is known to the State of California to cause cancer. For more information go to www.P65Warnings.ca.gov/food.",
    );
  });

  it("words a reproductive toxicant as §25607.2(a)(2) does", () => {
    expect(prop65Text({ type: "reproductive", chemical: "lead" })).toBe(
      "WARNING: Consuming this product can expose you to chemicals including lead, which is known to the State of California to cause birth defects or other reproductive harm. For more information go to www.P65Warnings.ca.gov/food.",
    );
  });

  it("names both chemicals when a carcinogen and another reproductive toxicant are listed (§25607.2(a)(3))", () => {
    expect(prop65Text({ type: "both", chemical: "acrylamide", reproductiveChemical: "lead" })).toBe(
      "WARNING: Consuming this product can expose you to chemicals including acrylamide, which is known to the State of California to cause cancer, and lead, which is known to the State of California to cause birth defects or other reproductive harm. For more information go to www.P65Warnings.ca.gov/food.",
    );
  });

  it("names one chemical once when it is listed for both harms", () => {
    expect(prop65Text({ type: "both", chemical: "lead" })).toBe(
      "WARNING: Consuming this product can expose you to chemicals including lead, which is known to the State of California to cause cancer and birth defects or other reproductive harm. For more information go to www.P65Warnings.ca.gov/food.",
    );
  });

  it("is shown for shipments to California only", () => {
    expect(shipsToCalifornia({ country: "US", region: "CA" })).toBe(true);
    expect(shipsToCalifornia({ country: "us", region: " ca " })).toBe(true);
    expect(shipsToCalifornia({ country: "US", region: "NY" })).toBe(false);
    // Canada's "CA" is the country, not the state.
    expect(shipsToCalifornia({ country: "CA", region: "ON" })).toBe(false);
    expect(shipsToCalifornia({ country: "US", region: null })).toBe(false);
  });
});
