/**
 * The figures of a placed order, worked out once: every order view, e-mail and the orders API show what
 * this returns, so they always agree and always sum. Pure: no I/O.
 *
 * Each line: unit price × quantity − subscription discount = line total.
 * The order: subtotal (the line totals) − bundle savings − discount code + shipping + tax = total.
 * Tax is the sum of the order's added tax lines (core/tax.ts); a tax the prices contain (VAT) is shown as
 * its own line but is not added.
 * Every amount is in the order's one currency (`currency`), never summed with another (decision 051).
 */
import type { Locale } from "./i18n/locales.ts";
import { BASE_CURRENCY, type Currency, currencyOf } from "./markets.ts";
import { TAX_NAMES, type TaxName, taxLineLabel } from "./tax.ts";

/** One tax of a placed order, as stored in `order_tax_lines`: in the order's currency, in its minor unit. */
export interface OrderTaxLine {
  name: string;
  /** The rate as a decimal percent string ("13", "9.975"). */
  ratePercent: string;
  cents: number;
  /** True: a tax the prices contain (VAT), shown but not added. */
  included: boolean;
}

export interface OrderTotalsLineInput {
  quantity: number;
  unitPriceCents: number;
  discountPercent: number;
  lineTotalCents: number;
}

/**
 * A stored currency ("cad", as orders, subscriptions and gift cards keep it) as the one its amounts are
 * shown in ("CAD"); a row without one, or with one the shop does not sell in, is in US dollars, as every
 * amount was before markets (docs/decisions/051-markets-and-currencies.md).
 */
export function storedCurrency(stored: string | null | undefined): Currency {
  return currencyOf(stored) ?? BASE_CURRENCY;
}

export interface OrderTotalsInput {
  /** The order's currency as stored ("usd", "cad"); none: US dollars. */
  currency?: string | null;
  lines: OrderTotalsLineInput[];
  /** Bundle savings: the order's `discount_cents`. */
  discountCents: number;
  /** The discount code's reduction and the code (orders placed before codes have neither). */
  codeDiscountCents?: number;
  discountCode?: string | null;
  /** Gift cards bought with the order, and what gift cards, store credit and points paid of it. */
  giftCardCents?: number;
  tenderedCents?: number;
  shippingCents: number;
  taxCents: number;
  /** The taxes one by one, in their order; none for an order placed before taxes were itemised. */
  taxLines?: OrderTaxLine[];
  /** What was charged, as stored on the order. */
  totalCents: number;
  refundedCents: number;
}

export interface LineFigures {
  unitCents: number;
  quantity: number;
  /** Unit price × quantity, before the subscription discount. */
  listCents: number;
  discountPercent: number;
  /** What the subscription discount takes off this line (0 for a one-time line). */
  subscriptionDiscountCents: number;
  lineCents: number;
}

export interface OrderTotals {
  /** The currency every amount below is in: format them with `formatMoney(cents, currency)`. */
  currency: Currency;
  lines: LineFigures[];
  /** The sum of the line totals (subscription discounts already taken off). */
  subtotalCents: number;
  /** What the subscription discounts took off, for the summary's "you saved" line. */
  subscriptionSavingsCents: number;
  bundleSavingsCents: number;
  codeDiscountCents: number;
  discountCode: string | null;
  giftCardCents: number;
  shippingCents: number;
  taxCents: number;
  /** The taxes one by one (empty: none, or an order placed before they were itemised: its `taxCents`). */
  taxLines: OrderTaxLine[];
  /** subtotal − bundle savings − code + gift cards + shipping + tax. */
  totalCents: number;
  /** Paid by gift cards, store credit and points; the card paid `totalCents - tenderedCents`. */
  tenderedCents: number;
  refundedCents: number;
  /**
   * True when the figures above sum to what was charged (the order's stored total) and, when the order has
   * tax lines, its added ones sum to its tax.
   */
  balanced: boolean;
}

export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const lines = input.lines.map((l) => {
    const listCents = l.unitPriceCents * l.quantity;
    return {
      unitCents: l.unitPriceCents,
      quantity: l.quantity,
      listCents,
      discountPercent: l.discountPercent,
      subscriptionDiscountCents: listCents - l.lineTotalCents,
      lineCents: l.lineTotalCents,
    };
  });
  const subtotalCents = lines.reduce((sum, l) => sum + l.lineCents, 0);
  const codeDiscountCents = input.codeDiscountCents ?? 0;
  const giftCardCents = input.giftCardCents ?? 0;
  const taxLines = input.taxLines ?? [];
  const addedTaxCents = taxLines.filter((l) => !l.included).reduce((sum, l) => sum + l.cents, 0);
  const totalCents =
    subtotalCents -
    input.discountCents -
    codeDiscountCents +
    giftCardCents +
    input.shippingCents +
    input.taxCents;
  return {
    currency: storedCurrency(input.currency),
    lines,
    subtotalCents,
    subscriptionSavingsCents: lines.reduce((sum, l) => sum + l.subscriptionDiscountCents, 0),
    bundleSavingsCents: input.discountCents,
    codeDiscountCents,
    discountCode: input.discountCode ?? null,
    giftCardCents,
    tenderedCents: input.tenderedCents ?? 0,
    shippingCents: input.shippingCents,
    taxCents: input.taxCents,
    taxLines,
    totalCents,
    refundedCents: input.refundedCents,
    balanced: totalCents === input.totalCents && (taxLines.length === 0 || addedTaxCents === input.taxCents),
  };
}

