import fc from "fast-check";
import { describe, expect, it } from "vitest";
import taxRates from "../content/tax-rates.json" with { type: "json" };

const builtInTaxTable = () => parseTaxTable(taxRates);

import {
  addedTax,
  DEMO_HOME_STATES,
  EU_COUNTRIES,
  includedTax,
  parseTaxTable,
  rateMillionths,
  rateTableProvider,
  type TaxQuoteInput,
  type TaxTable,
  taxLineLabel,
} from "./tax.ts";

const table = builtInTaxTable();
const provider = rateTableProvider(table, { homeStates: DEMO_HOME_STATES });
const quote = (currency: string, country: string, region: string | null, goods: number, shipping = 0) =>
  provider.quote({ currency, destination: { country, region }, goods, shipping });

/** The shipped table with `rates` changed, as plain data for the parser. */
const withRates = (rates: unknown[]) => ({ ...taxRates, rates });
const row = taxRates.rates[0];

describe("tax: the shipped rate table", () => {
  it("parses, and covers the United Kingdom, every EU country and every Canadian province", () => {
    expect(() => parseTaxTable(taxRates)).not.toThrow();
    expect(table.reviewed).toBe("2026-11-27");
    const countries = new Set(table.rates.map((r) => r.country));
    for (const c of ["GB", "CA", "US", ...EU_COUNTRIES]) expect(countries).toContain(c);
    for (const r of table.rates) expect(r.source.length).toBeGreaterThan(0);
  });

  it("reads rates exactly, in millionths", () => {
    expect(rateMillionths("20")).toBe(200_000);
    expect(rateMillionths("9.975")).toBe(99_750);
    expect(rateMillionths("5.5")).toBe(55_000);
    expect(rateMillionths("0")).toBe(0);
  });
});

describe("tax: a table the owner got wrong is refused, with what is wrong", () => {
  it("the same tax twice for one place", () => {
    expect(() => parseTaxTable(withRates([row, { ...row, ratePercent: "5" }]))).toThrow(
      /Duplicate rate: GB VAT is in rates 0 and 1/,
    );
  });

  it("an unknown country code", () => {
    expect(() => parseTaxTable(withRates([{ ...row, country: "UK" }]))).toThrow(
      /rates\.0\.country: Unknown country code "UK"/,
    );
  });

  it("a negative or malformed rate, or a rate as a number", () => {
    expect(() => parseTaxTable(withRates([{ ...row, ratePercent: "-20" }]))).toThrow(
      /rates\.0\.ratePercent: ratePercent cannot be negative$/,
    );
    expect(() => parseTaxTable(withRates([{ ...row, ratePercent: "20.00001" }]))).toThrow(
      /at most 4 decimals/,
    );
    expect(() => parseTaxTable(withRates([{ ...row, ratePercent: "120" }]))).toThrow(/cannot exceed 100/);
    expect(() => parseTaxTable(withRates([{ ...row, ratePercent: 20 }]))).toThrow(/must be a string/);
  });

  it("an unknown region, a region where the country has none, a replaced tax the country lacks", () => {
    const gst = table.rates.find((r) => r.name === "GST");
    const hst = table.rates.find((r) => r.name === "HST");
    expect(() => parseTaxTable(withRates([{ ...hst, region: "XX" }]))).toThrow(/Unknown region "XX" of CA/);
    expect(() => parseTaxTable(withRates([{ ...row, region: "LDN" }]))).toThrow(/GB takes no region/);
    expect(() => parseTaxTable(withRates([hst]))).toThrow(/replaces GST, which CA has no country-wide rate/);
    expect(() => parseTaxTable(withRates([gst, { ...hst, included: true }]))).toThrow(
      /taxes of CA must all be included in the price, or all added/,
    );
  });
});

