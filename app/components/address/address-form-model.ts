import {
  ADDRESS_FIELDS,
  type AddressFieldErrors,
  addressSchema,
  countryName,
  countryRules,
  type ShippingAddress,
} from "../../../core/address.ts";
import type { Locale } from "../../../core/i18n/locales.ts";
import type { Translator } from "../../i18n/i18n.tsx";

/** The address form's fields as typed: every one a string ("" when empty). */
export type AddressFormValue = { [K in keyof ShippingAddress]: string };

/** A blank form, set to the first country the shop ships to. */
export function emptyAddress(shipTo: readonly string[]): AddressFormValue {
  return {
    fullName: "",
    line1: "",
    line2: "",
    city: "",
    region: "",
    postalCode: "",
    country: shipTo[0] ?? "",
    phone: "",
  };
}

/** A saved address as the form's value, to edit it. */
export function addressToForm(a: ShippingAddress): AddressFormValue {
  return {
    fullName: a.fullName,
    line1: a.line1,
    line2: a.line2 ?? "",
    city: a.city,
    region: a.region,
    postalCode: a.postalCode,
    country: a.country,
    phone: a.phone ?? "",
  };
}

/**
 * The form after choosing another country: a region is kept only when the new country offers it (a state
 * is no province), so the form never sends a region its select does not show.
 */
export function withCountry(value: AddressFormValue, country: string): AddressFormValue {
  const keep = countryRules(country).regions?.[value.region.toUpperCase()] !== undefined;
  return { ...value, country, region: keep ? value.region : "" };
}

export type AddressCheck =
  | { ok: true; address: ShippingAddress }
  | { ok: false; errors: AddressFieldErrors; firstField: keyof ShippingAddress };

/**
 * Checks the form with the server's own rules (core/address.ts), so the form shows the messages the
 * server would answer before anything is sent, worded in the page's language by its translator (the English
 * messages are the server's, word for word). The address returned is the one to send: trimmed, codes
 * upper case, Canada's postal code with its space.
 */
export function validateAddress(
  value: AddressFormValue,
  shipTo: readonly string[],
  { t, locale }: Translator,
): AddressCheck {
  const result = addressSchema(shipTo).safeParse(value);
  if (result.success) return { ok: true, address: result.data };
  const errors: AddressFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ShippingAddress | undefined;
    if (field && !errors[field]) errors[field] = issueWords(issue, field, value, shipTo, t, locale);
  }
  return { ok: false, errors, firstField: firstErrorField(errors) ?? "fullName" };
}

/** A country's name in the page's language ("US": "Estados Unidos" in Spanish); the code when unknown. */
export function countryNameIn(locale: Locale, code: string): string {
  return countryName(code, locale);
}

/**
 * The words of a country's town, region and postal fields, by the English words core/address.ts gives them
 * (its rules are the server's): a country it words otherwise keeps the server's English. A field a country
 * never requires (the county, the Eircode) has no "required" message.
 */
const CITY_WORDS: Record<string, { label: string; required: string }> = {
  City: { label: "address.field.city", required: "address.error.cityRequired" },
  "Town/City": { label: "address.field.townCity", required: "address.error.townCityRequired" },
};
const REGION_WORDS: Record<string, { label: string; choose?: string; required?: string }> = {
  State: {
    label: "address.field.state",
    choose: "address.choose.state",
    required: "address.error.stateRequired",
  },
  Province: {
    label: "address.field.province",
    choose: "address.choose.province",
    required: "address.error.provinceRequired",
  },
  Region: {
    label: "address.field.region",
    choose: "address.choose.region",
    required: "address.error.regionRequired",
  },
  County: { label: "address.field.county" },
};
/** The label of a region written as its code (Italy's province), which names the code's shape. */
const REGION_CODE_LABEL = "address.field.provinceCode";
const REGION_CODE_INVALID: Record<string, string> = {
  "Enter the province's 2-letter code, e.g. MI": "address.error.provinceCodeInvalid",
};
const POSTAL_WORDS: Record<string, { label: string; required?: string }> = {
  "ZIP code": { label: "address.field.zip", required: "address.error.zipRequired" },
  "Postal code": { label: "address.field.postalCode", required: "address.error.postalCodeRequired" },
  Postcode: { label: "address.field.postcode", required: "address.error.postcodeRequired" },
  Eircode: { label: "address.field.eircode" },
};
/**
 * The messages of a postal code that does not fit, by the English message with the country's example and
 * number of digits as values ("Enter a 5-digit postal code like 75001": `{digits}` 5, `{example}` 75001).
 */
