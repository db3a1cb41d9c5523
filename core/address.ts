/**
 * Shipping addresses: the fields, the rules per country (the server's validation and the checkout and
 * address-book forms use the same ones) and how an address is written on a label.
 * Postal codes are checked by postcode-validator's patterns (docs/decisions/014-addresses.md); the regions
 * of the United States and Canada are listed here, so a form can offer them and the server refuse others.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { z } from "zod";

/** An address as it is copied onto an order (`orders.shipping_address`) and shown on every order view. */
export interface ShippingAddress {
  fullName: string;
  line1: string;
  line2: string | null;
  city: string;
  /** State, province or region: a two-letter code in the United States and Canada. */
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  phone: string | null;
}

/** Every field of an address, in the order the forms show them (the first with an error is the one to focus). */
export const ADDRESS_FIELDS: readonly (keyof ShippingAddress)[] = [
  "country",
  "fullName",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
  "phone",
];

/** The countries the shop ships to when `SHIP_TO_COUNTRIES` is not set. */
export const DEFAULT_SHIP_TO: readonly string[] = ["US", "CA"];

export const US_STATES: Readonly<Record<string, string>> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  PR: "Puerto Rico",
};

export const CA_PROVINCES: Readonly<Record<string, string>> = {
  AB: "Alberta",
  BC: "British Columbia",
  MB: "Manitoba",
  NB: "New Brunswick",
  NL: "Newfoundland and Labrador",
  NS: "Nova Scotia",
  NT: "Northwest Territories",
  NU: "Nunavut",
  ON: "Ontario",
  PE: "Prince Edward Island",
  QC: "Quebec",
  SK: "Saskatchewan",
  YT: "Yukon",
};

/**
 * How the lines below the street read on a label: "City, REGION POSTAL" (the United States, Canada and
 * countries without rules of their own); the town, the county and the postcode each on a line (the United
 * Kingdom, Ireland); "POSTAL City" (continental Europe), Italy's with the province's code after the town.
 */
type LabelLayout = "cityRegionPostal" | "townCountyPostcode" | "postalCity" | "postalCityProvince";

/** How a country names its fields, which it asks for and requires; countries not listed use the generic rules. */
interface CountryRules {
  /** The town's field: "City", or "Town/City" in the United Kingdom and Ireland. */
  cityLabel: string;
  /** Whether the form asks for a region at all (France's and Germany's labels name none). */
  askRegion: boolean;
  regionLabel: string;
  /** The region codes a form offers and the server accepts; absent: free text. */
  regions?: Readonly<Record<string, string>>;
  /** A region written as a code of this shape, upper case (Italy's province: MI), with its message. */
  regionCode?: { pattern: RegExp; message: string };
  regionRequired: boolean;
  postalLabel: string;
  postalRequired: boolean;
  /** A postal code as the country writes it, the one the message quotes ("" when none is). */
  postalExample: string;
  postalMessage: string;
  layout: LabelLayout;
}

/**
 * The rules of a country whose labels read "POSTAL City" and which asks for no region; its message quotes
 * the example, and counts its digits when it has nothing else ("Enter a 5-digit postal code like 75001").
 */
const postalCity = (example: string, rest: Partial<CountryRules> = {}): CountryRules => ({
  cityLabel: "City",
  askRegion: false,
  regionLabel: "Region",
  regionRequired: false,
  postalLabel: "Postal code",
  postalRequired: true,
  postalExample: example,
  postalMessage: /^\d+$/.test(example)
    ? `Enter a ${example.length}-digit postal code like ${example}`
    : `Enter a postal code like ${example}`,
  layout: "postalCity",
  ...rest,
});

const RULES: Record<string, CountryRules> = {
  US: {
    cityLabel: "City",
    askRegion: true,
    regionLabel: "State",
    regions: US_STATES,
    regionRequired: true,
    postalLabel: "ZIP code",
    postalRequired: true,
    postalExample: "90210",
    postalMessage: "Enter a 5-digit ZIP code (or ZIP+4), e.g. 90210",
    layout: "cityRegionPostal",
  },
  CA: {
    cityLabel: "City",
    askRegion: true,
    regionLabel: "Province",
    regions: CA_PROVINCES,
    regionRequired: true,
    postalLabel: "Postal code",
    postalRequired: true,
    postalExample: "K1A 0B1",
    postalMessage: "Enter a postal code like K1A 0B1",
    layout: "cityRegionPostal",
  },
  GB: {
    cityLabel: "Town/City",
    askRegion: true,
    regionLabel: "County",
    regionRequired: false,
    postalLabel: "Postcode",
    postalRequired: true,
    postalExample: "SW1A 1AA",
    postalMessage: "Enter a postcode like SW1A 1AA",
    layout: "townCountyPostcode",
  },
  IE: {
    cityLabel: "Town/City",
    askRegion: true,
    regionLabel: "County",
    regionRequired: false,
    postalLabel: "Eircode",
    postalRequired: false,
    postalExample: "D02 X285",
    postalMessage: "Enter an Eircode like D02 X285",
    layout: "townCountyPostcode",
  },
  FR: postalCity("75001"),
  DE: postalCity("10115"),
  ES: postalCity("28013", { askRegion: true, regionLabel: "Province" }),
  IT: postalCity("00184", {
    askRegion: true,
    regionLabel: "Province",
    regionRequired: true,
    regionCode: { pattern: /^[A-Z]{2}$/, message: "Enter the province's 2-letter code, e.g. MI" },
    layout: "postalCityProvince",
  }),
  NL: postalCity("1012 AB", { postalLabel: "Postcode", postalMessage: "Enter a postcode like 1012 AB" }),
  BE: postalCity("1000"),
  AT: postalCity("1010"),
  PT: postalCity("1100-148"),
  LU: postalCity("L-2449"),
  FI: postalCity("00100"),
};

