import { describe, expect, it } from "vitest";
import {
  addressFieldErrors,
  addressSchema,
  CA_PROVINCES,
  COUNTRIES_WITH_RULES,
  countryRules,
  US_STATES,
} from "../../../core/address.ts";
import { requestTranslator } from "../../i18n/catalogue.server.ts";
import {
  addressToForm,
  cityWords,
  emptyAddress,
  errorsAfterEdit,
  postalWords,
  regionName,
  regionWords,
  validateAddress,
  withCountry,
} from "./address-form-model.ts";

const shipTo = ["US", "CA"];
const en = requestTranslator("en", new Set());
const es = requestTranslator("es", new Set());
const fr = requestTranslator("fr", new Set());
const filled = {
  ...emptyAddress(shipTo),
  fullName: "Sam Shopper",
  line1: "1 Main St",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
};

describe("the address form", () => {
  it("starts blank in the first country shipped to", () => {
    expect(emptyAddress(shipTo)).toMatchObject({ country: "US", region: "", postalCode: "" });
    expect(emptyAddress(["CA", "US"]).country).toBe("CA");
  });

  it("checks with the server's rules and gives the address to send", () => {
    expect(validateAddress({ ...filled, postalCode: " 62701 ", region: "il" }, shipTo, en)).toEqual({
      ok: true,
      address: {
        fullName: "Sam Shopper",
        line1: "1 Main St",
        line2: null,
        city: "Springfield",
        region: "IL",
        postalCode: "62701",
        country: "US",
        phone: null,
      },
    });
  });

  it("shows the server's messages, and names the first field in the form's order", () => {
    expect(validateAddress({ ...filled, fullName: "", postalCode: "9021" }, shipTo, en)).toEqual({
      ok: false,
      errors: {
        fullName: "Full name is required",
        postalCode: "Enter a 5-digit ZIP code (or ZIP+4), e.g. 90210",
      },
      firstField: "fullName",
    });
    expect(validateAddress({ ...filled, country: "CA", region: "" }, shipTo, en)).toMatchObject({
      ok: false,
      errors: { region: "Choose a province", postalCode: "Enter a postal code like K1A 0B1" },
      firstField: "region",
    });
  });

  it("words every message in English exactly as the server does", () => {
    const cases = [
      { ...filled, fullName: "", line1: " ", city: "", region: "", postalCode: "" },
      { ...filled, postalCode: "9021", phone: "call me" },
      { ...filled, country: "CA", region: "IL", postalCode: "123" },
      { ...filled, country: "CA", region: "", postalCode: "" },
      { ...filled, country: "GB", region: "", postalCode: "" },
      { ...filled, country: "usa" },
      { ...filled, country: "" },
      { ...filled, fullName: "x".repeat(101), line2: "y".repeat(201), region: "z".repeat(101) },
      { ...filled, postalCode: "9".repeat(21), phone: "1".repeat(31) },
    ];
    for (const value of cases) {
      const server = addressSchema(shipTo).safeParse(value);
      expect(server.success).toBe(false);
      const check = validateAddress(value, shipTo, en);
      expect(check.ok ? {} : check.errors).toEqual(server.error ? addressFieldErrors(server.error) : {});
    }
    // A country shipped to that core/address.ts has no rules of its own (its generic words).
    const world = ["US", "CA", "JP"];
    const jp = { ...filled, country: "JP", region: "", postalCode: "" };
    const server = addressSchema(world).safeParse(jp);
    expect(validateAddress(jp, world, en)).toMatchObject({
      ok: false,
      errors: server.error ? addressFieldErrors(server.error) : {},
    });
    expect(validateAddress(jp, world, en)).toMatchObject({
      errors: { postalCode: "Postal code is required" },
    });
  });

  it("words every country's own messages in English as the server does, and in Spanish and French", () => {
    const all = ["US", ...COUNTRIES_WITH_RULES.filter((c) => c !== "US")];
    const cases = (country: string) => [
      { ...filled, country, city: "", region: "", postalCode: "" },
      { ...filled, country, city: "", region: "Milano", postalCode: "12" },
      { ...filled, country, region: "zz9", postalCode: "ABC" },
    ];
    for (const country of all)
      for (const value of cases(country)) {
        const server = addressSchema(all).safeParse(value);
        expect(server.success, country).toBe(false);
        const english = server.error ? addressFieldErrors(server.error) : {};
        const check = validateAddress(value, all, en);
        expect({ country, errors: check.ok ? {} : check.errors }).toEqual({ country, errors: english });
        for (const t of [es, fr]) {
          const words = validateAddress(value, all, t);
          expect(words.ok).toBe(false);
          if (words.ok) continue;
          // The same fields, each worded in the page's language (no English message left over).
          expect(Object.keys(words.errors).sort()).toEqual(Object.keys(english).sort());
          for (const [field, message] of Object.entries(words.errors))
            expect({ country, field, message }).not.toEqual({
              country,
              field,
              message: english[field as keyof typeof english],
            });
        }
      }
  });

  it("words the new countries' messages with their examples", () => {
    const eu = ["US", "CA", "GB", "IE", "FR", "DE", "ES", "IT", "NL", "BE", "PT", "LU"];
    const errors = (t: typeof en, value: Partial<typeof filled>) => {
      const check = validateAddress({ ...filled, ...value }, eu, t);
      return check.ok ? {} : check.errors;
    };
    expect(errors(en, { country: "GB", region: "", postalCode: "SW1A" })).toEqual({
      postalCode: "Enter a postcode like SW1A 1AA",
    });
    expect(errors(es, { country: "GB", city: "", region: "", postalCode: "" })).toEqual({
      city: "Indica la ciudad o localidad",
      postalCode: "Indica el código postal",
    });
    expect(errors(fr, { country: "IE", region: "", postalCode: "D02" })).toEqual({
      postalCode: "Saisissez un Eircode comme D02 X285",
    });
    expect(errors(fr, { country: "FR", region: "", postalCode: "7500" })).toEqual({
      postalCode: "Saisissez un code postal à 5 chiffres comme 75001",
    });
    expect(errors(es, { country: "DE", region: "", postalCode: "1011" })).toEqual({
      postalCode: "Escribe un código postal de 5 dígitos como 10115",
    });
    expect(errors(en, { country: "NL", region: "", postalCode: "0123 AB" })).toEqual({
      postalCode: "Enter a postcode like 1012 AB",
    });
    expect(errors(es, { country: "PT", region: "", postalCode: "1100" })).toEqual({
      postalCode: "Escribe un código postal como 1100-148",
    });
    expect(errors(fr, { country: "CA", region: "ON", postalCode: "90210" })).toEqual({
      postalCode: "Saisissez un code postal comme K1A 0B1",
    });
    expect(errors(en, { country: "IT", region: "", postalCode: "00184" })).toEqual({
      region: "Province is required",
    });
    expect(errors(es, { country: "IT", region: "Milano", postalCode: "00184" })).toEqual({
      region: "Escribe la sigla de 2 letras de la provincia, p. ej., MI",
    });
    expect(errors(fr, { country: "IT", region: "M1", postalCode: "00184" })).toEqual({
      region: "Saisissez le sigle à 2 lettres de la province, par exemple MI",
    });
  });

  it("labels each country's town, region and postal fields in the page's language", () => {
    const labels = (country: string, t: typeof en) => ({
      city: t.t(cityWords(country)?.label ?? ""),
      region: countryRules(country).askRegion ? t.t(regionWords(country)?.label ?? "") : null,
      postal: t.t(postalWords(country)?.label ?? ""),
    });
    expect(labels("US", en)).toEqual({ city: "City", region: "State", postal: "ZIP code" });
    expect(labels("GB", en)).toEqual({ city: "Town/City", region: "County", postal: "Postcode" });
    expect(labels("GB", es)).toEqual({
      city: "Ciudad o localidad",
      region: "Condado",
      postal: "Código postal",
    });
    expect(labels("IE", fr)).toEqual({ city: "Ville ou localité", region: "Comté", postal: "Eircode" });
    expect(labels("FR", fr)).toEqual({ city: "Ville", region: null, postal: "Code postal" });
    expect(labels("DE", en)).toEqual({ city: "City", region: null, postal: "Postal code" });
    expect(labels("ES", es)).toEqual({ city: "Ciudad", region: "Provincia", postal: "Código postal" });
    expect(labels("IT", en)).toEqual({
      city: "City",
      region: "Province (2 letters, e.g. MI)",
      postal: "Postal code",
    });
    expect(labels("NL", en)).toEqual({ city: "City", region: null, postal: "Postcode" });
    // Every country with rules has words for each field it asks, in every language.
    for (const country of COUNTRIES_WITH_RULES) {
      expect(cityWords(country), country).not.toBeNull();
      expect(postalWords(country), country).not.toBeNull();
      if (countryRules(country).askRegion) expect(regionWords(country), country).not.toBeNull();
    }
  });

  it("words the messages in the page's language, countries' names included", () => {
    expect(validateAddress({ ...filled, fullName: "", postalCode: "9021" }, shipTo, es)).toEqual({
      ok: false,
      errors: {
        fullName: "Indica tu nombre completo",
        postalCode: "Escribe un código ZIP de 5 dígitos (o ZIP+4), p. ej., 90210",
      },
      firstField: "fullName",
    });
    expect(validateAddress({ ...filled, country: "CA", region: "" }, shipTo, fr)).toMatchObject({
      errors: { region: "Choisissez une province", postalCode: "Saisissez un code postal comme K1A 0B1" },
    });
    expect(validateAddress({ ...filled, country: "GB" }, shipTo, es)).toMatchObject({
      errors: { country: "Todavía no enviamos a Reino Unido. Enviamos a Estados Unidos, Canadá." },
    });
    expect(validateAddress({ ...filled, city: "c".repeat(101) }, shipTo, fr)).toMatchObject({
      errors: { city: "Ville\u00a0: 100 caractères au maximum" },
    });
  });

  it("names every state and province in the page's language, in English as core/address.ts does", () => {
    const english = requestTranslator("en", new Set());
    for (const [country, regions] of [
      ["US", US_STATES],
      ["CA", CA_PROVINCES],
    ] as const)
      for (const [code, name] of Object.entries(regions)) {
        expect(regionName(country, code, name, english)).toBe(name);
        // Each has a message of its own, worded in English as core names it.
        expect(regionName(country, code, "", { ...english, locale: "fr" })).toBe(name);
        expect(regionName(country, code, "", es)).not.toBe("");
        expect(regionName(country, code, "", fr)).not.toBe("");
      }
    expect(regionName("CA", "QC", "Quebec", fr)).toBe("Québec");
    expect(regionName("CA", "BC", "British Columbia", es)).toBe("Columbia Británica");
    expect(regionName("US", "NY", "New York", es)).toBe("Nueva York");
  });

  it("keeps a region on a change of country only when the new country has it", () => {
    expect(withCountry(filled, "CA")).toMatchObject({ country: "CA", region: "" });
    expect(withCountry({ ...filled, country: "CA", region: "ON" }, "US")).toMatchObject({ region: "" });
    expect(withCountry(filled, "US")).toMatchObject({ region: "IL" });
  });

  it("drops a field's message once its value changes, and the region's and postal code's with the country", () => {
    const errors = {
      fullName: "Full name is required",
      region: "Choose a state",
      postalCode: "ZIP code is required",
    };
    expect(errorsAfterEdit(errors, filled, { ...filled, fullName: "S" })).toEqual({
      region: "Choose a state",
      postalCode: "ZIP code is required",
    });
    expect(errorsAfterEdit(errors, filled, { ...filled, country: "CA" })).toEqual({
      fullName: "Full name is required",
    });
  });

  it("edits a saved address with empty strings for its empty fields", () => {
    const saved = { ...filled, line2: null, phone: null };
    expect(addressToForm(saved)).toEqual({ ...filled, line2: "", phone: "" });
  });
});
