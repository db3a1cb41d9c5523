/**
 * The figures of a placed order, worked out once: every order view, e-mail and the orders API show what
 * this returns, so they always agree and always sum. Pure: no I/O.
 *
 * Each line: unit price × quantity − subscription discount = line total.
 * The order: subtotal (the line totals) − bundle savings − discount code + shipping + tax = total.
 */

export interface OrderTotalsLineInput {
  quantity: number;
  unitPriceCents: number;
  discountPercent: number;
  lineTotalCents: number;
}

export interface OrderTotalsInput {
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
  /** subtotal − bundle savings − code + gift cards + shipping + tax. */
  totalCents: number;
  /** Paid by gift cards, store credit and points; the card paid `totalCents - tenderedCents`. */
  tenderedCents: number;
  refundedCents: number;
  /** True when the figures above sum to what was charged (the order's stored total). */
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
  const totalCents =
    subtotalCents -
    input.discountCents -
    codeDiscountCents +
    giftCardCents +
    input.shippingCents +
    input.taxCents;
  return {
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
    totalCents,
    refundedCents: input.refundedCents,
    balanced: totalCents === input.totalCents,
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
  kind: "subtotal" | "saving" | "shipping" | "tax" | "total" | "paid";
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
  rows.push({ label: "Tax", key: "orders.figures.tax", cents: t.taxCents, kind: "tax" });
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
