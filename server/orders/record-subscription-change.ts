import { eq, inArray, sql } from "drizzle-orm";
import type { AppServices } from "../context.ts";
import { orders, subscriptions } from "../db/schema.ts";
import type { ProviderSubscriptionState } from "../payments/provider.ts";
import { applyOnce, type ReportedEvent } from "./apply-once.ts";

export type SubscriptionChangeOutcome = "subscription_updated" | "duplicate" | "ignored";

/** What a payment provider reports about a subscription (a renewal invoice, a change, a cancellation). */
export interface SubscriptionChangeReport {
  event: ReportedEvent;
  /** Null when the event names no subscription: it is remembered and changes nothing. */
  subscriptionId: string | null;
  /** The order the subscription was bought with, when the event carries it. */
  orderId: string | null;
  /** The state the event itself describes, used when the provider has no current view to give. */
  stateInEvent: ProviderSubscriptionState | null;
}

/**
 * Applies a subscription change once per event: the subscription is re-read from the provider under
 * its order's lock and its current state applied, so events in any order give the same final state and
 * none interleaves with the order's payment.
 */
export function recordSubscriptionChange(
  services: AppServices,
  report: SubscriptionChangeReport,
): Promise<SubscriptionChangeOutcome> {
  return applyOnce(services.database.db, report.event, async (tx) => {
    const { subscriptionId, orderId } = report;
    if (!subscriptionId) return "ignored";

    const orderIds = orderId
      ? [orderId]
      : (
          await tx
            .select({ orderId: subscriptions.orderId })
            .from(subscriptions)
            .where(eq(subscriptions.providerSubscriptionId, subscriptionId))
        ).map((r) => r.orderId);
    const lockable = orderIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (lockable.length)
      await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, lockable)).for("update");

    const state = (await services.payments.getSubscription(subscriptionId)) ?? report.stateInEvent;
    if (!state) return "ignored";
    await tx
      .update(subscriptions)
      .set({
        status: state.status,
        ...(state.currentPeriodEnd ? { nextBillingDate: sql`to_timestamp(${state.currentPeriodEnd})` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    return "subscription_updated";
  });
}
