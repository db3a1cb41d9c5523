/** The dashboard's Orders API: the list's query, the order as the owner sees it, and the actions' bodies. */
import { z } from "zod";
import type { ShippingAddress } from "../address.ts";
import { ORDER_STATUSES } from "../order-status.ts";
import type { OrderTaxLine } from "../order-totals.ts";
import type { AdminAuditView } from "./admin-products.ts";

export const REFUND_REASON_MAX = 500;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "use a date such as 2026-11-24")
  .refine(
    (d) =>
      !Number.isNaN(new Date(`${d}T00:00:00Z`).getTime()) &&
      new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    "not a real date",
  );

/** GET /api/admin/orders?q=&status=&from=&to=&page= (every field optional; empty means "any"). */
export const adminOrdersQuery = z.object({
  q: z.string().trim().max(100, "search is at most 100 characters").optional().default(""),
  status: z
    .enum(["", "all", ...ORDER_STATUSES])
    .optional()
    .default(""),
  from: z
    .union([z.literal(""), day])
    .optional()
    .default(""),
  to: z
    .union([z.literal(""), day])
    .optional()
    .default(""),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

export interface AdminOrderListItem {
  orderNumber: string;
  createdAt: string;
  status: string;
  email: string;
  name: string | null;
  totalCents: number;
  refundedCents: number;
  /** The currency of its amounts, as stored ("usd", "cad"), as the order's detail gives it (decision 051). */
  currency: string;
  isRenewal: boolean;
}

export interface AdminOrdersResponse {
  orders: AdminOrderListItem[];
  total: number;
  page: number;
  pages: number;
}

export interface AdminRefundView {
  id: string;
  amountCents: number;
  reason: string;
  status: "pending" | "succeeded" | "failed";
  actor: string;
  providerRefundId: string | null;
  createdAt: string;
}

export interface AdminOrderDetail {
  id: string;
  orderNumber: string;
  status: string;
  email: string;
  userId: string | null;
  createdAt: string;
  paidAt: string | null;
  subtotalCents: number;
  discountCents: number;
  /** The discount code the order used (canonical) and what it took off; null and 0 without one. */
  discountCode: string | null;
  codeDiscountCents: number;
  shippingCents: number;
  /** The tax added (the sum of the added tax lines). */
  taxCents: number;
  /**
   * The taxes one by one, in their order (core/order-totals.ts): added ones and those the prices contain
   * (`included`, not part of the total); empty for an order without tax or placed before taxes were itemised.
   */
  taxLines: OrderTaxLine[];
  totalCents: number;
  refundedCents: number;
  /** What may still be refunded: paid, less every refund not failed. */
  refundableCents: number;
  currency: string;
  provider: string;
  providerSessionId: string | null;
  providerPaymentId: string | null;
  carrier: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  shippingAddress: ShippingAddress | null;
  isRenewal: boolean;
  lines: {
    productId: number;
    productName: string;
    quantity: number;
    isSubscription: boolean;
    unitPriceCents: number;
    discountPercent: number;
    lineTotalCents: number;
  }[];
  /** Every step, the owner's own ("oversold") included. */
  timeline: { type: string; at: string; detail: Record<string, string | number> | null }[];
  refunds: AdminRefundView[];
  /**
   * What paid the order besides the card (decision 047): gift cards (by their last four), store credit and
   * points, each with its state (held, captured, released) and what refunds gave back.
   */
  tenders: {
    kind: "gift_card" | "credit" | "points";
    last4: string | null;
    amountCents: number;
    points: number | null;
    status: string;
    refundedCents: number;
  }[];
  subscriptions: { id: string; productName: string; status: string }[];
  audit: AdminAuditView[];
}

/** A tracking code's longest: the single ship action and the CSV file's rows both hold to it. */
export const TRACKING_CODE_MAX = 100;

export const shipBody = z.object({
  carrier: z.string().trim().min(1, "choose a carrier").max(40),
  trackingCode: z
    .string()
    .trim()
    .min(1, "enter the tracking code")
    .max(TRACKING_CODE_MAX, `at most ${TRACKING_CODE_MAX} characters`),
});

export const cancelBody = z.object({
  /** Give back what is left of the payment through the provider before cancelling. */
  refund: z.boolean().optional().default(false),
  reason: z.string().trim().max(REFUND_REASON_MAX).optional().default(""),
});

export const refundBody = z.object({
  amountCents: z
    .number({ error: "amountCents is a whole number of cents" })
    .int("amountCents is a whole number of cents")
    .positive("the amount must be above zero")
    .max(100_000_000),
  reason: z
    .string()
    .trim()
    .min(1, "say why the order is refunded")
    .max(REFUND_REASON_MAX, `at most ${REFUND_REASON_MAX} characters`),
  /** Where the card's part goes: back to the card (default) or to the customer's store credit. */
  to: z.enum(["original", "credit"]).optional(),
});

/** Bulk shipping from a CSV file (decision 020): its limits, shown on the page and checked by the server. */
export const SHIP_CSV_MAX_ROWS = 500;
export const SHIP_CSV_MAX_BYTES = 64 * 1024;
export const SHIP_CSV_HEADER = "order_number,carrier,tracking";

/** POST /api/admin/orders/ship-csv: the file's text as it was read (UTF-8). */
export const shipCsvBody = z.object({
  csv: z.string({ error: "csv is the file's text" }),
});

/** A row the file cannot ship as it is; `row` is the file's line (the header is row 1), null for the whole file. */
export interface ShipCsvProblem {
  row: number | null;
  orderNumber: string | null;
  message: string;
}

/** 400 `invalid_csv`: nothing was shipped, and why, row by row. */
export interface ShipCsvRefusal {
  message: string;
  code: "invalid_csv";
  problems: ShipCsvProblem[];
}

export type ShipCsvOutcome = "shipped" | "already_shipped" | "failed";

export interface ShipCsvRowResult {
  row: number;
  orderNumber: string;
  carrier: string;
  trackingCode: string;
  outcome: ShipCsvOutcome;
  /** failed: why (the order changed between the check and its turn). */
  message: string | null;
}

/** 200: each row's outcome, in the file's order, and the counts. */
export interface ShipCsvResponse {
  shipped: number;
  alreadyShipped: number;
  failed: number;
  rows: ShipCsvRowResult[];
}
