/**
 * The automatic-renewal disclosure shown beside the pay button and consented to with its own checkbox
 * (docs/decisions/042-renewal-consent-at-checkout.md). Pure: the checkout page and the server build it from
 * the same priced lines, terms and day, so the server can rebuild the exact text the page showed and keep it
 * with the consent. The fixed wording is the owner's, in content/legal/renewal-terms.json.
 */
import renewalTerms from "../content/legal/renewal-terms.json" with { type: "json" };
import { formatMoney } from "./money.ts";
import { addMonths, PRICE_NOTICE_MIN_DAYS } from "./subscription-rules.ts";

export interface RenewalTerms {
  /** Bumped by the owner whenever the wording changes; kept with every consent. */
  version: string;
  heading: string;
  intro: string;
  /** One line per subscription: {product}, {price}. */
  item: string;
  /** Shown with more than one subscription: {price}. */
  total: string;
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
}

export interface RenewalDisclosure {
  termsVersion: string;
  heading: string;
  intro: string;
  items: string[];
  /** The sum of every renewal, when there is more than one subscription. */
  total: string | null;
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
 * `now` is the day the customer is shown it: the first renewal is charged one month after paying.
 */
export function renewalDisclosure(
  lines: readonly RenewalLine[],
  now: Date,
  terms: RenewalTerms = RENEWAL_TERMS,
): RenewalDisclosure | null {
  const renewing = lines.filter((l) => l.isSubscription);
  if (renewing.length === 0) return null;
  const items = renewing.map((l) =>
    fill(terms.item, { product: productLabel(l), price: formatMoney(renewalCents(l)) }),
  );
  const sum = renewing.reduce((cents, l) => cents + renewalCents(l), 0);
  const total = renewing.length > 1 ? fill(terms.total, { price: formatMoney(sum) }) : null;
  const first = firstRenewalDate(now);
  const firstCharge = fill(terms.firstCharge, { date: LONG_DATE.format(first) });
  const priceChange = fill(terms.priceChange, { days: String(PRICE_NOTICE_MIN_DAYS) });
  const text = [
    terms.heading,
    terms.intro,
    ...items.map((i) => `- ${i}`),
    ...(total ? [total] : []),
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
    firstCharge,
    priceChange,
    cancel: terms.cancel,
    checkbox: terms.checkbox,
    firstRenewalDate: first.toISOString().slice(0, 10),
    text,
  };
}
