/** The dashboard's Customers API: the list's query, a customer as the owner sees them, and the CSV's columns. */

import { z } from "zod";
import type { ShippingAddress } from "../address.ts";
import { BASE_CURRENCY, type Currency } from "../markets.ts";
import { formatMoney } from "../money.ts";
import { storedCurrency } from "../order-totals.ts";
import type { AdminCustomerBalances } from "./admin-gift-cards.ts";

/** Rows per page of every dashboard list (customers, orders, subscriptions, newsletter, outbox). */
export const ADMIN_LIST_PAGE_SIZE = 25;

/** A dashboard list's search box and page: `?q=&page=` (both optional; an empty search means "all"). */
export const adminListQuery = z.strictObject({
  q: z.string().trim().max(100, "search is at most 100 characters").optional().default(""),
  page: z.coerce
    .number({ error: "page is a whole number from 1" })
    .int("page is a whole number from 1")
    .min(1, "page is a whole number from 1")
    .max(100_000, "page is at most 100000")
    .optional()
    .default(1),
});
export type AdminListQuery = z.infer<typeof adminListQuery>;

/** Newsletter consent as the dashboard says it: subscribed, unsubscribed, or never signed up. */
export type NewsletterStatus = "subscribed" | "unsubscribed" | "none";

export interface AdminCustomerListItem {
  id: string;
  email: string;
  name: string;
  joinedAt: string;
  /** Orders placed on the account (checkouts never paid not counted). */
  orderCount: number;
  /** What paid orders in US dollars brought in, less what was refunded, in cents (the CSV's total_spent_usd). */
  spentCents: number;
  /**
   * What paid orders brought in, less refunds, in each currency the customer paid in (US dollars first;
   * empty: nothing yet). Two currencies are never summed (decision 051).
   */
  spent: SpentIn[];
}

/** An amount in one currency, in its minor unit. */
export interface SpentIn {
  currency: Currency;
  cents: number;
}

export interface AdminCustomersResponse {
  customers: AdminCustomerListItem[];
  total: number;
  page: number;
  pages: number;
}

export interface AdminCustomerDetail {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  phoneNumber: string | null;
  role: string;
  joinedAt: string;
  orderCount: number;
  /** In US dollars, as the list's; `spent` in every currency (decision 051). */
  spentCents: number;
  spent: SpentIn[];
  orders: {
    orderNumber: string;
    status: string;
    createdAt: string;
    totalCents: number;
    refundedCents: number;
    /** The currency of its amounts, as stored ("usd", "cad"). */
    currency: string;
  }[];
  subscriptions: {
    id: string;
    productName: string;
    status: string;
    amountCents: number;
    /** The currency it renews in, as stored. */
    currency: string;
    nextBillingDate: string;
  }[];
  addresses: (ShippingAddress & { id: string; isDefault: boolean })[];
  newsletter: { status: NewsletterStatus; consentAt: string | null; unsubscribedAt: string | null };
  /** Store credit, Wellness Points and the referrals made (decision 047). */
  balances: AdminCustomerBalances;
}

/**
 * What paid orders brought in, less refunds, per currency (`rows` of stored currency and cents, summed
 * within a currency only): US dollars first, then the others by code; a currency with nothing left is left out.
 */
export function spentByCurrency(rows: { currency: string; cents: number }[]): SpentIn[] {
  const sums = new Map<Currency, number>();
  for (const r of rows) {
    const currency = storedCurrency(r.currency);
    sums.set(currency, (sums.get(currency) ?? 0) + r.cents);
  }
  return [...sums]
    .filter(([, cents]) => cents > 0)
    .sort(([a], [b]) => (a === BASE_CURRENCY ? -1 : b === BASE_CURRENCY ? 1 : a.localeCompare(b)))
    .map(([currency, cents]) => ({ currency, cents }));
}

/** What a customer spent, as the dashboard writes it: "$120.00 · CA$40.00", or "$0.00" for nothing yet. */
export function spentWords(spent: SpentIn[]): string {
  return spent.length === 0 ? formatMoney(0) : spent.map((s) => formatMoney(s.cents, s.currency)).join(" · ");
}