const POSTAL_INVALID: Record<string, string> = {
  "Enter a {digits}-digit ZIP code (or ZIP+4), e.g. {example}": "address.error.zipInvalid",
  "Enter a postal code like {example}": "address.error.postalCodeInvalidLike",
  "Enter a {digits}-digit postal code like {example}": "address.error.postalCodeInvalidDigits",
  "Enter a postcode like {example}": "address.error.postcodeInvalid",
  "Enter an Eircode like {example}": "address.error.eircodeInvalid",
  "Enter a valid postal code": "address.error.postalCodeInvalid",
};

/** A country's postal message's key and values: its message with the example and digits taken out. */
function postalInvalidWords(country: string): { key: string; values: Record<string, string> } | null {
  const { postalMessage, postalExample } = countryRules(country);
  const digits = /(\d+)-digit/.exec(postalMessage)?.[1] ?? "";
  const template = (
    postalExample ? postalMessage.replace(postalExample, "{example}") : postalMessage
  ).replace(/\d+-digit/, "{digits}-digit");
  const key = POSTAL_INVALID[template];
  return key ? { key, values: { example: postalExample, digits } } : null;
}

const REQUIRED: Partial<Record<keyof ShippingAddress, string>> = {
  fullName: "address.error.fullNameRequired",
  line1: "address.error.line1Required",
  country: "address.error.countryRequired",
};
const FIELD_NAMES: Partial<Record<keyof ShippingAddress, string>> = {
  fullName: "address.name.fullName",
  line1: "address.name.line1",
  line2: "address.name.line2",
  city: "address.name.city",
  region: "address.name.region",
  postalCode: "address.name.postalCode",
  phone: "address.name.phone",
};

/** The names of the regions core/address.ts lists, by key, in the page's language (the English ones its own). */
const REGION_NAMES: Record<string, Readonly<Record<string, string>>> = {
  US: {
    AL: "address.region.US.AL",
    AK: "address.region.US.AK",
    AZ: "address.region.US.AZ",
    AR: "address.region.US.AR",
    CA: "address.region.US.CA",
    CO: "address.region.US.CO",
    CT: "address.region.US.CT",
    DE: "address.region.US.DE",
    DC: "address.region.US.DC",
    FL: "address.region.US.FL",
    GA: "address.region.US.GA",
    HI: "address.region.US.HI",
    ID: "address.region.US.ID",
    IL: "address.region.US.IL",
    IN: "address.region.US.IN",
    IA: "address.region.US.IA",
    KS: "address.region.US.KS",
    KY: "address.region.US.KY",
    LA: "address.region.US.LA",
    ME: "address.region.US.ME",
    MD: "address.region.US.MD",
    MA: "address.region.US.MA",
    MI: "address.region.US.MI",
    MN: "address.region.US.MN",
    MS: "address.region.US.MS",
    MO: "address.region.US.MO",
    MT: "address.region.US.MT",
    NE: "address.region.US.NE",
    NV: "address.region.US.NV",
    NH: "address.region.US.NH",
    NJ: "address.region.US.NJ",
    NM: "address.region.US.NM",
    NY: "address.region.US.NY",
    NC: "address.region.US.NC",
    ND: "address.region.US.ND",
    OH: "address.region.US.OH",
    OK: "address.region.US.OK",
    OR: "address.region.US.OR",
    PA: "address.region.US.PA",
    RI: "address.region.US.RI",
    SC: "address.region.US.SC",
    SD: "address.region.US.SD",
    TN: "address.region.US.TN",
    TX: "address.region.US.TX",
    UT: "address.region.US.UT",
    VT: "address.region.US.VT",
    VA: "address.region.US.VA",
    WA: "address.region.US.WA",
    WV: "address.region.US.WV",
    WI: "address.region.US.WI",
    WY: "address.region.US.WY",
    PR: "address.region.US.PR",
  },
  CA: {
    AB: "address.region.CA.AB",
    BC: "address.region.CA.BC",
    MB: "address.region.CA.MB",
    NB: "address.region.CA.NB",
    NL: "address.region.CA.NL",
    NS: "address.region.CA.NS",
    NT: "address.region.CA.NT",
    NU: "address.region.CA.NU",
    ON: "address.region.CA.ON",
    PE: "address.region.CA.PE",
    QC: "address.region.CA.QC",
    SK: "address.region.CA.SK",
    YT: "address.region.CA.YT",
  },
};
/**
 * A region's name in the page's language ("QC": "Québec" in French); core/address.ts's name when it has no
 * key, and on an English page (the same words, so the page need not carry fifty-odd messages for them).
 */
export function regionName(country: string, code: string, name: string, { t, locale }: Translator): string {
  const key = REGION_NAMES[country]?.[code];
  return key && locale !== "en" ? t(key) : name;
}

/** The town field's words for a country ("Town/City" in the United Kingdom). */
export function cityWords(country: string) {
  return CITY_WORDS[countryRules(country).cityLabel] ?? null;
}

