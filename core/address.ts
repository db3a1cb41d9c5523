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

/** How a country names its fields and which it requires; countries not listed use the generic rules. */
interface CountryRules {
  regionLabel: string;
  postalLabel: string;
  /** The region codes a form offers and the server accepts; absent: free text. */
  regions?: Readonly<Record<string, string>>;
  regionRequired: boolean;
  postalRequired: boolean;
  postalMessage: string;
}

const RULES: Record<string, CountryRules> = {
  US: {
    regionLabel: "State",
    postalLabel: "ZIP code",
    regions: US_STATES,
    regionRequired: true,
    postalRequired: true,
    postalMessage: "Enter a 5-digit ZIP code (or ZIP+4), e.g. 90210",
  },
  CA: {
    regionLabel: "Province",
    postalLabel: "Postal code",
    regions: CA_PROVINCES,
    regionRequired: true,
    postalRequired: true,
    postalMessage: "Enter a postal code like K1A 0B1",
  },
};

const GENERIC: CountryRules = {
  regionLabel: "Region",
  postalLabel: "Postal code",
  regionRequired: false,
  postalRequired: true,
  postalMessage: "Enter a valid postal code",
};

export function countryRules(country: string): CountryRules {
  return RULES[country] ?? GENERIC;
}

/** A country's name in English ("US" → "United States"); the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The postal code as it is stored and printed: upper case, Canada's with its space (K1A 0B1). */
export function normalizePostalCode(country: string, value: string): string {
  const v = value.trim().toUpperCase().replace(/\s+/g, " ");
  if (country === "CA") {
    const compact = v.replace(/[\s-]/g, "");
    return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : v;
  }
  return v;
}

export function isValidPostalCode(country: string, value: string): boolean {
  const v = normalizePostalCode(country, value);
  if (country === "US") return /^\d{5}(?:-\d{4})?$/.test(v);
  if (country === "CA") return /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/.test(v);
  if (!postcodeValidatorExistsForCountry(country)) return /^[A-Z0-9][A-Z0-9 -]{1,9}$/.test(v);
  try {
    return postcodeValidator(v, country);
  } catch {
    return false;
  }
}

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

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
      city: line("City", 100),
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
      if (!shipTo.includes(a.country)) {
        ctx.addIssue({
          code: "custom",
          path: ["country"],
          message: `We don't ship to ${countryName(a.country)} yet. We ship to ${shipTo.map(countryName).join(", ")}.`,
        });
        return;
      }
      const rules = countryRules(a.country);
      if (rules.regions) {
        if (!rules.regions[a.region.toUpperCase()]) {
          ctx.addIssue({
            code: "custom",
            path: ["region"],
            message: `Choose a ${rules.regionLabel.toLowerCase()}`,
          });
        }
      } else if (rules.regionRequired && !a.region) {
        ctx.addIssue({ code: "custom", path: ["region"], message: `${rules.regionLabel} is required` });
      }
      if (!a.postalCode) {
        if (rules.postalRequired) {
          ctx.addIssue({ code: "custom", path: ["postalCode"], message: `${rules.postalLabel} is required` });
        }
      } else if (!isValidPostalCode(a.country, a.postalCode)) {
        ctx.addIssue({ code: "custom", path: ["postalCode"], message: rules.postalMessage });
      }
    })
    .transform(
      (a): ShippingAddress => ({
        fullName: a.fullName,
        line1: a.line1,
        line2: a.line2,
        city: a.city,
        region: countryRules(a.country).regions ? a.region.toUpperCase() : a.region,
        postalCode: a.postalCode ? normalizePostalCode(a.country, a.postalCode) : "",
        country: a.country,
        phone: a.phone,
      }),
    );
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

/** The address as lines on a label: name, street, city line, country. */
export function formatAddressLines(a: ShippingAddress): string[] {
  const cityLine = [a.city, [a.region, a.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [a.fullName, a.line1, a.line2, cityLine, countryName(a.country), a.phone].filter((l): l is string =>
    Boolean(l),
  );
}
