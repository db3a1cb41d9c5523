import type { ShippingAddress } from "../../core/address.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import type { TaxLine, TaxName, TaxProvider, TaxQuote } from "../../core/tax.ts";
import type { BillingTax, ChargedTax } from "../payments/provider.ts";
import type { SubscriptionRow } from "./subscription-rows.ts";

type Taxed = Pick<SubscriptionRow, "currency" | "shippingAddress">;

/**
 * The taxes of one renewal (decision 050): the shop's tax provider quotes the subscription's shipping address
 * as it is at renewal time, in the subscription's currency (decision 051), on the goods it charges (its
 * locked amount less any discount code's part) and no shipping (renewals ship free). A subscription without
 * an address is quoted nothing.
 */
export function renewalTaxQuote(tax: TaxProvider, sub: Taxed, goodsCents: number): TaxQuote {
  const currency = storedCurrency(sub.currency);
  const address = sub.shippingAddress;
  if (!address) return { currency, lines: [], added: 0, included: 0 };
  return tax.quote({
    currency,
    destination: { country: address.country, region: address.region },
    goods: Math.max(0, goodsCents),
    shipping: 0,
  });
}

/** What a renewal adds on top of `goodsCents`, at the subscription's address: 0 where nothing is added. */
export function renewalAddedTax(tax: TaxProvider, sub: Taxed, goodsCents: number): number {
  return renewalTaxQuote(tax, sub, goodsCents).added;
}

const NATIONAL: readonly TaxName[] = ["GST", "VAT"];

/**
 * The taxes Stripe Billing charges a subscription's renewals (as its tax rates): each line of the quote at
 * the subscription's address, added or included, with the place it is due in.
 */
export function billingTaxesOf(tax: TaxProvider, sub: Taxed): BillingTax[] {
  const address: ShippingAddress | null = sub.shippingAddress;
  if (!address) return [];
  // Any amount's quote names every tax of the place; the amounts are Stripe's to compute on each invoice.
  return renewalTaxQuote(tax, sub, 100).lines.map((l: TaxLine) => ({
    name: l.name,
    ratePercent: l.ratePercent,
    included: l.included,
    country: address.country.toUpperCase(),
    // GST and VAT are the country's; the others (HST, PST, QST, a state's sales tax) the region's.
    region: NATIONAL.includes(l.name) || !address.region ? null : address.region.toUpperCase(),
  }));
}

/** A quote's lines as a renewal order records them. */
export function chargedTaxes(quote: TaxQuote): ChargedTax[] {
  return quote.lines.map((l) => ({
    name: l.name,
    ratePercent: l.ratePercent,
    amountCents: l.amount,
    included: l.included,
  }));
}
