import { describe, expect, it } from "vitest";
import {
  addressFieldErrors,
  addressSchema,
  countryRules,
  formatAddressLines,
  isValidPostalCode,
  normalizePostalCode,
} from "./address.ts";

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

describe("the United Kingdom's and the European Union's rules", () => {
  const europe = addressSchema([
    "US",
    "CA",
    "GB",
    "IE",
    "FR",
    "DE",
    "ES",
    "IT",
    "NL",
    "BE",
    "AT",
    "PT",
    "LU",
    "FI",
  ]);

  // [country, as typed, as stored]
  const valid: [string, string, string][] = [
    ["GB", "SW1A 1AA", "SW1A 1AA"],
    ["GB", "sw1a1aa", "SW1A 1AA"],
    ["GB", " m1 1ae ", "M1 1AE"],
    ["GB", "B338TH", "B33 8TH"],
    ["GB", "cr26xh", "CR2 6XH"],
    ["GB", "DN55 1PT", "DN55 1PT"],
    ["IE", "D02 X285", "D02 X285"],
    ["IE", "d02x285", "D02 X285"],
    ["IE", "A65 F4E2", "A65 F4E2"],
    ["IE", "D6W 1234", "D6W 1234"],
    ["FR", "75001", "75001"],
    ["FR", "75 008", "75008"],
    ["FR", "97400", "97400"],
    ["DE", "10115", "10115"],
    ["DE", "01067", "01067"],
    ["ES", "28013", "28013"],
    ["ES", "08001", "08001"],
    ["IT", "00184", "00184"],
    ["IT", "20121", "20121"],
    ["NL", "1012 AB", "1012 AB"],
    ["NL", "1012ab", "1012 AB"],
    ["NL", "9999 ZZ", "9999 ZZ"],
    ["BE", "1000", "1000"],
    ["BE", "9000", "9000"],
    ["AT", "1010", "1010"],
    ["PT", "1100-148", "1100-148"],
    ["PT", "1100148", "1100-148"],
    ["PT", "4000 322", "4000-322"],
    ["LU", "2449", "L-2449"],
    ["LU", "l-2449", "L-2449"],
    ["LU", "L 1648", "L-1648"],
    ["FI", "00100", "00100"],
    ["FI", "FI-00100", "00100"],
  ];
  for (const [country, typed, stored] of valid) {
    it(`accepts ${country} "${typed}" and stores "${stored}"`, () => {
      expect(normalizePostalCode(country, typed)).toBe(stored);
      expect(isValidPostalCode(country, typed)).toBe(true);
      const region = country === "IT" ? "mi" : "";
      const r = europe.safeParse({ ...base, country, region, postalCode: typed });
      expect(r.error ? addressFieldErrors(r.error) : {}).toEqual({});
      expect(r.data?.postalCode).toBe(stored);
    });
  }

  // [country, as typed, message]
  const invalid: [string, string, string][] = [
    ["GB", "SW1A", "Enter a postcode like SW1A 1AA"],
    ["GB", "12345", "Enter a postcode like SW1A 1AA"],
    ["GB", "SW1A 1AAA", "Enter a postcode like SW1A 1AA"],
    ["IE", "D02", "Enter an Eircode like D02 X285"],
    ["IE", "B02 X285", "Enter an Eircode like D02 X285"],
    ["IE", "D02 X28", "Enter an Eircode like D02 X285"],
    ["FR", "7500", "Enter a 5-digit postal code like 75001"],
    ["FR", "750011", "Enter a 5-digit postal code like 75001"],
    ["FR", "SW1A 1AA", "Enter a 5-digit postal code like 75001"],
    ["DE", "1011", "Enter a 5-digit postal code like 10115"],
    ["DE", "D-10115", "Enter a 5-digit postal code like 10115"],
    ["ES", "53001", "Enter a 5-digit postal code like 28013"],
    ["ES", "00100", "Enter a 5-digit postal code like 28013"],
    ["IT", "0018", "Enter a 5-digit postal code like 00184"],
    ["NL", "1012", "Enter a postcode like 1012 AB"],
    ["NL", "0123 AB", "Enter a postcode like 1012 AB"],
    ["NL", "1012 SS", "Enter a postcode like 1012 AB"],
    ["BE", "0999", "Enter a 4-digit postal code like 1000"],
    ["BE", "10000", "Enter a 4-digit postal code like 1000"],
    ["AT", "0100", "Enter a 4-digit postal code like 1010"],
    ["PT", "1100", "Enter a postal code like 1100-148"],
    ["PT", "1100-14", "Enter a postal code like 1100-148"],
    ["LU", "L-244", "Enter a postal code like L-2449"],
    ["LU", "24490", "Enter a postal code like L-2449"],
    ["FI", "0010", "Enter a 5-digit postal code like 00100"],
  ];
  for (const [country, typed, message] of invalid) {
    it(`refuses ${country} "${typed}"`, () => {
      expect(isValidPostalCode(country, typed)).toBe(false);
      const r = europe.safeParse({
        ...base,
        country,
        region: country === "IT" ? "MI" : "",
        postalCode: typed,
      });
      expect(r.error ? addressFieldErrors(r.error) : {}).toEqual({ postalCode: message });
    });
  }

  it("asks each country's regions as its labels name them", () => {
    const asks = (c: string) => {
      const { askRegion, regionLabel, regionRequired } = countryRules(c);
      return askRegion ? `${regionLabel}${regionRequired ? "" : " (optional)"}` : null;
    };
    expect(
      Object.fromEntries(
        ["GB", "IE", "FR", "DE", "ES", "IT", "NL", "BE", "AT", "PT", "LU", "FI"].map((c) => [c, asks(c)]),
      ),
    ).toEqual({
      GB: "County (optional)",
      IE: "County (optional)",
      FR: null,
      DE: null,
      ES: "Province (optional)",
      IT: "Province",
      NL: null,
      BE: null,
      AT: null,
      PT: null,
      LU: null,
      FI: null,
    });
    expect(countryRules("GB")).toMatchObject({
      cityLabel: "Town/City",
      postalLabel: "Postcode",
      postalRequired: true,
    });
    expect(countryRules("IE")).toMatchObject({
      cityLabel: "Town/City",
      postalLabel: "Eircode",
      postalRequired: false,
    });
  });

  it("takes the UK's and Ireland's county if given, Ireland's address without an Eircode", () => {
    const gb = europe.parse({
      ...base,
      country: "GB",
      city: "Bath",
      region: "Somerset",
      postalCode: "ba1 1lz",
    });
    expect(gb).toMatchObject({ city: "Bath", region: "Somerset", postalCode: "BA1 1LZ" });
    expect(europe.safeParse({ ...base, country: "GB", region: "", postalCode: "BA1 1LZ" }).success).toBe(
      true,
    );
    expect(europe.parse({ ...base, country: "IE", region: "", postalCode: "" })).toMatchObject({
      region: "",
      postalCode: "",
    });
    const noCode = europe.safeParse({ ...base, country: "GB", region: "", postalCode: "" });
    expect(noCode.error ? addressFieldErrors(noCode.error) : {}).toEqual({
      postalCode: "Postcode is required",
    });
  });

  it("names the town as the form does: Town/City in the UK and Ireland", () => {
    for (const [country, city] of [
      ["GB", "Town/City is required"],
      ["IE", "Town/City is required"],
      ["FR", "City is required"],
      ["US", "City is required"],
    ] as const) {
      const r = europe.safeParse({
        ...base,
        city: " ",
        country,
        region: country === "US" ? "CA" : "",
        postalCode: countryRules(country).postalExample,
      });
      expect(r.error ? addressFieldErrors(r.error) : {}).toEqual({ city });
    }
  });

  it("requires Italy's province as its two-letter code, upper case, and keeps Spain's province optional", () => {
    const it_ = { ...base, country: "IT", postalCode: "20121" };
    expect(europe.parse({ ...it_, region: " mi " }).region).toBe("MI");
    const errors = (region: string) => {
      const r = europe.safeParse({ ...it_, region });
      return r.error ? addressFieldErrors(r.error) : {};
    };
    expect(errors("")).toEqual({ region: "Province is required" });
    expect(errors("Milano")).toEqual({ region: "Enter the province's 2-letter code, e.g. MI" });
    expect(errors("M1")).toEqual({ region: "Enter the province's 2-letter code, e.g. MI" });
    expect(europe.parse({ ...base, country: "ES", region: "", postalCode: "28013" }).region).toBe("");
    expect(europe.parse({ ...base, country: "ES", region: "Madrid", postalCode: "28013" }).region).toBe(
      "Madrid",
    );
  });

  it("keeps no region where the country's labels name none", () => {
    for (const country of ["FR", "DE", "NL", "BE", "AT", "PT", "LU", "FI"]) {
      const r = europe.parse({
        ...base,
        country,
        region: "Somewhere",
        postalCode: countryRules(country).postalExample,
      });
      expect({ country, region: r.region }).toEqual({ country, region: "" });
    }
  });

  it("refuses a missing name, street and town as empty ones, with the country's words beside them", () => {
    const r = europe.safeParse({ country: "GB", region: "", postalCode: "sw1a" });
    expect(r.error ? addressFieldErrors(r.error) : {}).toEqual({
      fullName: "Full name is required",
      line1: "Address is required",
      city: "Town/City is required",
      postalCode: "Enter a postcode like SW1A 1AA",
    });
  });

  it("keeps the United States' and Canada's postal codes as before", () => {
    expect(normalizePostalCode("US", " 10001-1234 ")).toBe("10001-1234");
    expect(normalizePostalCode("CA", "h2y1h4")).toBe("H2Y 1H4");
    expect(isValidPostalCode("US", "1000")).toBe(false);
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
