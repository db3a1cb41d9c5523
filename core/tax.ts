/**
 * Tax on an order: the lines a checkout shows and the amount it adds, in the order's currency. Pure: no I/O.
 * A provider quotes from a destination and the taxable amounts; the built-in one (`rateTableProvider`)
 * reads the owner's rate table, content/tax-rates.json. Every amount is an integer in minor units (cents,
 * pence) of the quote's one currency.
 *
 * The rules of the built-in provider:
 * - United Kingdom and European Union: VAT is included in the shown price. The line states the VAT the price
 *   contains (price × rate / (1 + rate)); the price stays the same and nothing is added.
 * - Canada: GST, plus the province's PST or QST, or HST in its place: each its own line, added.
 * - United States: the state's sales tax, added, only where the shop has a home state (nexus).
 * - Anywhere else: no lines.
 * - Shipping is taxed like the goods it carries: the same taxes at the same rates, on goods plus shipping.
 * - Each line is rounded once, half-up, to the minor unit; the amount added is exactly the sum of the added
 *   lines, the amount included exactly the sum of the included ones.
 */
import { z } from "zod";
import { CA_PROVINCES, US_STATES } from "./address.ts";
import type { Locale } from "./i18n/locales.ts";

/** The names a tax line can carry, as an order line shows them in English. */
export const TAX_NAMES = ["VAT", "GST", "HST", "PST", "QST", "Sales tax"] as const;
export type TaxName = (typeof TAX_NAMES)[number];

/** The member states of the European Union (ISO 3166-1 alpha-2: Greece is GR). */
export const EU_COUNTRIES: readonly string[] = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
];

/** The countries a rate table may name: the United States, Canada, the United Kingdom (GB) and the EU. */
export const TAX_COUNTRIES: readonly string[] = ["US", "CA", "GB", ...EU_COUNTRIES];

/** The regions a row may name, per country; a country not listed takes country-wide rows only. */
const REGIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  US: US_STATES,
  CA: CA_PROVINCES,
};

/** The home states of the demo shop: where it charges US sales tax until the owner configures its own. */
export const DEMO_HOME_STATES: readonly string[] = ["WA"];

/** One millionth is the unit of a rate: 1% = 10,000, so 9.975% = 99,750 exactly. */
const RATE_UNIT = 1_000_000;
const RATE_PERCENT = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/** A percent string ("20", "9.975": at most 4 decimals) as an exact integer of millionths. */
export function rateMillionths(ratePercent: string): number {
  const m = RATE_PERCENT.exec(ratePercent);
  if (!m) throw new RangeError(`Not a rate: "${ratePercent}"`);
  return Number(m[1]) * 10_000 + Number((m[2] ?? "").padEnd(4, "0"));
}

/** The percent string without trailing zeros: "20.00" → "20", "5.50" → "5.5". */
function canonicalPercent(ratePercent: string): string {
  const units = rateMillionths(ratePercent);
  const fraction = String(units % 10_000)
    .padStart(4, "0")
    .replace(/0+$/, "");
  return fraction ? `${Math.floor(units / 10_000)}.${fraction}` : String(Math.floor(units / 10_000));
}

/** `numerator / denominator` rounded half-up, both non-negative, the denominator above zero; exact. */
function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** The tax on a price that does not contain it: amount × rate, rounded half-up. */
export function addedTax(amount: number, rate: number): number {
  return roundHalfUp(BigInt(amount) * BigInt(rate), BigInt(RATE_UNIT));
}

/**
 * The part of a price that is one tax, when the price contains taxes at `includedRates` in all: amount ×
 * rate / (1 + sum of the included rates), rounded half-up. Never more than the price.
 */
export function includedTax(amount: number, rate: number, includedRates = rate): number {
  return roundHalfUp(BigInt(amount) * BigInt(rate), BigInt(RATE_UNIT + includedRates));
}

// ---------------------------------------------------------------------------------------------------------
// The rate table

// The schemas are built on first parse, not when the module loads: the checkout page imports this module, and
// building a zod object in a browser probes `new Function`, which the shop's CSP reports as a violation.
const rowSchema = () =>
  z.strictObject({
    country: z.string({ error: "country is required" }),
    region: z.string().optional(),
    name: z.enum(TAX_NAMES, { error: `name must be one of ${TAX_NAMES.join(", ")}` }),
    ratePercent: z
      .string({ error: 'ratePercent must be a string of a percent, e.g. "20" or "9.975"' })
      .refine((v) => !v.trim().startsWith("-"), { message: "ratePercent cannot be negative", abort: true })
      .refine((v) => RATE_PERCENT.test(v), {
        message: 'ratePercent must be a percent with at most 4 decimals, e.g. "20" or "9.975"',
        abort: true,
      })
      .refine((v) => rateMillionths(v) <= 100 * 10_000, "ratePercent cannot exceed 100"),
    included: z.boolean({ error: "included must be true (in the shown price) or false (added at checkout)" }),
    replaces: z.array(z.enum(TAX_NAMES)).optional(),
    category: z.string().min(1, "category is required"),
    source: z.string().min(1, "source is required"),
  });

