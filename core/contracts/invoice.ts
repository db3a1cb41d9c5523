/** What an order's invoice page renders (server/orders/invoice.ts builds it; app/components/orders/invoice.tsx shows it). */
import type { ShippingAddress } from "../address.ts";

/** A tax registration the seller holds, named by its scheme (each language words the scheme). */
export interface SellerRegistration {
  scheme: "vat" | "ioss" | "gstHst" | "qst" | "pst" | "usSalesTax";
  /** For a registration of one state or province (a US sales tax permit): its two-letter code. */
  region?: string;
  number: string;
}

/** The seller's details as the owner keeps them in content/seller.json. */
export interface SellerDetails {
  legalName: string;
  addressLines: string[];
  /** ISO 3166-1 alpha-2. */
  country: string;
  email: string;
  taxRegistrations: SellerRegistration[];
}

/**
 * One row under the invoice's lines, in the order the order's pages list them (core/order-totals.ts
 * summaryRows): a message of the shop's catalogue (`key`, `values`) or, for a tax line, its words already
 * in the page's language (`text`, core/tax.ts taxLineLabel). `cents` is signed: savings are negative.
 */
export interface InvoiceRow {
  kind: "subtotal" | "saving" | "shipping" | "tax" | "taxIncluded" | "total" | "paid";
  key?: string;
  values?: Record<string, string>;
  text?: string;
  cents: number;
  /** "free": shipping that cost nothing. */
  display?: "free";
}

export interface InvoiceLine {
  /** Unique within the invoice: product, kind and the stack it was bought from. */
  key: string;
  productName: string;
  quantity: number;
  isSubscription: boolean;
  discountPercent: number;
  unitCents: number;
  lineCents: number;
}

/** A paid order's invoice: its number is the order number, its date the day the order was paid. */
export interface InvoiceView {
  number: string;
  /** ISO timestamps: when the order was paid (the invoice's date) and placed. */
  issuedAt: string;
  placedAt: string;
  /** Lower-case ISO 4217, as stored on the order ("usd"). */
  currency: string;
  seller: SellerDetails;
  buyer: { email: string; address: ShippingAddress | null };
  lines: InvoiceLine[];
  rows: InvoiceRow[];
  totalCents: number;
  refundedCents: number;
}
