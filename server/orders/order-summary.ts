import type { OrderSummaryData } from "../../core/contracts/checkout.ts";
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
    shippingCents: totals.shippingCents,
    totalCents: totals.totalCents,
  };
}

/** The summary of a placed order: the amounts it was placed at; only the pictures come from the catalogue. */
export function orderSummary(products: Product[], order: OrderRow, lines: OrderLineRow[]): OrderSummaryData {
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
    subtotalCents: order.subtotalCents,
    bundleSavings: order.discountCents > 0 ? [{ name: "Bundle savings", cents: order.discountCents }] : [],
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
  };
}