export type TaxRow = z.infer<ReturnType<typeof rowSchema>>;

/**
 * The owner's rate table (content/tax-rates.json). A row names its country (ISO 3166-1 alpha-2) and, for a
 * tax of one state or province, its region; the tax's name; its rate as a percent string; whether shown
 * prices include it; the taxes of the whole country it stands in for (`replaces`); what it covers and where
 * the rate comes from. A table is refused with a message per fault: a country outside the shop's tax
 * countries, a region unknown to its country, a negative or malformed rate, the same tax twice for one
 * place, a `replaces` naming no country-wide tax of its country, or one country's taxes differing in
 * whether prices include them.
 */
const tableSchema = () =>
  z
    .strictObject({
      reviewed: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "reviewed must be a date, YYYY-MM-DD"),
      note: z.string(),
      rateFormat: z.string(),
      rates: z.array(rowSchema()).min(1, "rates must list at least one rate"),
    })
    .superRefine((table, ctx) => {
      const seen = new Map<string, number>();
      const included = new Map<string, boolean>();
      table.rates.forEach((row, i) => {
        const at = (field: string) => ["rates", i, field];
        if (!TAX_COUNTRIES.includes(row.country)) {
          ctx.addIssue({
            code: "custom",
            path: at("country"),
            message: `Unknown country code "${row.country}": use one of ${TAX_COUNTRIES.join(", ")}`,
          });
          return;
        }
        const regions = REGIONS[row.country];
        if (row.region !== undefined && !regions?.[row.region]) {
          ctx.addIssue({
            code: "custom",
            path: at("region"),
            message: regions
              ? `Unknown region "${row.region}" of ${row.country}`
              : `${row.country} takes no region: its rates apply to the whole country`,
          });
        }
        const key = `${row.country}${row.region ? `-${row.region}` : ""} ${row.name}`;
        const first = seen.get(key);
        if (first !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: at("name"),
            message: `Duplicate rate: ${key} is in rates ${first} and ${i}`,
          });
        } else seen.set(key, i);
        const countryIncluded = included.get(row.country);
        if (countryIncluded !== undefined && countryIncluded !== row.included) {
          ctx.addIssue({
            code: "custom",
            path: at("included"),
            message: `The taxes of ${row.country} must all be included in the price, or all added`,
          });
        } else included.set(row.country, row.included);
        for (const name of row.replaces ?? []) {
          if (
            !table.rates.some((r) => r.country === row.country && r.region === undefined && r.name === name)
          ) {
            ctx.addIssue({
              code: "custom",
              path: at("replaces"),
              message: `${key} replaces ${name}, which ${row.country} has no country-wide rate for`,
            });
          }
        }
      });
    });

export type TaxTable = z.infer<ReturnType<typeof tableSchema>>;

let builtTableSchema: ReturnType<typeof tableSchema> | undefined;

/** Parses a rate table or throws an Error listing every fault (`rates.3.country: Unknown country …`). */
export function parseTaxTable(value: unknown): TaxTable {
  builtTableSchema ??= tableSchema();
  const parsed = builtTableSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const faults = parsed.error.issues.map((i) => `${i.path.join(".") || "table"}: ${i.message}`);
  throw new Error(`Invalid tax rate table: ${faults.join("; ")}`);
}

// ---------------------------------------------------------------------------------------------------------
// Quotes

/** One tax on an order, as its line shows it. */
export interface TaxLine {
  name: TaxName;
  /** The rate as a percent string without trailing zeros: "20", "5.5", "9.975". */
  ratePercent: string;
  /** Minor units of `currency`, never negative. */
  amount: number;
  currency: string;
  /** True when the shown price contains this tax (VAT): it is shown, not added. */
  included: boolean;
}

export interface TaxDestination {
  /** ISO 3166-1 alpha-2, e.g. "GB" for the United Kingdom. */
  country: string;
  /** A state or province code in the United States and Canada ("NY", "QC"); otherwise ignored. */
  region?: string | null;
}

export interface TaxQuoteInput {
  /** ISO 4217 code of every amount here and in the quote. */
  currency: string;
  destination: TaxDestination;
  /** The goods after every discount, in minor units. */
  goods: number;
  /** Shipping as charged, in minor units. */
  shipping: number;
}

