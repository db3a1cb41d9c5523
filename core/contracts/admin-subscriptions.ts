/** The dashboard's Subscriptions API: the list's query, a subscription as the owner sees it, the actions. */
import { z } from "zod";
import { SUBSCRIPTION_STATUSES } from "../subscription-rules.ts";
import type { AdminAuditView } from "./admin-products.ts";
import type { AdminRenewalConsent } from "./renewal-consents.ts";

/** The actions the owner takes for a customer; their bodies are the customer's own (contracts/subscriptions.ts). */
export const ADMIN_SUBSCRIPTION_ACTIONS = ["pause", "resume", "cancel"] as const;
export type AdminSubscriptionAction = (typeof ADMIN_SUBSCRIPTION_ACTIONS)[number];

/** GET /api/admin/subscriptions?status=&q=&page= (every field optional; empty means "any"). */
export const adminSubscriptionsQuery = z.object({
  q: z.string().trim().max(100, "search is at most 100 characters").optional().default(""),
  status: z
    .enum(["", "all", ...SUBSCRIPTION_STATUSES])
    .optional()
    .default(""),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type AdminSubscriptionsQuery = z.infer<typeof adminSubscriptionsQuery>;

export interface AdminSubscriptionListItem {
  id: string;
  createdAt: string;
  email: string;
  productName: string;
  quantity: number;
  amountCents: number;
  /** The currency it renews in, as stored ("usd", "cad"; decision 051). */
  currency: string;
  intervalMonths: number;
  status: string;
  /** The next renewal as the customer sees it: none once cancelled or while paused until resumed. */
  nextBillingDate: string | null;
}

export interface AdminSubscriptionsResponse {
  subscriptions: AdminSubscriptionListItem[];
  total: number;
  page: number;
  pages: number;
}

export interface AdminSubscriptionDetail {
  id: string;
  email: string;
  userId: string | null;
  productId: number;
  productName: string;
  quantity: number;
  amountCents: number;
  /** The currency it renews in, as stored ("usd", "cad"): `amountCents` and `pendingAmountCents` are in it. */
  currency: string;
  /** A new price announced to the subscriber (decision 043): charged from the renewal on or after `pendingFrom`. */
  pendingAmountCents: number | null;
  pendingFrom: string | null;
  /** A discount code carried into its renewals, in the customer's words (core/renewal-promo.ts); null: none left. */
  discountLine: string | null;
  intervalMonths: number;
  status: string;
  nextBillingDate: string | null;
  pausedUntil: string | null;
  endsAt: string | null;
  cancelReason: string | null;
  cardLabel: string | null;
  failedAttempts: number;
  provider: string;
  providerSubscriptionId: string | null;
  providerCustomerId: string | null;
  createdAt: string;
  /** The order it was bought with. */
  order: { orderNumber: string; createdAt: string } | null;
  /** Orders its renewals made, newest first. */
  renewals: {
    orderNumber: string;
    createdAt: string;
    status: string;
    totalCents: number;
    currency: string;
  }[];
  /** Its events, oldest first, each with who acted: customer, owner, scheduler or provider. */
  timeline: { id: string; type: string; actor: string; at: string; detail: Record<string, unknown> | null }[];
  audit: AdminAuditView[];
  /** The consent to automatic renewal given at the checkout of its order; null for orders before consents were kept. */
  renewalConsent: AdminRenewalConsent | null;
  /** The owner's actions its status allows now (core/subscription-rules.ts). */
  actions: AdminSubscriptionAction[];
}