describe("tax: examples", () => {
  it("Ontario: HST 13% in place of GST, added", () => {
    expect(quote("CAD", "CA", "ON", 10_000)).toEqual({
      currency: "CAD",
      lines: [{ name: "HST", ratePercent: "13", amount: 1300, currency: "CAD", included: false }],
      added: 1300,
      included: 0,
    });
  });

  it("Quebec: GST 5.00 and QST 9.98 (9.975% of 100.00, half-up), each its own line", () => {
    const q = quote("CAD", "CA", "QC", 10_000);
    expect(q.lines.map((l) => [l.name, l.ratePercent, l.amount])).toEqual([
      ["GST", "5", 500],
      ["QST", "9.975", 998],
    ]);
    expect(q.added).toBe(1498);
  });

  it("British Columbia: GST and PST; Alberta: GST alone", () => {
    expect(quote("CAD", "CA", "BC", 10_000).lines.map((l) => [l.name, l.amount])).toEqual([
      ["GST", 500],
      ["PST", 700],
    ]);
    expect(quote("CAD", "CA", "AB", 10_000).lines.map((l) => [l.name, l.amount])).toEqual([["GST", 500]]);
  });

  it("Paris: €29.00 contains VAT 5.5% of 1.51; nothing is added", () => {
    expect(quote("EUR", "FR", null, 2900)).toEqual({
      currency: "EUR",
      lines: [{ name: "VAT", ratePercent: "5.5", amount: 151, currency: "EUR", included: true }],
      added: 0,
      included: 151,
    });
  });

  it("United Kingdom: £25.00 contains VAT 20% of 4.17", () => {
    expect(quote("GBP", "GB", null, 2500).lines).toEqual([
      { name: "VAT", ratePercent: "20", amount: 417, currency: "GBP", included: true },
    ]);
  });

  it("shipping is taxed like the goods: on goods plus shipping, one rounding", () => {
    expect(quote("CAD", "CA", "ON", 9000, 1000).added).toBe(1300);
    expect(quote("GBP", "GB", null, 2000, 500).included).toBe(417);
  });

  it("United States: sales tax in a home state only; a state other than the home states has no lines", () => {
    expect(DEMO_HOME_STATES).toEqual(["WA"]);
    expect(quote("USD", "US", "WA", 10_000).lines).toEqual([
      { name: "Sales tax", ratePercent: "6.5", amount: 650, currency: "USD", included: false },
    ]);
    expect(quote("USD", "US", "CA", 10_000)).toEqual({ currency: "USD", lines: [], added: 0, included: 0 });
    expect(quote("USD", "US", "OR", 10_000).lines).toEqual([]);
    const caHome = rateTableProvider(table, { homeStates: ["ca"] });
    expect(
      caHome.quote({
        currency: "USD",
        destination: { country: "US", region: "CA" },
        goods: 10_000,
        shipping: 0,
      }).added,
    ).toBe(725);
  });

  it("an exempt (0%) row gives no line: New York's supplements", () => {
    const ny = rateTableProvider(table, { homeStates: ["NY"] });
    expect(
      ny.quote({ currency: "USD", destination: { country: "US", region: "NY" }, goods: 5000, shipping: 0 }),
    ).toEqual({
      currency: "USD",
      lines: [],
      added: 0,
      included: 0,
    });
  });

  it("a destination outside the table has no lines", () => {
    expect(quote("USD", "JP", null, 10_000).lines).toEqual([]);
    expect(quote("GBP", "CH", null, 10_000).lines).toEqual([]);
  });

  it("refuses amounts that are not whole minor units, and unknown home states", () => {
    expect(() => quote("USD", "US", "WA", 10.5)).toThrow(/goods must be a whole, non-negative/);
    expect(() => quote("USD", "US", "WA", 100, -1)).toThrow(/shipping must be a whole, non-negative/);
    expect(() => quote("usd", "US", "WA", 100)).toThrow(/Not a currency code/);
    expect(() => rateTableProvider(table, { homeStates: ["ZZ"] })).toThrow(/Unknown home state "ZZ"/);
  });

  it("rounds half-up, exactly, even past the range of floating point", () => {
    expect(addedTax(10_000, 99_750)).toBe(998); // 997.5
    expect(addedTax(1, 500_000)).toBe(1); // 0.5
    expect(includedTax(2500, 200_000)).toBe(417);
    expect(addedTax(9_000_000_000_000_000, 99_750)).toBe(897_750_000_000_000);
  });
});

