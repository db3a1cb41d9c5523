import taxRates from "../../content/tax-rates.json" with { type: "json" };
import { parseTaxTable, rateTableProvider, type TaxProvider, type TaxTable } from "../../core/tax.ts";

let table: TaxTable | undefined;

/**
 * The rate table shipped with the shop, content/tax-rates.json, parsed once per process (the server's start
 * parses it first: server/services.ts); read on the server only.
 */
export function builtInTaxTable(): TaxTable {
  table ??= parseTaxTable(taxRates);
  return table;
}

const providers = new Map<string, TaxProvider>();

/**
 * The shop's tax provider: the rate table shipped in content/tax-rates.json, charging US sales tax in the
 * given home states only (TAX_HOME_STATES). Parsed once per set of home states, not per request.
 */
export function shopTaxProvider(homeStates: readonly string[]): TaxProvider {
  const key = homeStates.join(",");
  let provider = providers.get(key);
  if (!provider) {
    provider = rateTableProvider(builtInTaxTable(), { homeStates });
    providers.set(key, provider);
  }
  return provider;
}
