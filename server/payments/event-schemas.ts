import { z } from "zod";

/**
 * The parts of Stripe's event objects the shop reads (webhook payloads are validated like any input).
 * The sandbox's own confirmation is expressed in the same shape, so both go through one code path.
 */
const idOrObject = z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish();
const metadata = z.record(z.string(), z.string()).nullish();
const text = z.string().nullish();
/** Stripe's shipping details: a name and a postal address (`state` is the region, `postal_code` the code). */
const shippingDetails = z
  .object({
    name: text,
    address: z
      .object({ line1: text, line2: text, city: text, state: text, postal_code: text, country: text })
      .loose()
      .nullish(),
  })
  .loose()
  .nullish();

export const paymentEventSchema = z
  .object({
    id: z.string().min(1).max(255),
    type: z.string().min(1).max(255),
    created: z.number().optional(),
    data: z.object({ object: z.record(z.string(), z.unknown()) }).loose(),
  })
  .loose();
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

export const checkoutSessionSchema = z
  .object({
    id: z.string().min(1),
    amount_total: z.number().int().nullish(),
    currency: z.string().nullish(),
    payment_status: z.string().nullish(),
    metadata,
    client_reference_id: z.string().nullish(),
    subscription: idOrObject,
    customer: idOrObject,
    payment_intent: idOrObject,
    /** Where the shopper asked Stripe's page to ship (the pinned API version's place for it)… */
    collected_information: z.object({ shipping_details: shippingDetails }).loose().nullish(),
    /** …and where webhook endpoints on API versions before 2025-03-31 still send it. */
    shipping_details: shippingDetails,
    customer_details: z.object({ phone: text }).loose().nullish(),
  })
  .loose();
export type CheckoutSessionObject = z.infer<typeof checkoutSessionSchema>;

export const subscriptionObjectSchema = z
  .object({
    id: z.string().min(1),
    status: z.string().nullish(),
    pause_collection: z.unknown().nullish(),
    metadata,
    items: z
      .object({ data: z.array(z.object({ current_period_end: z.number().nullish() }).loose()) })
      .loose()
      .nullish(),
  })
  .loose();

export const invoiceObjectSchema = z
  .object({
    id: z.string().min(1),
    /** "subscription_create" (the checkout's own payment), "subscription_cycle" (a renewal), … */
    billing_reason: z.string().nullish(),
    /** Seconds since the epoch: the start of the period the invoice bills. */
    period_start: z.number().int().nullish(),
    lines: z
      .object({
        data: z.array(z.object({ period: z.object({ start: z.number().int() }).loose().nullish() }).loose()),
      })
      .loose()
      .nullish(),
    subscription: idOrObject,
    /** The invoice's payments: the paid one's payment intent is what a refund of the renewal is made against. */
    payments: z
      .object({
        data: z.array(
          z.object({ payment: z.object({ payment_intent: idOrObject }).loose().nullish() }).loose(),
        ),
      })
      .loose()
      .nullish(),
    /**
     * The taxes the invoice charged, one per tax rate (Stripe Billing's `default_tax_rates`): each amount,
     * whether the price included it, and its rate; null or absent on an untaxed invoice.
     */
    total_taxes: z
      .array(
        z
          .object({
            amount: z.number().int(),
            tax_behavior: z.string().nullish(),
            tax_rate_details: z.object({ tax_rate: idOrObject }).loose().nullish(),
          })
          .loose(),
      )
      .nullish(),
    parent: z
      .object({
        subscription_details: z.object({ subscription: idOrObject, metadata }).loose().nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose();

/** charge.refunded: the payment it belongs to; the refunds themselves are read from Stripe. */
export const chargeObjectSchema = z
  .object({ id: z.string().min(1), payment_intent: idOrObject, amount_refunded: z.number().int().nullish() })
  .loose();

export const idOf = (value: z.infer<typeof idOrObject>): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;
