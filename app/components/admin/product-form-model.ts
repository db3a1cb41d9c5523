import {
  type AdminProductPatch,
  type AdminProductView,
  MAX_PRICE_CENTS,
  MAX_SUBSCRIPTION_DISCOUNT,
  MAX_UNITS,
} from "../../../core/contracts/admin-products.ts";
import { formatCents } from "../../../core/money.ts";

/** The product form's fields as typed: the price in dollars, the discount blank for the shop's default. */
export interface ProductFormValues {
  price: string;
  discount: string;
  stock: string;
  threshold: string;
}

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

export function formValues(p: AdminProductView): ProductFormValues {
  return {
    price: formatCents(p.priceCents),
    discount: p.subscriptionDiscount === null ? "" : String(p.subscriptionDiscount),
    stock: String(p.stockOnHand),
    threshold: String(p.lowStockThreshold),
  };
}

const WHOLE = /^\d+$/;
const DOLLARS = /^\$?\s*(\d+)(?:\.(\d{1,2}))?$/;

function units(value: string, what: string): number | string {
  const v = value.trim();
  if (!v) return `Enter the ${what}.`;
  if (!WHOLE.test(v)) return `The ${what} is a whole number, 0 or more.`;
  const n = Number(v);
  return n > MAX_UNITS ? `The ${what} can be at most ${MAX_UNITS.toLocaleString("en-US")}.` : n;
}

/**
 * The change the form asks for: only the fields that differ from the product, and each field's message
 * when it is not a valid value (the server checks the same rules: core/contracts/admin-products.ts).
 */
export function readProductForm(
  values: ProductFormValues,
  product: AdminProductView,
  may: { price: boolean; stock: boolean },
): { patch: AdminProductPatch; errors: ProductFormErrors } {
  const patch: AdminProductPatch = {};
  const errors: ProductFormErrors = {};
  if (may.price) {
    const m = DOLLARS.exec(values.price.trim());
    const cents = m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : Number.NaN;
    if (!values.price.trim()) errors.price = "Enter the price, such as 30.00.";
    else if (!m) errors.price = "Enter the price in dollars and cents, such as 30.00.";
    else if (cents < 1) errors.price = "The price must be more than $0.00.";
    else if (cents > MAX_PRICE_CENTS) errors.price = "The price can be at most $10,000.00.";
    else if (cents !== product.priceCents) patch.priceCents = cents;

    const d = values.discount.trim().replace(/%$/, "");
    if (!d) {
      if (product.subscriptionDiscount !== null) patch.subscriptionDiscount = null;
    } else if (!WHOLE.test(d)) errors.discount = "The discount is a whole percentage, such as 15.";
    else if (Number(d) > MAX_SUBSCRIPTION_DISCOUNT)
      errors.discount = `The discount can be at most ${MAX_SUBSCRIPTION_DISCOUNT}%.`;
    else if (Number(d) !== product.subscriptionDiscount) patch.subscriptionDiscount = Number(d);
  }
  if (may.stock) {
    const stock = units(values.stock, "stock on hand");
    if (typeof stock === "string") errors.stock = stock;
    else if (stock !== product.stockOnHand) patch.stockOnHand = stock;
    const threshold = units(values.threshold, "low-stock threshold");
    if (typeof threshold === "string") errors.threshold = threshold;
    else if (threshold !== product.lowStockThreshold) patch.lowStockThreshold = threshold;
  }
  return { patch, errors };
}
