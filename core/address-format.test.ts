import { describe, expect, it } from "vitest";
import { formatAddressLines } from "./address.ts";

describe("formatAddressLines", () => {
  it("writes an address as a label's lines, without empty parts", () => {
    expect(
      formatAddressLines({
        fullName: "Sam Shopper",
        line1: "1 Main St",
        line2: null,
        city: "Springfield",
        region: "IL",
        postalCode: "62701",
        country: "US",
        phone: null,
      }),
    ).toEqual(["Sam Shopper", "1 Main St", "Springfield, IL 62701", "United States"]);
    expect(
      formatAddressLines({
        fullName: "Anne Tremblay",
        line1: "22 Rue Saint-Paul",
        line2: "Apt 4",
        city: "Montréal",
        region: "QC",
        postalCode: "H2Y 1H4",
        country: "CA",
        phone: "+1 514 555 0100",
      }),
    ).toEqual([
      "Anne Tremblay",
      "22 Rue Saint-Paul",
      "Apt 4",
      "Montréal, QC H2Y 1H4",
      "Canada",
      "+1 514 555 0100",
    ]);
  });
});
