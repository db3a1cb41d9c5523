import { and, desc, eq, type InferSelectModel, sql } from "drizzle-orm";
import type { SubscriptionView } from "../../core/contracts/subscriptions.ts";
import { formatCents } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { promoFigures, promoLine } from "../../core/renewal-promo.ts";
import {
  allowedActions,
  isSubscriptionStatus,
  type SubscriptionState,
  shownNextBilling,
} from "../../core/subscription-rules.ts";
import type { TaxProvider } from "../../core/tax.ts";
import type { DbOrTx } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import { subscriptionEvents, subscriptions } from "../db/schema.ts";
import { renewalAddedTax } from "./renewal-tax.ts";

export type SubscriptionRow = InferSelectModel<typeof subscriptions>;

/** The fields the rules read (core/subscription-rules.ts); an unknown status reads as cancelled. */
export function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    status: isSubscriptionStatus(row.status) ? row.status : "cancelled",
    nextBillingDate: row.nextBillingDate,
    intervalMonths: row.intervalMonths,
    pausedUntil: row.pausedUntil,
    endsAt: row.endsAt,
  };
}

/**
 * Subscriptions Stripe Billing renews: every change goes to Stripe first (server/payments/stripe-provider.ts)
 * and the shop's scheduler never charges them.
 */
export function billedByStripe(row: Pick<SubscriptionRow, "provider">): boolean {
  return row.provider === "stripe";
}

/** A subscription as its pages show it; `tax`, the shop's provider, says whether its renewals add tax. */
export function toSubscriptionView(row: SubscriptionRow, tax: TaxProvider): SubscriptionView {
  const next = shownNextBilling(stateOf(row));
  const currency = storedCurrency(row.currency);
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    amount: formatCents(row.amountCents),
    currency,
    plusTax: renewalAddedTax(tax, row, row.amountCents) > 0,
    interval: row.interval,
    intervalMonths: row.intervalMonths,
    quantity: row.quantity,
    bundleId: row.bundleId,
    status: row.status,
    nextBillingDate: next ? next.toISOString() : null,
    pausedUntil: row.pausedUntil ? row.pausedUntil.toISOString() : null,
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
    shippingAddress: row.shippingAddress ?? null,
    cardLabel: row.cardLabel,
    actions: [...allowedActions(row.status)],
    pendingAmount:
      row.pendingAmountCents !== null && row.pendingAmountFrom && row.status !== "cancelled"
        ? formatCents(row.pendingAmountCents)
        : null,
    pendingFrom:
      row.pendingAmountCents !== null && row.pendingAmountFrom && row.status !== "cancelled"
        ? row.pendingAmountFrom.toISOString()
        : null,
    discountLine: row.status === "cancelled" ? null : promoLine(row, row.amountCents, currency),
    discount: row.status === "cancelled" ? null : promoFigures(row, row.amountCents, currency),
  };
}

/** A customer's subscriptions, newest first (the account's read on every signed-in visit). */
const subscriptionsOf = perDatabase((db) =>
  db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, sql.placeholder("userId")))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(200)
    .prepare("subscriptions_of_user"),
);

export async function listSubscriptionsForUser(
  db: DbOrTx,
  userId: string,
  tax: TaxProvider,
): Promise<SubscriptionView[]> {
  const rows = await subscriptionsOf(db).execute({ userId });
  return rows.map((row) => toSubscriptionView(row, tax));
}

/** A user's subscription locked for a change, or null when it is not theirs (or does not exist). */
export async function lockUserSubscription(
  db: DbOrTx,
  userId: string | null,
  id: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      userId === null
        ? eq(subscriptions.id, id)
        : and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)),
    )
    .for("update");
  return row ?? null;
}

export type SubscriptionActor = "customer" | "owner" | "scheduler" | "provider";

export async function recordSubscriptionEvent(
  db: DbOrTx,
  subscriptionId: string,
  type: string,
  actor: SubscriptionActor,
  detail: Record<string, string | number | null> | null = null,
): Promise<string> {
  const [event] = await db
    .insert(subscriptionEvents)
    .values({ subscriptionId, type, actor, detail })
    .returning({ id: subscriptionEvents.id });
  if (!event) throw new Error("the subscription event was not written");
  return event.id;
}