export interface SummaryRow {
  /** In English; `key` and `values` name the same words in the shop's messages (area `orders`). */
  label: string;
  key: string;
  values?: Record<string, string>;
  /** Signed: savings are negative. */
  cents: number;
  /** How the amount is written: "Free" for shipping that costs nothing (`orders.figures.free`). */
  display?: string;
  /**
   * `taxIncluded`: a tax the prices contain (VAT), shown for what it is but not part of the sum; every
   * other row above the total sums to it.
   */
  kind: "subtotal" | "saving" | "shipping" | "tax" | "taxIncluded" | "total" | "paid";
}

/**
 * A stored tax line's words in a language ("HST 13%", "TVQ 9,975 %", "VAT 20% included"); a name the shop
 * no longer knows is written as stored, its rate as the table gave it.
 */
export function taxLineWords(line: Omit<OrderTaxLine, "cents">, locale: Locale): string {
  if (!(TAX_NAMES as readonly string[]).includes(line.name))
    return `${line.name} ${line.ratePercent}%${line.included ? " included" : ""}`;
  return taxLineLabel({ ...line, name: line.name as TaxName }, locale);
}

/**
 * A tax line's message values: its name ("sales" for Sales tax: a message's select needs a name without
 * a space) and its rate as whole and fraction digits ("none": a whole percent), so each language writes the
 * rate with its own decimal sign, as `taxLineLabel` does.
 */
function taxLineValues(line: OrderTaxLine): Record<string, string> {
  const [whole = "0", fraction = ""] = line.ratePercent.split(".");
  return {
    name: line.name === "Sales tax" ? "sales" : line.name,
    whole: String(Number(whole)),
    fraction: fraction.replace(/0+$/, "") || "none",
  };
}

/**
 * The tax rows: one per tax when the order has its lines ("HST 13%"; "VAT 20% included", shown and not
 * counted), else the one "Tax" row of orders placed before.
 */
export function taxRows(t: Pick<OrderTotals, "taxCents" | "taxLines">): SummaryRow[] {
  if (t.taxLines.length === 0)
    return [{ label: "Tax", key: "orders.figures.tax", cents: t.taxCents, kind: "tax" }];
  return t.taxLines.map((l) => ({
    label: taxLineWords(l, "en"),
    key: l.included ? "orders.figures.taxLineIncluded" : "orders.figures.taxLine",
    values: taxLineValues(l),
    cents: l.cents,
    kind: l.included ? "taxIncluded" : "tax",
  }));
}

/** The rows under an order's lines, in the order every view and e-mail lists them. */
export function summaryRows(t: OrderTotals): SummaryRow[] {
  const rows: SummaryRow[] = [
    { label: "Subtotal", key: "orders.figures.subtotal", cents: t.subtotalCents, kind: "subtotal" },
  ];
  if (t.bundleSavingsCents > 0)
    rows.push({
      label: "Bundle savings",
      key: "orders.figures.bundleSavings",
      cents: -t.bundleSavingsCents,
      kind: "saving",
    });
  if (t.codeDiscountCents > 0)
    rows.push(
      t.discountCode
        ? {
            label: `Discount (${t.discountCode})`,
            key: "orders.figures.discountCode",
            values: { code: t.discountCode },
            cents: -t.codeDiscountCents,
            kind: "saving",
          }
        : { label: "Discount", key: "orders.figures.discount", cents: -t.codeDiscountCents, kind: "saving" },
    );
  if (t.giftCardCents > 0)
    rows.push({
      label: "Gift cards",
      key: "orders.figures.giftCards",
      cents: t.giftCardCents,
      kind: "subtotal",
    });
  // A free-shipping code's saving is the shipping line: it names the code.
  const freeByCode = t.discountCode && t.codeDiscountCents === 0 && t.shippingCents === 0;
  rows.push({
    ...(freeByCode && t.discountCode
      ? {
          label: `Shipping (${t.discountCode})`,
          key: "orders.figures.shippingCode",
          values: { code: t.discountCode },
        }
      : { label: "Shipping", key: "orders.figures.shipping" }),
    cents: t.shippingCents,
    kind: "shipping",
    ...(t.shippingCents === 0 ? { display: "Free" } : {}),
  });
  rows.push(...taxRows(t));
  rows.push({ label: "Total", key: "orders.figures.total", cents: t.totalCents, kind: "total" });
  if (t.tenderedCents > 0) {
    rows.push({
      label: "Paid with gift cards, credit or points",
      key: "orders.figures.tendered",
      cents: -t.tenderedCents,
      kind: "paid",
    });
    rows.push({
      label: "Paid by card",
      key: "orders.figures.paidByCard",
      cents: t.totalCents - t.tenderedCents,
      kind: "paid",
    });
  }
  return rows;
}

export type PaymentState = "unpaid" | "paid" | "partially_refunded" | "refunded";

/** Whether the order was paid and how much of it went back: "Paid", "Refunded $12.00 of $69.95", … */
export function paymentState(order: {
  paidAt: unknown;
  totalCents: number;
  refundedCents: number;
}): PaymentState {
  if (!order.paidAt) return "unpaid";
  if (order.refundedCents <= 0) return "paid";
  return order.refundedCents >= order.totalCents ? "refunded" : "partially_refunded";
}
