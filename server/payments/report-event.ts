import type { z } from "zod";
import { type CheckoutPaymentOutcome, recordCheckoutPayment } from "../checkout/record-payment.ts";
import type { ShopDeps } from "../deps.ts";
import { type RefundReportOutcome, recordReportedRefunds } from "../orders/refund-order.ts";
import {
  recordSubscriptionChange,
  type SubscriptionChangeOutcome,
} from "../subscriptions/record-subscription-change.ts";
import { paymentTaxesOf } from "../tax/payment-taxes.ts";
import { collectedAddress } from "./collected-address.ts";
import {
  chargeObjectSchema,
  checkoutSessionSchema,
  idOf,
  invoiceObjectSchema,
  type PaymentEvent,
  subscriptionObjectSchema,
} from "./event-schemas.ts";
import { type ChargedTax, type PaymentProvider, stripeSubscriptionState } from "./provider.ts";

export type EventOutcome = CheckoutPaymentOutcome | SubscriptionChangeOutcome | RefundReportOutcome;

export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "charge.refunded",
] as const;

/** What reporting a payment to the orders uses of the shop (Stripe's webhooks and the sandbox's card page). */
export type PaymentReportDeps = Pick<
  ShopDeps,
  | "db"
  | "catalogue"
  | "payments"
  | "mailer"
  | "logger"
  | "metrics"
  | "origin"
  | "manageSecret"
  | "shipTo"
  | "tax"
>;

/**
 * Turns a provider event into a report to the orders, which decide what it changes. Stripe's verified
 * webhooks and the sandbox's card page both report here, in the shape of Stripe's events, so there is
 * one code path from a payment to an order. Events the shop does not act on are not kept.
 */
export async function reportPaymentEvent(
  deps: PaymentReportDeps,
  provider: PaymentProvider["name"],
  event: PaymentEvent,
): Promise<EventOutcome> {
  const outcome = await reportOnce(deps, provider, event);
  deps.metrics.paymentEvents.inc({ provider, outcome });
  return outcome;
}

async function reportOnce(
  deps: Omit<PaymentReportDeps, "metrics">,
  provider: PaymentProvider["name"],
  event: PaymentEvent,
): Promise<EventOutcome> {
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return "ignored";
  const reported = { provider, id: event.id, type: event.type };

  if (event.type.startsWith("checkout.session.")) {
    const session = checkoutSessionSchema.parse(event.data.object);
    const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
    // The taxes the payment page added (decision 050), read when the payment is in.
    const paymentTaxes =
      paid && event.type !== "checkout.session.async_payment_failed"
        ? await paymentTaxesOf(event.data.object, deps.payments.sessionWithTaxes)
        : null;
    return recordCheckoutPayment(deps, {
      event: reported,
      payment:
        event.type === "checkout.session.async_payment_failed"
          ? "failed"
          : event.type === "checkout.session.completed" && !paid
            ? "pending" // an asynchronous method: checkout.session.async_payment_succeeded follows
            : "paid",
      sessionId: session.id,
      orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
      amountCents: session.amount_total ?? null,
      currency: session.currency ?? null,
      subscriptionId: idOf(session.subscription),
      customerId: idOf(session.customer),
      // What a refund is made against: Stripe's payment intent; the sandbox's session is its payment.
      paymentId: provider === "sandbox" ? session.id : idOf(session.payment_intent),
      // An order begun without an address takes the one the payment page collected (decision 027).
      collectedAddress: collectedAddress(session),
      paymentTaxes,
      card:
        provider === "sandbox" && session.metadata?.cardToken
          ? { token: session.metadata.cardToken, label: session.metadata.cardLabel ?? "Test card" }
          : null,
      // Which card paid: the sandbox says it with the payment; Stripe's is read after it (record-payment.ts).
      cardFingerprint: provider === "sandbox" ? (session.metadata?.cardFingerprint ?? null) : null,
    });
  }

  if (event.type === "charge.refunded") {
    const charge = chargeObjectSchema.parse(event.data.object);
    return recordReportedRefunds(deps, idOf(charge.payment_intent));
  }

  if (event.type.startsWith("invoice.")) {
    const invoice = invoiceObjectSchema.parse(event.data.object);
    const details = invoice.parent?.subscription_details;
    const periodStart = invoice.lines?.data[0]?.period?.start ?? invoice.period_start ?? null;
    const renewalPaid = invoice.billing_reason === "subscription_cycle" && event.type === "invoice.paid";
    // The taxes Stripe charged on the renewal, named as the shop's tax rates name them (decision 050).
    const taxes = renewalPaid ? await chargedTaxesOf(deps, invoice) : [];
    return recordSubscriptionChange(deps, {
      event: reported,
      subscriptionId: idOf(invoice.subscription) ?? idOf(details?.subscription),
      orderId: details?.metadata?.orderId ?? null,
      stateInEvent: null,
      // A renewal Stripe Billing charged (or failed to): the shop's renewal order, or its failure path.
      renewal:
        invoice.billing_reason === "subscription_cycle" && periodStart !== null
          ? {
              outcome: event.type === "invoice.paid" ? "paid" : "failed",
              billingDate: new Date(periodStart * 1000),
              paymentId:
                (invoice.payments?.data ?? [])
                  .map((p) => idOf(p.payment?.payment_intent))
                  .find((id): id is string => id !== null) ?? null,
              taxes,
            }
          : null,
    });
  }

  const sub = subscriptionObjectSchema.parse(event.data.object);
  const stateInEvent = stripeSubscriptionState(sub, event.type === "customer.subscription.deleted");
  return recordSubscriptionChange(deps, {
    event: reported,
    subscriptionId: sub.id,
    orderId: sub.metadata?.orderId ?? null,
    stateInEvent,
  });
}

/**
 * The taxes a renewal invoice charged, each by its tax rate's own name and rate (the rates the shop gave the
 * subscription: server/payments/stripe-provider.ts). A rate the shop did not make is left out and logged.
 */
async function chargedTaxesOf(
  deps: Pick<ShopDeps, "payments" | "logger">,
  invoice: { id: string; total_taxes?: z.infer<typeof invoiceObjectSchema>["total_taxes"] },
): Promise<ChargedTax[]> {
  const charged: ChargedTax[] = [];
  for (const tax of invoice.total_taxes ?? []) {
    const id = idOf(tax.tax_rate_details?.tax_rate ?? null);
    const rate = id && deps.payments.billing ? await deps.payments.billing.taxRate(id) : null;
    if (!rate) {
      deps.logger.warn(
        { invoice: invoice.id, taxRate: id },
        "a renewal invoice charged a tax rate the shop did not make",
      );
      continue;
    }
    charged.push({
      ...rate,
      amountCents: tax.amount,
      included: tax.tax_behavior ? tax.tax_behavior === "inclusive" : rate.included,
    });
  }
  return charged;
}
