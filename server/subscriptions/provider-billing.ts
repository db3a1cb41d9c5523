import { and, eq, inArray, isNull, ne, type SQL } from "drizzle-orm";
import { promoActive } from "../../core/renewal-promo.ts";
import { isSubscriptionStatus } from "../../core/subscription-rules.ts";
import type { TaxProvider } from "../../core/tax.ts";
import { orders, subscriptions } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import type { BillingTerms } from "../payments/provider.ts";
import { billingTaxesOf } from "./renewal-tax.ts";
import { recordSubscriptionEvent, type SubscriptionRow } from "./subscription-rows.ts";

/**
 * What a subscription bills, for the provider that renews it; with `tax`, the taxes of its shipping address
 * that each renewal charges (decision 050), which follow the address when it changes.
 */
export function billingTermsOf(row: SubscriptionRow, tax?: TaxProvider): BillingTerms {
  return {
    status: isSubscriptionStatus(row.status) ? row.status : "cancelled",
    productId: row.productId,
    productName: row.productName,
    amountCents: row.amountCents,
    intervalMonths: row.intervalMonths,
    nextBillingDate: row.nextBillingDate,
    pausedUntil: row.pausedUntil,
    promo:
      row.promoCode && promoActive(row)
        ? { code: row.promoCode, amountOffCents: row.promoCents, renewals: row.promoRenewalsLeft }
        : null,
    ...(tax ? { taxes: billingTaxesOf(tax, row), address: row.shippingAddress ?? null } : {}),
  };
}

/**
 * Starts on Stripe Billing the subscriptions whose first payment is in but which Stripe does not renew
 * yet: right after the payment, and again from the scheduled job for any a Stripe outage left behind.
 * Each start carries the shop subscription's id as its idempotency key and metadata, so two processes
 * starting one subscription at once make one Stripe subscription. A subscription a discount code carries
 * into renewals starts with a coupon for it, and each renewal is charged the taxes of its address as Stripe
 * tax rates (server/payments/stripe-provider.ts, decision 050): every caller passes the shop's deps, whose
 * `tax` is the shop's tax provider.
 */
export async function startProviderSubscriptions(
  deps: Pick<ShopDeps, "db" | "payments" | "logger"> & Partial<Pick<ShopDeps, "tax">>,
  options: { orderId?: string } = {},
): Promise<{ started: number; failed: number }> {
  const billing = deps.payments.billing;
  const result = { started: 0, failed: 0 };
  if (!billing) return result;
  const { db } = deps;
  const where: (SQL | undefined)[] = [
    eq(subscriptions.provider, deps.payments.name),
    isNull(subscriptions.providerSubscriptionId),
    ne(subscriptions.status, "cancelled"),
    options.orderId ? eq(subscriptions.orderId, options.orderId) : undefined,
  ];
  const waiting = await db
    .select()
    .from(subscriptions)
    .where(and(...where))
    .limit(500);
  if (waiting.length === 0) return result;
  const orderRows = await db
    .select({ id: orders.id, sessionId: orders.providerSessionId, currency: orders.currency })
    .from(orders)
    .where(
      inArray(
        orders.id,
        waiting.map((s) => s.orderId),
      ),
    );
  for (const sub of waiting) {
    const order = orderRows.find((o) => o.id === sub.orderId);
    if (!order?.sessionId || !sub.providerCustomerId) {
      deps.logger.error({ subscriptionId: sub.id }, "a Stripe subscription lacks its session or customer");
      result.failed += 1;
      continue;
    }
    try {
      const state = await billing.start({
        subscriptionId: sub.id,
        orderId: sub.orderId,
        customerId: sub.providerCustomerId,
        sessionId: order.sessionId,
        currency: order.currency,
        terms: billingTermsOf(sub, deps.tax),
      });
      await db.transaction(async (tx) => {
        const [stored] = await tx
          .update(subscriptions)
          .set({ providerSubscriptionId: state.id, cardLabel: state.cardLabel ?? sub.cardLabel })
          .where(and(eq(subscriptions.id, sub.id), isNull(subscriptions.providerSubscriptionId)))
          .returning({ id: subscriptions.id });
        if (stored)
          await recordSubscriptionEvent(tx, sub.id, "billing-started", "provider", {
            subscription: state.id,
          });
      });
      result.started += 1;
    } catch (err) {
      deps.logger.warn(
        { err, subscriptionId: sub.id },
        "Stripe did not start the subscription; the scheduled job tries again",
      );
      result.failed += 1;
    }
  }
  return result;
}
