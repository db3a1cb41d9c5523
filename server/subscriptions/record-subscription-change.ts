import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PriceTable } from "../../core/price-lists.ts";
import { applyPromo, promoActive } from "../../core/renewal-promo.ts";
import { UUID } from "../../core/uuid.ts";
import type { Product } from "../catalogue.ts";
import type { Tx } from "../db/client.ts";
import { orders, subscriptions } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { applyOnce, type ReportedEvent } from "../orders/apply-once.ts";
import { orderConfirmationEmail } from "../orders/confirmation-email.ts";
import { loadOneOrderTaxLines, loadOrderLines, type OrderRow } from "../orders/order-rows.ts";
import type { ChargedTax, ProviderSubscriptionState } from "../payments/provider.ts";
import { promoTermsOf } from "../promotions/renewal-promo.ts";
import { createRenewalOrder, findRenewalOrder } from "./renewal-order.ts";
import { renewalFailedEmail } from "./subscription-emails.ts";
import { recordSubscriptionEvent, type SubscriptionRow } from "./subscription-rows.ts";

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
  /** A renewal the provider charged, or failed to charge (see `Renewal`). */
  renewal?: Renewal | null;
}

/**
 * A renewal the provider charged, or failed to charge, for the period starting on `billingDate`; paid, the
 * taxes its invoice charged (decision 050), which the renewal order records as they were charged.
 */
interface Renewal {
  outcome: "paid" | "failed";
  billingDate: Date;
  paymentId?: string | null;
  taxes?: readonly ChargedTax[];
}

/**
 * Applies a subscription change once per event: the subscription is re-read from the provider under
 * its order's lock and its current state applied, so events in any order give the same final state and
 * none interleaves with the order's payment.
 */
export async function recordSubscriptionChange(
  deps: Pick<ShopDeps, "db" | "catalogue" | "payments" | "mailer" | "origin" | "manageSecret"> &
    Partial<Pick<ShopDeps, "tax">>,
  report: SubscriptionChangeReport,
): Promise<SubscriptionChangeOutcome> {
  // Read before the transaction: the embedded database runs one statement at a time.
  const catalogue = report.renewal ? await deps.catalogue.list() : [];
  // The lists' product prices, for a renewal in another currency (decision 051; renewals ship free).
  const prices = report.renewal ? await deps.catalogue.priceTable(0) : null;
  const renewed: OrderRow[] = [];
  const failed: SubscriptionRow[] = [];
  const outcome = await applyOnce(deps.db, report.event, async (tx) => {
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
    const lockable = orderIds.filter((id) => UUID.test(id));
    if (lockable.length)
      await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, lockable)).for("update");

    const state = (await deps.payments.getSubscription(subscriptionId)) ?? report.stateInEvent;
    // A subscription the shop started whose Stripe id it has not stored yet (Stripe's event came first):
    // found by the shop's id that Stripe keeps in its metadata.
    const shopId = state?.shopSubscriptionId;
    if (shopId && UUID.test(shopId))
      await tx
        .update(subscriptions)
        .set({ providerSubscriptionId: subscriptionId })
        .where(and(eq(subscriptions.id, shopId), isNull(subscriptions.providerSubscriptionId)));
    if (state) {
      const endsAt = state.endsAt ? sql`to_timestamp(${state.endsAt})` : sql`now()`;
      await tx
        .update(subscriptions)
        .set({
          status: state.status,
          ...(state.status === "cancelled"
            ? { endsAt: sql`coalesce(${subscriptions.endsAt}, ${endsAt})` }
            : {}),
          ...(state.status === "active" ? { pausedUntil: null } : {}),
          ...(state.currentPeriodEnd
            ? { nextBillingDate: sql`to_timestamp(${state.currentPeriodEnd})` }
            : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    }
    if (report.renewal)
      await recordRenewal(tx, { catalogue, prices }, subscriptionId, report.renewal, renewed, failed);
    return state || report.renewal ? "subscription_updated" : "ignored";
  });

  // The customer's e-mails, after the commit, each once (dedupe keys).
  const origin = deps.origin;
  for (const order of renewed) {
    const lines = await loadOrderLines(deps.db, order.id);
    const taxLines = await loadOneOrderTaxLines(deps.db, order.id);
    await deps.mailer.send(orderConfirmationEmail(order, lines, origin, null, taxLines));
  }
  for (const sub of failed) {
    await deps.mailer.send(
      renewalFailedEmail(
        sub,
        {
          retryAt: null,
          failedAttempts: sub.failedAttempts,
          reason: "Your card was declined. Stripe will try it again over the next few days.",
        },
        deps,
      ),
    );
  }
  return outcome;
}

/**
 * A renewal Stripe Billing reports: paid makes one order per shop subscription on that Stripe subscription
 * (once per billing date, however often the event comes); failed counts the failure for the e-mail.
 */
async function recordRenewal(
  tx: Tx,
  { catalogue, prices }: { catalogue: Product[]; prices: PriceTable | null },
  providerSubscriptionId: string,
  renewal: Renewal,
  renewed: OrderRow[],
  failed: SubscriptionRow[],
) {
  const subs = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  for (const sub of subs) {
    if (renewal.outcome === "paid") {
      if (await findRenewalOrder(tx, sub.id, renewal.billingDate)) continue;
      // Stripe took the code's part off with the subscription's coupon (server/payments/stripe-provider.ts);
      // the order shows it and the renewal is counted, as for the sandbox's (core/renewal-promo.ts).
      const promo = applyPromo(
        sub,
        promoActive(sub) ? await promoTermsOf(tx, sub.promoCode) : null,
        sub.amountCents,
      );
      renewed.push(
        await createRenewalOrder(
          tx,
          catalogue,
          sub,
          {
            provider: "stripe",
            billingDate: renewal.billingDate,
            // One invoice can renew several shop subscriptions: the payment is theirs together.
            paymentId: subs.length === 1 ? (renewal.paymentId ?? null) : null,
            promo:
              sub.promoCode && promo.offCents > 0 ? { code: sub.promoCode, offCents: promo.offCents } : null,
            // The taxes Stripe charged, as its invoice says (its tax rates are the address's: provider-billing.ts).
            taxes: subs.length === 1 ? (renewal.taxes ?? []) : [],
          },
          prices,
        ),
      );
      await tx
        .update(subscriptions)
        .set({
          failedAttempts: 0,
          retryAt: null,
          promoCents: promo.after.promoCents,
          promoRenewalsLeft: promo.after.promoRenewalsLeft,
        })
        .where(eq(subscriptions.id, sub.id));
      await recordSubscriptionEvent(tx, sub.id, "renewed", "provider", {
        billingDate: renewal.billingDate.toISOString(),
      });
    } else {
      const [updated] = await tx
        .update(subscriptions)
        .set({ failedAttempts: sql`${subscriptions.failedAttempts} + 1` })
        .where(eq(subscriptions.id, sub.id))
        .returning();
      if (updated) failed.push(updated);
      await recordSubscriptionEvent(tx, sub.id, "renewal-failed", "provider", {
        billingDate: renewal.billingDate.toISOString(),
      });
    }
  }
}