const GENERIC: CountryRules = {
  cityLabel: "City",
  askRegion: true,
  regionLabel: "Region",
  regionRequired: false,
  postalLabel: "Postal code",
  postalRequired: true,
  postalExample: "",
  postalMessage: "Enter a valid postal code",
  layout: "cityRegionPostal",
};

export function countryRules(country: string): CountryRules {
  return RULES[country] ?? GENERIC;
}

/** The countries with rules of their own (the others take the generic ones). */
export const COUNTRIES_WITH_RULES: readonly string[] = Object.keys(RULES);

/**
 * A country's name in a language, English unless another is given ("US" → "United States", in Spanish
 * "Estados Unidos"); the code itself when unknown.
 */
export function countryName(code: string, locale = "en"): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The postal code as it is stored and printed, as its country writes it: upper case; Canada's and the
 * United Kingdom's with the space before the last three characters (K1A 0B1, SW1A 1AA), an Eircode's after
 * the first three (D02 X285), the Netherlands' between digits and letters (1012 AB), Portugal's with its
 * hyphen (1100-148), Luxembourg's with its L- (L-2449), Finland's without FI-, and the codes of digits
 * alone without spaces (75 001: 75001).
 */
export function normalizePostalCode(country: string, value: string): string {
  const v = value.trim().toUpperCase().replace(/\s+/g, " ");
  const compact = v.replace(/[\s-]/g, "");
  switch (country) {
    case "CA":
      return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : v;
    case "GB":
      return /^[A-Z0-9]{5,7}$/.test(compact) ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : v;
    case "IE":
      return /^[A-Z0-9]{7}$/.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : v;
    case "NL":
      return /^\d{4}[A-Z]{2}$/.test(compact) ? `${compact.slice(0, 4)} ${compact.slice(4)}` : v;
    case "PT":
      return /^\d{7}$/.test(compact) ? `${compact.slice(0, 4)}-${compact.slice(4)}` : v;
    case "LU": {
      const digits = /^L?(\d{4})$/.exec(compact)?.[1];
      return digits ? `L-${digits}` : v;
    }
    case "FI":
      return /^(?:FI)?\d{5}$/.test(compact) ? compact.slice(-5) : v;
    case "FR":
    case "DE":
    case "ES":
    case "IT":
    case "BE":
    case "AT":
      return /^\d+$/.test(compact) ? compact : v;
    default:
      return v;
  }
}

/**
 * A normalised code's shape where it is stricter than postcode-validator's pattern: the space or hyphen the
 * country writes, no leading 0 in the Netherlands and Belgium, nor the letters SA, SD and SS after a
 * Dutch code's digits.
 */
const POSTAL_SHAPES: Readonly<Record<string, RegExp>> = {
  GB: /^[A-Z0-9]{2,4} [A-Z0-9]{3}$/,
  IE: /^[A-Z0-9]{3} [A-Z0-9]{4}$/,
  NL: /^[1-9]\d{3} (?!SA|SD|SS)[A-Z]{2}$/,
  BE: /^[1-9]\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
  LU: /^L-\d{4}$/,
  FR: /^\d{5}$/,
  FI: /^\d{5}$/,
};

export function isValidPostalCode(country: string, value: string): boolean {
  const v = normalizePostalCode(country, value);
  if (country === "US") return /^\d{5}(?:-\d{4})?$/.test(v);
  if (country === "CA") return /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/.test(v);
  if (!postcodeValidatorExistsForCountry(country)) return /^[A-Z0-9][A-Z0-9 -]{1,9}$/.test(v);
  const shape = POSTAL_SHAPES[country];
  if (shape && !shape.test(v)) return false;
  try {
    return postcodeValidator(v, country);
  } catch {
    return false;
  }
}

/**
 * A required line of text. A missing one is taken as empty (`prefault`), so it is refused as an empty one
 * is, and the checks of the country's rules still run beside it (a value of the wrong type stops them).
 */