describe("tax: a line's words in each language", () => {
  it("says the tax, its rate and whether the price includes it", () => {
    const vat = { name: "VAT", ratePercent: "20", included: true } as const;
    const qst = { name: "QST", ratePercent: "9.975", included: false } as const;
    expect(taxLineLabel(vat, "en")).toBe("VAT 20% included");
    expect(taxLineLabel(vat, "es").replace(/\s/g, " ")).toBe("IVA 20 % incluido");
    expect(taxLineLabel(vat, "fr").replace(/\s/g, " ")).toBe("TVA 20 % incluse");
    expect(taxLineLabel(qst, "en")).toBe("QST 9.975%");
    expect(taxLineLabel(qst, "fr").replace(/\s/g, " ")).toBe("TVQ 9,975 %");
  });
});

/** Every place the table taxes: each country, and each of its regions named by a row. */
const destinations = [
  ...new Map(
    table.rates.flatMap((r) => [
      [`${r.country}`, { country: r.country, region: null as string | null }],
      [`${r.country}-${r.region ?? ""}`, { country: r.country, region: r.region ?? null }],
    ]),
  ).values(),
];
const allHomeStates = table.rates.filter((r) => r.country === "US").map((r) => r.region ?? "");
const currencyOf = (country: string) =>
  country === "US" ? "USD" : country === "CA" ? "CAD" : country === "GB" ? "GBP" : "EUR";
const amount = fc.integer({ min: 0, max: 50_000_000 });

describe("tax: properties, for any amounts and every jurisdiction", () => {
  const all = rateTableProvider(table, { homeStates: allHomeStates });
  const arbitraryInput = fc
    .record({ destination: fc.constantFrom(...destinations), goods: amount, shipping: amount })
    .map((x): TaxQuoteInput => ({ ...x, currency: currencyOf(x.destination.country) }));

  it("lines are non-negative whole minor units in the quote's currency; totals are their exact sums", () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const q = all.quote(input);
        for (const l of q.lines) {
          expect(Number.isSafeInteger(l.amount) && l.amount >= 0).toBe(true);
          expect(l.currency).toBe(input.currency);
        }
        const sum = (included: boolean) =>
          q.lines.filter((l) => l.included === included).reduce((s, l) => s + l.amount, 0);
        expect(q.added).toBe(sum(false));
        expect(q.included).toBe(sum(true));
        expect(q.included === 0 || q.added === 0).toBe(true);
      }),
    );
  });

  it("included VAT never exceeds the price, and is within half a minor unit of price × rate / (1 + rate)", () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const price = input.goods + input.shipping;
        for (const l of all.quote(input).lines.filter((l) => l.included)) {
          expect(l.amount).toBeLessThanOrEqual(price);
          const r = rateMillionths(l.ratePercent);
          expect(Math.abs(l.amount - (price * r) / (1_000_000 + r))).toBeLessThanOrEqual(0.5 + 1e-6);
        }
      }),
    );
  });

  it("added tax is within half a minor unit of amount × rate", () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const base = input.goods + input.shipping;
        for (const l of all.quote(input).lines.filter((l) => !l.included))
          expect(Math.abs(l.amount - (base * rateMillionths(l.ratePercent)) / 1_000_000)).toBeLessThanOrEqual(
            0.5 + 1e-6,
          );
      }),
    );
  });

  it("reordering changes nothing: the table's rows, the home states, goods and shipping swapped", () => {
    fc.assert(
      fc.property(
        arbitraryInput,
        fc.shuffledSubarray(table.rates, { minLength: table.rates.length }),
        fc.shuffledSubarray(allHomeStates, { minLength: allHomeStates.length }),
        (input, rates, homeStates) => {
          const shuffled: TaxTable = { ...table, rates };
          const again = rateTableProvider(shuffled, { homeStates }).quote(input);
          expect(again).toEqual(all.quote(input));
          expect(all.quote({ ...input, goods: input.shipping, shipping: input.goods })).toEqual(again);
        },
      ),
    );
  });
});
