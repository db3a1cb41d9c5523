import { countryRules } from "../../../core/address.ts";
import type { OrderSummaryData } from "../../../core/contracts/checkout.ts";
import type { Currency } from "../../../core/markets.ts";
import { SHOP_CURRENCY } from "../../../core/money.ts";
import {
  rateTableProvider,
  type TaxDestination,
  type TaxProvider,
  type TaxQuote,
  type TaxRow,
} from "../../../core/tax.ts";
import { balancesPayableCents } from "../../../core/tenders.ts";

/**
 * What the checkout page needs to tax any address the shopper may choose, as the server will
 * (server/checkout/start-checkout.ts prices with `priceCart` and the shop's provider): the rate table's rows
 * for the countries the shop ships to, and the home states where US sales tax is charged.
 */
export interface CheckoutTaxRates {
  rows: TaxRow[];
  homeStates: string[];
  /**
   * True when Stripe Tax works the taxes out on Stripe's payment page (TAX_PROVIDER=stripe, decision 050):
   * no rows then, and the page says the tax is calculated there instead of showing a figure.
   */
  atPayment?: boolean;
}

/** The figures the page taxes and pays with: the loader's, before any tax. */
export interface CheckoutFigures {
  /** The summary before tax: its total is goods after savings and code, plus shipping and gift cards bought. */
  summary: OrderSummaryData;
  /** The one-time goods as they cost (after savings and code): what balances may pay besides shipping. */
  oneTimeCents: number;
}

/** The page's provider: the same rate-table provider as the server's, over the rows it was given. */
export function checkoutTaxProvider(rates: CheckoutTaxRates): TaxProvider {
  return rateTableProvider(
    { reviewed: "", note: "", rateFormat: "", rates: rates.rows },
    { homeStates: rates.homeStates },
  );
}

/**
 * Where the order ships, as far as its taxes go, once the address says it: a country, and for a country with
 * regions (US states, Canadian provinces) one of its regions. Null while the address is not that far.
 */
export function taxDestinationOf(address: { country: string; region: string | null }): TaxDestination | null {
  const country = address.country.trim().toUpperCase();
  if (!country) return null;
  const region = (address.region ?? "").trim().toUpperCase();
  const regions = countryRules(country).regions;
  if (regions && !regions[region]) return null;
  return { country, region: region || null };
}

export interface CheckoutTax {
  /** The summary with the taxes: its lines, what they add (`taxCents`), and the total with them. */
  summary: OrderSummaryData;
  /** What the taxes add: the figure the checkout is sent. */
  taxCents: number;
  /** The part of the total gift cards, credit and points may pay (core/tenders.ts). */
  payableCents: number;
}

/**
 * The checkout's taxes for a destination, on the figures `priceCart` taxes: the goods after savings and code
 * (the summary's total less shipping and the gift cards bought, which are not taxed) and the shipping. A
 * cart with no goods (gift cards only) has no taxes, as `priceCart` gives none without lines. Quoted in the
 * order's currency (the shipping country's market's, decision 051), as the checkout quotes it.
 */
export function checkoutTax(
  figures: CheckoutFigures,
  provider: TaxProvider,
  destination: TaxDestination,
  currency: Currency = SHOP_CURRENCY,
): CheckoutTax {
  const { summary, oneTimeCents } = figures;
  const giftCardCents = summary.giftCardCents ?? 0;
  const shippingCents = summary.shippingCents;
  const goods = summary.totalCents - shippingCents - giftCardCents;
  const quote: TaxQuote | null =
    summary.lines.length > 0
      ? provider.quote({ currency, destination, goods, shipping: shippingCents })
      : null;
  const taxCents = quote?.added ?? 0;
  const orderCents = goods + shippingCents + taxCents;
  return {
    summary: {
      ...summary,
      taxCents,
      taxLines: (quote?.lines ?? []).map((l) => ({
        name: l.name,
        ratePercent: l.ratePercent,
        cents: l.amount,
        included: l.included,
      })),
      totalCents: orderCents + giftCardCents,
    },
    taxCents,
    payableCents: balancesPayableCents(oneTimeCents, { shippingCents, taxCents, totalCents: orderCents }),
  };
}
