/** What GET /api/orders and GET /api/subscriptions answer. */
import type { ShippingAddress } from "../address.ts";
import type { Currency } from "../markets.ts";
import type { OrderTotals, PaymentState } from "../order-totals.ts";

/**
 * An order as GET /api/orders answers it and the account pages read it. The product spec's fields of the
 * account tab's and the orders page's order, both in one object: `date` and `createdAt`, `total` (dollars,
 * a number) and `totalAmount` (dollars, a decimal string), each line's `productName`, `quantity` and
 * `price` (a decimal string). Every other figure is in cents: `totals`, and each line's own. Every amount
 * is in the order's `currency` (also `totals.currency`; decision 051): `total` is in its major unit.
 */
export interface OrderView {
  id: string;
  orderNumber: string;
  date: string;
  createdAt: string;
  status: string;
  items: {
    productId: number;
    productName: string;
    quantity: number;
    price: string;
    isSubscription: boolean;
    /** The stack the line was bought from (its slug), or null: a reorder adds it as that bundle again. */
    bundleId: string | null;
    /** The figures of this line, in cents (core/order-totals.ts). */
    unitCents: number;
    discountPercent: number;
    subscriptionDiscountCents: number;
    lineCents: number;
  }[];
  total: number;
  totalAmount: string;
  /** The currency of every amount of the order ("USD", "CAD", "EUR", "GBP"). */
  currency: Currency;
  trackingCode: string | null;
  /** True for an order a subscription's renewal placed. */
  isRenewal: boolean;
  /** The carrier's name as stored (core/carriers.ts) and its tracking page; null when not shipped or unknown. */
  carrier: string | null;
  trackingUrl: string | null;
  /** Subtotal − bundle savings + shipping + tax = total, in cents (core/order-totals.ts `orderTotals`). */
  totals: Omit<OrderTotals, "lines" | "balanced">;
  payment: { state: PaymentState; paidAt: string | null; refundedCents: number };
  /** The address the order ships to, as placed; null for orders placed before addresses were asked for. */
  shippingAddress: ShippingAddress | null;
  /** What happened to the order, oldest first. */
  timeline: OrderEventView[];
}

/** An order as its pages render it: everything but the internal id, which is never sent to a page. */
export type OrderPageView = Omit<OrderView, "id">;

export type OrderEventType =
  | "placed"
  | "paid"
  | "shipped"
  | "delivered"
  | "cancelled"
  | "refunded"
  // Returns (docs/decisions/055-returns.md): each step carries the return's number.
  | "return_requested"
  | "withdrawn"
  | "return_approved"
  | "return_received"
  | "return_declined";

/** One step of an order's timeline. */
export interface OrderEventView {
  type: OrderEventType;
  at: string;
  /** shipped: the carrier, its code and tracking page (null when the carrier is unknown). */
  carrier?: string | null;
  trackingCode?: string | null;
  trackingUrl?: string | null;
  /** refunded: the amount that went back. */
  amountCents?: number;
  /** A return's steps: the return's number (R-…-1). */
  returnNumber?: string;
}

export type { SubscriptionView } from "./subscriptions.ts";

/** An order's page, named by its order number (the one identifier people see; never the internal id). */
export function orderPagePath(orderNumber: string): string {
  return `/account/orders/${encodeURIComponent(orderNumber)}`;
}
