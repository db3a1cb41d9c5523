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

  const person = { fullName: "Sam Shopper", line1: "1 High St", line2: null, phone: null };
  const lines = (country: string, city: string, region: string, postalCode: string) =>
    formatAddressLines({ ...person, country, city, region, postalCode }).slice(2);

  it("writes the United Kingdom's town, county and postcode each on its line", () => {
    expect(lines("GB", "London", "", "SW1A 1AA")).toEqual(["London", "SW1A 1AA", "United Kingdom"]);
    expect(lines("GB", "Bath", "Somerset", "BA1 1LZ")).toEqual([
      "Bath",
      "Somerset",
      "BA1 1LZ",
      "United Kingdom",
    ]);
  });

  it("writes Ireland's town, county and Eircode, each when given", () => {
    expect(lines("IE", "Dublin 2", "Dublin", "D02 X285")).toEqual([
      "Dublin 2",
      "Dublin",
      "D02 X285",
      "Ireland",
    ]);
    expect(lines("IE", "Killarney", "Kerry", "")).toEqual(["Killarney", "Kerry", "Ireland"]);
  });

  it("writes the postal code before the town in continental Europe", () => {
    expect(lines("FR", "Paris", "", "75001")).toEqual(["75001 Paris", "France"]);
    expect(lines("DE", "Berlin", "", "10115")).toEqual(["10115 Berlin", "Germany"]);
    expect(lines("NL", "Amsterdam", "", "1012 AB")).toEqual(["1012 AB Amsterdam", "Netherlands"]);
    expect(lines("BE", "Bruxelles", "", "1000")).toEqual(["1000 Bruxelles", "Belgium"]);
    expect(lines("AT", "Wien", "", "1010")).toEqual(["1010 Wien", "Austria"]);
    expect(lines("PT", "Lisboa", "", "1100-148")).toEqual(["1100-148 Lisboa", "Portugal"]);
    expect(lines("LU", "Luxembourg", "", "L-2449")).toEqual(["L-2449 Luxembourg", "Luxembourg"]);
    expect(lines("FI", "Helsinki", "", "00100")).toEqual(["00100 Helsinki", "Finland"]);
    // Spain: the province, when given, on its own line unless it is the town's name.
    expect(lines("ES", "Madrid", "", "28013")).toEqual(["28013 Madrid", "Spain"]);
    expect(lines("ES", "Madrid", "Madrid", "28013")).toEqual(["28013 Madrid", "Spain"]);
    expect(lines("ES", "Getafe", "Madrid", "28901")).toEqual(["28901 Getafe", "Madrid", "Spain"]);
  });

  it("writes Italy's province code after the town", () => {
    expect(lines("IT", "Roma", "RM", "00184")).toEqual(["00184 Roma RM", "Italy"]);
    expect(lines("IT", "Milano", "MI", "20121")).toEqual(["20121 Milano MI", "Italy"]);
  });

  it("keeps the United States' and Canada's line, and the generic one for other countries", () => {
    expect(lines("US", "Springfield", "IL", "62701")).toEqual(["Springfield, IL 62701", "United States"]);
    expect(lines("CA", "Ottawa", "ON", "K1A 0B1")).toEqual(["Ottawa, ON K1A 0B1", "Canada"]);
    expect(lines("JP", "Tokyo", "", "100-0001")).toEqual(["Tokyo, 100-0001", "Japan"]);
  });

  it("names the country in the language asked for, English by default", () => {
    const paris = { ...person, country: "FR", city: "Paris", region: "", postalCode: "75004" };
    expect(formatAddressLines(paris, "fr").slice(2)).toEqual(["75004 Paris", "France"]);
    expect(
      formatAddressLines({ ...paris, country: "DE", city: "Berlin", postalCode: "10115" }, "es").slice(2),
    ).toEqual(["10115 Berlin", "Alemania"]);
    expect(
      formatAddressLines(
        { ...paris, country: "US", city: "Springfield", region: "IL", postalCode: "62701" },
        "fr",
      ).slice(2),
    ).toEqual(["Springfield, IL 62701", "États-Unis"]);
  });
});