export interface TaxQuote {
  currency: string;
  lines: TaxLine[];
  /** What the taxes add to the order: the sum of the lines not included (0 when all are included). */
  added: number;
  /** The tax the shown prices already contain: the sum of the included lines. */
  included: number;
}

export interface TaxProvider {
  quote(input: TaxQuoteInput): TaxQuote;
}

export interface RateTableOptions {
  /** The US states where the shop collects sales tax (its nexus); nowhere else in the US is taxed. */
  homeStates: readonly string[];
}

/** A quote's amounts: non-negative safe integers, and a three-letter currency; throws otherwise. */
function checkInput(input: TaxQuoteInput): void {
  if (!/^[A-Z]{3}$/.test(input.currency)) throw new RangeError(`Not a currency code: "${input.currency}"`);
  for (const [field, v] of [
    ["goods", input.goods],
    ["shipping", input.shipping],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0)
      throw new RangeError(`${field} must be a whole, non-negative number of minor units: ${v}`);
  }
}

/**
 * The rows of a table that tax a destination: the country's country-wide rows and its region's rows, less
 * those a regional row replaces; in the United States, only in a home state. A 0% row (exempt) gives no line.
 * Country-wide taxes come first, then regional ones, each by name, whatever the table's order.
 */
export function rowsFor(
  table: TaxTable,
  destination: TaxDestination,
  homeStates: readonly string[],
): TaxRow[] {
  const country = destination.country.trim().toUpperCase();
  const region = destination.region?.trim().toUpperCase() ?? "";
  if (country === "US" && !homeStates.includes(region)) return [];
  const matching = table.rates.filter(
    (r) => r.country === country && (r.region === undefined || r.region === region),
  );
  const replaced = new Set(matching.flatMap((r) => (r.region === undefined ? [] : (r.replaces ?? []))));
  return matching
    .filter((r) => !(r.region === undefined && replaced.has(r.name)) && rateMillionths(r.ratePercent) > 0)
    .sort(
      (a, b) =>
        Number(a.region !== undefined) - Number(b.region !== undefined) || a.name.localeCompare(b.name),
    );
}

/**
 * The built-in provider: taxes from `table` (see this module's rules). The home states are the US states
 * where the shop collects sales tax; an unknown state code is refused.
 */
export function rateTableProvider(table: TaxTable, options: RateTableOptions): TaxProvider {
  const homeStates = options.homeStates.map((s) => s.trim().toUpperCase());
  for (const s of homeStates) if (!US_STATES[s]) throw new RangeError(`Unknown home state "${s}"`);
  return {
    quote(input) {
      checkInput(input);
      const base = input.goods + input.shipping;
      const rows = rowsFor(table, input.destination, homeStates);
      const includedRates = rows
        .filter((r) => r.included)
        .reduce((sum, r) => sum + rateMillionths(r.ratePercent), 0);
      const lines = rows.map((r): TaxLine => {
        const rate = rateMillionths(r.ratePercent);
        return {
          name: r.name,
          ratePercent: canonicalPercent(r.ratePercent),
          amount: r.included ? includedTax(base, rate, includedRates) : addedTax(base, rate),
          currency: input.currency,
          included: r.included,
        };
      });
      const sum = (included: boolean) =>
        lines.filter((l) => l.included === included).reduce((total, l) => total + l.amount, 0);
      return { currency: input.currency, lines, added: sum(false), included: sum(true) };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Words

/** Each tax's name in the shop's languages (Canada's in French are its official ones). */
const TAX_WORDS: Record<TaxName, Record<Locale, string>> = {
  VAT: { en: "VAT", es: "IVA", fr: "TVA" },
  GST: { en: "GST", es: "GST", fr: "TPS" },
  HST: { en: "HST", es: "HST", fr: "TVH" },
  PST: { en: "PST", es: "PST", fr: "TVP" },
  QST: { en: "QST", es: "QST", fr: "TVQ" },
  "Sales tax": { en: "Sales tax", es: "Impuesto sobre las ventas", fr: "Taxe de vente" },
};

/** "included" as each language says it of a tax (masculine impuesto in Spanish, feminine taxe in French). */
const INCLUDED: Record<Locale, string> = { en: "included", es: "incluido", fr: "incluse" };

/** A tax line's words in a language: "VAT 20% included", "IVA 20 % incluido", "TVQ 9,975 %". */
export function taxLineLabel(
  line: Pick<TaxLine, "name" | "ratePercent" | "included">,
  locale: Locale,
): string {
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 4 }).format(
    rateMillionths(line.ratePercent) / RATE_UNIT,
  );
  const words = `${TAX_WORDS[line.name][locale]} ${percent}`;
  return line.included ? `${words} ${INCLUDED[locale]}` : words;
}
