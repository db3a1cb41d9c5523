import { describe, expect, it } from "vitest";
import { addressFieldErrors, addressSchema, formatAddressLines, normalizePostalCode } from "./address.ts";

const schema = addressSchema(["US", "CA"]);
const base = { fullName: "Sam Shopper", line1: "1 Main St", city: "Springfield", phone: "" };

describe("address rules per country", () => {
  const good: [string, Record<string, string>, { region: string; postalCode: string }][] = [
    ["US ZIP", { country: "US", region: "CA", postalCode: "90210" }, { region: "CA", postalCode: "90210" }],
    [
      "US ZIP+4",
      { country: "us", region: "ny", postalCode: "10001-1234" },
      { region: "NY", postalCode: "10001-1234" },
    ],
    [
      "CA with space",
      { country: "CA", region: "ON", postalCode: "K1A 0B1" },
      { region: "ON", postalCode: "K1A 0B1" },
    ],
    [
      "CA compact, lower case",
      { country: "CA", region: "bc", postalCode: "v6b4y8" },
      { region: "BC", postalCode: "V6B 4Y8" },
    ],
  ];
  for (const [name, input, expected] of good) {
    it(`accepts ${name}`, () => {
      const r = schema.safeParse({ ...base, ...input });
      expect(r.success).toBe(true);
      expect(r.data).toMatchObject(expected);
    });
  }

  const bad: [string, Record<string, string>, Record<string, string>][] = [
    [
      "a 4-digit ZIP",
      { country: "US", region: "CA", postalCode: "9021" },
      { postalCode: "Enter a 5-digit ZIP code (or ZIP+4), e.g. 90210" },
    ],
    [
      "a Canadian code in the US",
      { country: "US", region: "CA", postalCode: "K1A 0B1" },
      { postalCode: "Enter a 5-digit ZIP code (or ZIP+4), e.g. 90210" },
    ],
    [
      "a ZIP in Canada",
      { country: "CA", region: "ON", postalCode: "90210" },
      { postalCode: "Enter a postal code like K1A 0B1" },
    ],
    [
      "a missing ZIP",
      { country: "US", region: "CA", postalCode: "" },
      { postalCode: "ZIP code is required" },
    ],
    ["an unknown state", { country: "US", region: "ZZ", postalCode: "90210" }, { region: "Choose a state" }],
    [
      "a province in the US",
      { country: "US", region: "ON", postalCode: "90210" },
      { region: "Choose a state" },
    ],
    ["no province", { country: "CA", region: "", postalCode: "K1A 0B1" }, { region: "Choose a province" }],
    [
      "a country not shipped to",
      { country: "FR", region: "", postalCode: "75001" },
      { country: "We don't ship to France yet. We ship to United States, Canada." },
    ],
    ["no country", { country: "", region: "", postalCode: "" }, { country: "Choose a country" }],
  ];
  for (const [name, input, errors] of bad) {
    it(`refuses ${name}`, () => {
      const r = schema.safeParse({ ...base, ...input });
      expect(r.success).toBe(false);
      if (!r.success) expect(addressFieldErrors(r.error)).toEqual(errors);
    });
  }

  it("requires the name, street and city, and checks the phone", () => {
    const r = schema.safeParse({
      fullName: " ",
      line1: "",
      city: "",
      country: "US",
      region: "CA",
      postalCode: "90210",
      phone: "call me",
    });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(addressFieldErrors(r.error)).toEqual({
        fullName: "Full name is required",
        line1: "Address is required",
        city: "City is required",
        phone: "Enter a phone number with its area code, e.g. +1 415 555 0100",
      });
  });

  it("ships where SHIP_TO_COUNTRIES says, with postal rules for other countries", () => {
    const wide = addressSchema(["US", "CA", "GB", "DE"]);
    expect(wide.safeParse({ ...base, country: "GB", region: "", postalCode: "SW1A 1AA" }).success).toBe(true);
    expect(wide.safeParse({ ...base, country: "DE", region: "", postalCode: "10115" }).success).toBe(true);
    const r = wide.safeParse({ ...base, country: "DE", region: "", postalCode: "1011" });
    expect(r.success).toBe(false);
  });

  it("keeps the empty optional fields as null", () => {
    const r = schema.parse({ ...base, line2: "  ", country: "US", region: "CA", postalCode: "90210" });
    expect(r.line2).toBeNull();
    expect(r.phone).toBeNull();
  });
});

describe("an address on a label", () => {
  it("writes name, street, city line and country", () => {
    expect(
      formatAddressLines({
        fullName: "Sam Shopper",
        line1: "1 Main St",
        line2: "Apt 4",
        city: "Ottawa",
        region: "ON",
        postalCode: normalizePostalCode("CA", "k1a0b1"),
        country: "CA",
        phone: null,
      }),
    ).toEqual(["Sam Shopper", "1 Main St", "Apt 4", "Ottawa, ON K1A 0B1", "Canada"]);
  });
});
