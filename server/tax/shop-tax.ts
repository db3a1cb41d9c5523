import taxRates from "../../content/tax-rates.json" with { type: "json" };
import { parseTaxTable, rateTableProvider, type TaxProvider, type TaxTable } from "../../core/tax.ts";

/** The rate table shipped with the shop, content/tax-rates.json, parsed (it is read on the server only). */
export function builtInTaxTable(): TaxTable {
  return parseTaxTable(taxRates);
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