const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .prefault("");

const optionalLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/**
 * The address form's fields as they arrive, checked for the country's rules against the countries the
 * shop ships to. Field errors carry the field's name as their path (fullName, line1, … phone).
 */
export function addressSchema(shipTo: readonly string[]) {
  return z
    .object({
      fullName: line("Full name", 100),
      line1: line("Address", 200),
      line2: optionalLine("Apartment, suite, etc.", 200),
      // Required by the country's rules below, which name the field as its form does ("Town/City").
      city: z
        .string({ error: "City is required" })
        .trim()
        .max(100, "City must be at most 100 characters")
        .default(""),
      region: z.string().trim().max(100, "Region must be at most 100 characters").default(""),
      postalCode: z.string().trim().max(20, "Postal code must be at most 20 characters").default(""),
      country: z
        .string({ error: "Country is required" })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, "Choose a country"),
      phone: optionalLine("Phone", 30).refine(
        (v) => v === null || /^\+?[0-9 ().-]{7,20}$/.test(v),
        "Enter a phone number with its area code, e.g. +1 415 555 0100",
      ),
    })
    .superRefine((a, ctx) => {
      const rules = countryRules(a.country);
      if (!a.city)
        ctx.addIssue({ code: "custom", path: ["city"], message: `${rules.cityLabel} is required` });
      if (!shipTo.includes(a.country)) {
        ctx.addIssue({
          code: "custom",
          path: ["country"],
          message: `We don't ship to ${countryName(a.country)} yet. We ship to ${shipTo.map((c) => countryName(c)).join(", ")}.`,
        });
        return;
      }
      if (rules.regions) {
        if (!rules.regions[a.region.toUpperCase()]) {
          ctx.addIssue({
            code: "custom",
            path: ["region"],
            message: `Choose a ${rules.regionLabel.toLowerCase()}`,
          });
        }
      } else if (rules.askRegion && !a.region) {
        if (rules.regionRequired) {
          ctx.addIssue({ code: "custom", path: ["region"], message: `${rules.regionLabel} is required` });
        }
      } else if (
        rules.askRegion &&
        rules.regionCode &&
        !rules.regionCode.pattern.test(a.region.toUpperCase())
      ) {
        ctx.addIssue({ code: "custom", path: ["region"], message: rules.regionCode.message });
      }
      if (!a.postalCode) {
        if (rules.postalRequired) {
          ctx.addIssue({ code: "custom", path: ["postalCode"], message: `${rules.postalLabel} is required` });
        }
      } else if (!isValidPostalCode(a.country, a.postalCode)) {
        ctx.addIssue({ code: "custom", path: ["postalCode"], message: rules.postalMessage });
      }
    })
    .transform((a): ShippingAddress => {
      const rules = countryRules(a.country);
      return {
        fullName: a.fullName,
        line1: a.line1,
        line2: a.line2,
        city: a.city,
        // A country that asks for no region keeps none; a region of codes is kept upper case.
        region: !rules.askRegion ? "" : rules.regions || rules.regionCode ? a.region.toUpperCase() : a.region,
        postalCode: a.postalCode ? normalizePostalCode(a.country, a.postalCode) : "",
        country: a.country,
        phone: a.phone,
      };
    });
}

export type AddressFieldErrors = Partial<Record<keyof ShippingAddress, string>>;

/** The first message per field of a failed parse, for the form to show beside each field. */
export function addressFieldErrors(error: z.ZodError): AddressFieldErrors {
  const out: AddressFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof ShippingAddress | undefined;
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}

/**
 * The address as lines on a label: name, street, the town's lines as the country writes them, country and
 * phone. The United States and Canada: "Ottawa, ON K1A 0B1"; the United Kingdom and Ireland: the town, the
 * county when given and the postcode, each on its line; continental Europe: "75001 Paris" (a province,
 * where one is given, on the next line unless it is the town's name), Italy: "00184 Roma RM". The country
 * is named in `locale`'s language (English by default).
 */
export function formatAddressLines(a: ShippingAddress, locale = "en"): string[] {
  const words = (...parts: string[]) => parts.filter(Boolean).join(" ");
  const place: string[] = [];
  switch (countryRules(a.country).layout) {
    case "townCountyPostcode":
      place.push(a.city, a.region, a.postalCode);
      break;
    case "postalCity":
      place.push(words(a.postalCode, a.city));
      if (a.region.toLocaleLowerCase() !== a.city.toLocaleLowerCase()) place.push(a.region);
      break;
    case "postalCityProvince":
      place.push(words(a.postalCode, a.city, a.region));
      break;
    default:
      place.push([a.city, words(a.region, a.postalCode)].filter(Boolean).join(", "));
  }
  return [a.fullName, a.line1, a.line2, ...place, countryName(a.country, locale), a.phone].filter(
    (l): l is string => Boolean(l),
  );
}
