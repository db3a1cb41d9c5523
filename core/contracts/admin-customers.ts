/** The dashboard's Customers API: the list's query, a customer as the owner sees them, and the CSV's columns. */

import { z } from "zod";
import type { ShippingAddress } from "../address.ts";
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
  /** What paid orders brought in, less what was refunded, in cents. */
  spentCents: number;
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
  spentCents: number;
  orders: {
    orderNumber: string;
    status: string;
    createdAt: string;
    totalCents: number;
    refundedCents: number;
  }[];
  subscriptions: {
    id: string;
    productName: string;
    status: string;
    amountCents: number;
    nextBillingDate: string;
  }[];
  addresses: (ShippingAddress & { id: string; isDefault: boolean })[];
  newsletter: { status: NewsletterStatus; consentAt: string | null; unsubscribedAt: string | null };
  /** Store credit, Wellness Points and the referrals made (decision 047). */
  balances: AdminCustomerBalances;
}