/** The region field's words for a country, as its select and label show them. */
export function regionWords(country: string) {
  const rules = countryRules(country);
  const words = REGION_WORDS[rules.regionLabel];
  if (!words) return null;
  return rules.regionCode ? { ...words, label: REGION_CODE_LABEL } : words;
}

/** The postal field's words for a country. */
export function postalWords(country: string) {
  return POSTAL_WORDS[countryRules(country).postalLabel] ?? null;
}

/** Every message validateAddress may word, for a page to carry from its first render. */
export const ADDRESS_ERROR_KEYS: readonly string[] = [
  ...Object.values(CITY_WORDS).map((w) => w.required),
  ...Object.values(REGION_WORDS).flatMap((w) => [w.choose, w.required]),
  ...Object.values(REGION_CODE_INVALID),
  ...Object.values(POSTAL_WORDS).map((w) => w.required),
  ...Object.values(POSTAL_INVALID),
  ...Object.values(REQUIRED),
  "address.field.chooseCountry",
  "address.error.phoneInvalid",
  "address.error.notShipped",
  "address.error.tooLong",
  ...Object.values(FIELD_NAMES),
].filter((key): key is string => Boolean(key));

/**
 * Every label a country's rules may give the town, region and postal fields, for a page to carry from its
 * first render: a shopper who picks another country before the whole catalogue arrives reads its words.
 */
export const ADDRESS_LABEL_KEYS: readonly string[] = [
  ...Object.values(CITY_WORDS).map((w) => w.label),
  ...Object.values(REGION_WORDS).flatMap((w) => [w.label, w.choose]),
  REGION_CODE_LABEL,
  ...Object.values(POSTAL_WORDS).map((w) => w.label),
  "address.field.optional",
].filter((key): key is string => Boolean(key));

type Issue = { code: string; message: string; maximum?: unknown };

/** One problem of the server's rules in the page's language; one it does not know keeps its English. */
function issueWords(
  issue: Issue,
  field: keyof ShippingAddress,
  value: AddressFormValue,
  shipTo: readonly string[],
  t: Translator["t"],
  locale: Locale,
): string {
  const country = value.country.trim().toUpperCase();
  const rules = countryRules(country);
  const name = FIELD_NAMES[field];
  if (issue.code === "too_big" && name)
    return t("address.error.tooLong", { field: t(name), max: issue.maximum });
  const required = REQUIRED[field];
  if ((issue.code === "too_small" || issue.code === "invalid_type") && required) return t(required);
  if (field === "city" && (issue.code === "custom" || issue.code === "invalid_type")) {
    const words = CITY_WORDS[rules.cityLabel];
    if (words) return t(words.required);
  }
  if (field === "country") {
    if (issue.code === "invalid_format") return t("address.field.chooseCountry");
    if (issue.code === "custom")
      return t("address.error.notShipped", {
        country: countryNameIn(locale, country),
        countries: shipTo.map((c) => countryNameIn(locale, c)).join(", "),
      });
  }
  if (field === "region" && issue.code === "custom") {
    const words = REGION_WORDS[rules.regionLabel];
    const key = rules.regions
      ? words?.choose
      : value.region.trim()
        ? REGION_CODE_INVALID[rules.regionCode?.message ?? ""]
        : words?.required;
    if (key) return t(key);
  }
  if (field === "postalCode" && issue.code === "custom") {
    if (!value.postalCode.trim()) {
      const key = POSTAL_WORDS[rules.postalLabel]?.required;
      if (key) return t(key);
    } else {
      const words = postalInvalidWords(country);
      if (words) return t(words.key, words.values);
    }
  }
  if (field === "phone" && issue.code === "custom") return t("address.error.phoneInvalid");
  return issue.message;
}

/** The first field, in the form's order, that has a message; null when none has. */
export function firstErrorField(errors: AddressFieldErrors): keyof ShippingAddress | null {
  return ADDRESS_FIELDS.find((f) => errors[f]) ?? null;
}

/**
 * The messages still to show after an edit: a field's message goes once its value changes (and the
 * region's when the country changes, since its choices do), the others stay until the next check.
 */
export function errorsAfterEdit(
  errors: AddressFieldErrors,
  before: AddressFormValue,
  after: AddressFormValue,
): AddressFieldErrors {
  const next: AddressFieldErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const message = errors[field];
    if (!message || before[field] !== after[field]) continue;
    if (field === "region" && before.country !== after.country) continue;
    if (field === "postalCode" && before.country !== after.country) continue;
    next[field] = message;
  }
  return next;
}

/** The id of a field's control, so a page can focus the first field with an error. */
export const addressFieldId = (idPrefix: string, field: keyof ShippingAddress) => `${idPrefix}-${field}`;
