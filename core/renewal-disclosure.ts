/**
 * The automatic-renewal disclosure shown beside the pay button and consented to with its own checkbox
 * (docs/decisions/042-renewal-consent-at-checkout.md). Pure: the checkout page and the server build it from
 * the same priced lines, terms and day, so the server can rebuild the exact text the page showed and keep it
 * with the consent. The fixed wording is the owner's, in content/legal/renewal-terms.json.
 */
import renewalTerms from "../content/legal/renewal-terms.json" with { type: "json" };
import type { Currency } from "./markets.ts";
import { formatMoney as formatIn } from "./money.ts";
import { type PromoTerms, startingPromo } from "./renewal-promo.ts";
import { addMonths, PRICE_NOTICE_MIN_DAYS } from "./subscription-rules.ts";

export interface RenewalTerms {
  /** Bumped by the owner whenever the wording changes; kept with every consent. */
  version: string;
  heading: string;
  intro: string;
  /** One line per subscription: {product}, {price}. */
  item: string;
  /**
   * A subscription a discount code carries into its first renewals (core/renewal-promo.ts): {product},
   * {price} (discounted), {renewals} (`firstRenewal` or `firstRenewals`), {code}, {fullPrice}.
   */
  discountedItem: string;
  /** One the code discounts at every renewal: {product}, {price}, {code}, {fullPrice}. */
  discountedItemEvery: string;
  /** Shown with more than one subscription: {price}. */
  total: string;
  /** The total while the code's first renewals are discounted: {price}, {renewals}, {fullPrice}. */
  discountedTotal: string;
  firstRenewal: string;
  /** {count}: more than one. */
  firstRenewals: string;
  /**
   * What each renewal adds to the prices above: the taxes of the address it ships to at renewal time
   * (decision 050), said whatever the address, as the disclosure is built before the page knows it.
   */
  tax: string;
  /** {date}: the first renewal's day. */
  firstCharge: string;
  /** {days}: how long before a new price is charged the subscriber is told (decision 043). */
  priceChange: string;
  cancel: string;
  checkbox: string;
}

export const RENEWAL_TERMS: RenewalTerms = renewalTerms;

/** A line of the cart or order as priced by the server (server/orders/price-order.ts). */
export interface RenewalLine {
  productName: string;
  quantity: number;
  isSubscription: boolean;
  bundleName: string | null;
  lineTotalCents: number;
  /** The line's share of its stack's saving. */
  savingCents: number;
  /** The line's share of the cart's discount code (0 or absent: none). */
  codeCents?: number;
}

export interface RenewalDisclosure {
  termsVersion: string;
  heading: string;
  intro: string;
  items: string[];
  /** The sum of every renewal, when there is more than one subscription. */
  total: string | null;
  /** The taxes each renewal adds (the owner's `tax`). */
  tax: string;
  firstCharge: string;
  priceChange: string;
  cancel: string;
  checkbox: string;
  /** The day the first renewal is charged for a payment made on the day the disclosure was built (ISO date). */
  firstRenewalDate: string;
  /** Everything above the checkbox as one text: what is shown, hashed and kept with the consent. */
  text: string;
}

/**
 * What one renewal of a subscription line charges: the line less its share of its stack's saving, shipped
 * free. The paid path stores exactly this as the subscription's amount (server/checkout/record-payment.ts).
 */
export function renewalCents(line: Pick<RenewalLine, "lineTotalCents" | "savingCents">): number {
  return line.lineTotalCents - line.savingCents;
}

/**
 * The first renewal's day: one calendar month after the payment, as the paid path sets a new subscription's
 * `next_billing_date` (the payment's time plus one month).
 */
export function firstRenewalDate(paidAt: Date): Date {
  return addMonths(paidAt, 1);
}

const LONG_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

function productLabel(line: RenewalLine): string {
  const name = line.quantity > 1 ? `${line.quantity} x ${line.productName}` : line.productName;
  return line.bundleName ? `${name} (in the ${line.bundleName})` : name;
}

/**
 * The disclosure for the cart's subscription lines, or null when it has none (no consent is asked).
 * `now` is the day the customer is shown it: the first renewal is charged one month after paying. `code`
 * is the discount code the cart's price applies (null: none): when it carries into renewals, each line it
 * discounted says what its discounted renewals charge, for how many, and the price after them, exactly as
 * the paid path will store it (core/renewal-promo.ts `startingPromo`).
 */
export function renewalDisclosure(
  lines: readonly RenewalLine[],
  now: Date,
  terms: RenewalTerms = RENEWAL_TERMS,
  code: PromoTerms | null = null,
  /** The currency the subscriptions are bought and renewed in (decision 051); US dollars by default. */
  currency: Currency = "USD",
): RenewalDisclosure | null {
  const formatMoney = (cents: number) => formatIn(cents, currency);
  const renewing = lines.filter((l) => l.isSubscription);
  if (renewing.length === 0) return null;
  const priced = renewing.map((l) => {
    const full = renewalCents(l);
    const promo = startingPromo(code, l.codeCents ?? 0, full);
    return { line: l, full, discounted: full - promo.promoCents, promo };
  });
  const discounting = priced.find((p) => p.promo.promoCents > 0)?.promo ?? null;
  const renewals = (count: number) =>
    count === 1 ? terms.firstRenewal : fill(terms.firstRenewals, { count: String(count) });
  const items = priced.map(({ line, full, discounted, promo }) => {
    const product = productLabel(line);
    if (promo.promoCents <= 0 || !promo.promoCode)
      return fill(terms.item, { product, price: formatMoney(full) });
    const values = {
      product,
      price: formatMoney(discounted),
      code: promo.promoCode,
      fullPrice: formatMoney(full),
    };
    return promo.promoRenewalsLeft === null
      ? fill(terms.discountedItemEvery, values)
      : fill(terms.discountedItem, { ...values, renewals: renewals(promo.promoRenewalsLeft) });
  });
  const sum = priced.reduce((cents, p) => cents + p.full, 0);
  const sumDiscounted = priced.reduce((cents, p) => cents + p.discounted, 0);
  const total =
    renewing.length <= 1
      ? null
      : discounting && discounting.promoRenewalsLeft !== null
        ? fill(terms.discountedTotal, {
            price: formatMoney(sumDiscounted),
            renewals: renewals(discounting.promoRenewalsLeft),
            fullPrice: formatMoney(sum),
          })
        : fill(terms.total, { price: formatMoney(sumDiscounted) });
  const first = firstRenewalDate(now);
  const firstCharge = fill(terms.firstCharge, { date: LONG_DATE.format(first) });
  const priceChange = fill(terms.priceChange, { days: String(PRICE_NOTICE_MIN_DAYS) });
  const text = [
    terms.heading,
    terms.intro,
    ...items.map((i) => `- ${i}`),
    ...(total ? [total] : []),
    terms.tax,
    firstCharge,
    priceChange,
    terms.cancel,
  ].join("\n");
  return {
    termsVersion: terms.version,
    heading: terms.heading,
    intro: terms.intro,
    items,
    total,
    tax: terms.tax,
    firstCharge,
    priceChange,
    cancel: terms.cancel,
    checkbox: terms.checkbox,
    firstRenewalDate: first.toISOString().slice(0, 10),
    text,
  };
}
