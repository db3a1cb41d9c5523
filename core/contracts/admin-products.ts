/** The dashboard's Products API: what GET /api/admin/products answers and PATCH /api/admin/products/:id takes. */
import { z } from "zod";

/** The highest price, stock or threshold the dashboard accepts (a typo guard, not a business rule). */
export const MAX_PRICE_CENTS = 1_000_000;
export const MAX_UNITS = 1_000_000;
/** The highest subscription discount, in percent (the catalogue file's own limit). */
export const MAX_SUBSCRIPTION_DISCOUNT = 90;

/** Stock state as the dashboard flags it: "out" at 0, "low" at or below the threshold. */
export type StockState = "in" | "low" | "out";

export function stockState(stockOnHand: number, lowStockThreshold: number): StockState {
  if (stockOnHand <= 0) return "out";
  return stockOnHand <= lowStockThreshold ? "low" : "in";
}

export interface AdminProductView {
  id: number;
  slug: string;
  name: string;
  packageSize: string;
  priceCents: number;
  /** Percent off subscription lines; null: the shop's default (15). */
  subscriptionDiscount: number | null;
  stockOnHand: number;
  lowStockThreshold: number;
  stock: StockState;
  updatedAt: string;
}

/** One owner action on a product, as its audit trail shows it. */
export interface AdminAuditView {
  id: string;
  actor: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

const units = (what: string) =>
  z
    .number({ error: `${what} must be a whole number.` })
    .int(`${what} must be a whole number.`)
    .min(0, `${what} cannot be negative.`)
    .max(MAX_UNITS, `${what} can be at most ${MAX_UNITS.toLocaleString("en-US")}.`);

/** PATCH /api/admin/products/:id: the fields to change, at least one. */
export const adminProductPatch = z
  .strictObject({
    priceCents: z
      .number({ error: "Price must be an amount in cents." })
      .int("Price must be a whole number of cents.")
      .min(1, "Price must be more than $0.00.")
      .max(MAX_PRICE_CENTS, "Price can be at most $10,000.00."),
    subscriptionDiscount: z
      .number({ error: "Subscription discount must be a percentage, or null for the shop default." })
      .int("Subscription discount must be a whole percentage.")
      .min(0, "Subscription discount cannot be negative.")
      .max(MAX_SUBSCRIPTION_DISCOUNT, `Subscription discount can be at most ${MAX_SUBSCRIPTION_DISCOUNT}%.`)
      .nullable(),
    stockOnHand: units("Stock on hand"),
    lowStockThreshold: units("Low-stock threshold"),
    /**
     * "Apply to existing subscriptions": the day ("YYYY-MM-DD", 7 to 30 days ahead) from which the
     * subscriptions of this product renew at its price, each subscriber told first (decision 043).
     */
    applyToSubscriptionsFrom: z.iso.date("Choose the date the new price applies from."),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change.");
export type AdminProductPatch = z.infer<typeof adminProductPatch>;

/** GET /api/admin/products. */
export type AdminProductsResponse = AdminProductView[];
/** PATCH /api/admin/products/:id: the product as it is now, and its audit trail. */
export interface AdminProductResponse {
  product: AdminProductView;
  audit: AdminAuditView[];
  /** With applyToSubscriptionsFrom: the subscriptions told of the new price, and the stack lines left as they are. */
  priceNotice?: { noticed: number; stackLinesUnchanged: number } | null;
}
