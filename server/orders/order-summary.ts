import type { OrderSummaryData } from "../../core/contracts/checkout.ts";
import { type OrderTaxLine, orderTotals } from "../../core/order-totals.ts";
import type { Product } from "../catalogue.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";
import type { PricedOrder } from "./price-order.ts";

/** The summary of a cart about to be ordered, as priced from the catalogue. */
export function pricedCartSummary({ lines, totals }: PricedOrder): OrderSummaryData {
  return {
    lines: lines.map((l) => ({
      key: l.cartItemId,
      name: l.productName,
      imageUrl: l.imageUrl,
      quantity: l.quantity,
      isSubscription: l.isSubscription,
      discountPercent: l.discountPercent,
      unitCents: l.unitPriceCents,
      lineCents: l.lineTotalCents,
      bundleName: l.bundleName,
    })),
    subtotalCents: totals.subtotalCents,
    bundleSavings: totals.bundleSavings.map((s) => ({ name: s.name, cents: s.savingsCents })),
    // A code the cart does not meet is priced as none (its refusal is the page's to show).
    code:
      totals.code && !totals.code.refusal ? { code: totals.code.terms.code, cents: totals.codeCents } : null,
    shippingCents: totals.shippingCents,
    totalCents: totals.totalCents,
  };
}

/**
 * The summary of a placed order: the amounts it was placed at, worked out by the one order-totals function
 * (so it sums like every other order view, tax included); only the pictures come from the catalogue.
 */
export function orderSummary(
  products: Product[],
  order: OrderRow,
  lines: OrderLineRow[],
  /** Its taxes one by one (server/orders/order-rows.ts loadOneOrderTaxLines); none: its tax alone. */
  taxLines: OrderTaxLine[],
): OrderSummaryData {
  const totals = orderTotals({ ...order, lines, taxLines });
  return {
    lines: lines.map((l) => ({
      key: l.id,
      name: l.productName,
      imageUrl: products.find((p) => p.id === l.productId)?.imageUrl ?? null,
      quantity: l.quantity,
      isSubscription: l.isSubscription,
      discountPercent: l.discountPercent,
      unitCents: l.unitPriceCents,
      lineCents: l.lineTotalCents,
      bundleName: null,
    })),
    subtotalCents: totals.subtotalCents,
    bundleSavings:
      totals.bundleSavingsCents > 0 ? [{ name: "Bundle savings", cents: totals.bundleSavingsCents }] : [],
    code: totals.discountCode ? { code: totals.discountCode, cents: totals.codeDiscountCents } : null,
    shippingCents: totals.shippingCents,
    taxCents: totals.taxCents,
    // Only when the order has them, so an order placed before taxes were itemised reads as before.
    ...(totals.taxLines.length > 0 ? { taxLines: totals.taxLines } : {}),
    // Only when the order has them, so an order without reads as before.
    ...(totals.giftCardCents > 0 ? { giftCardCents: totals.giftCardCents } : {}),
    ...(totals.tenderedCents > 0 ? { tenderedCents: totals.tenderedCents } : {}),
    totalCents: totals.totalCents,
  };
}
