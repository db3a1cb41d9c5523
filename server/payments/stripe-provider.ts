import Stripe from "stripe";
import type { ShippingAddress } from "../../core/address.ts";
import type { Env } from "../env.ts";
import {
  type CheckoutSessionInput,
  type PaymentProvider,
  PaymentProviderError,
  stripeSubscriptionState,
} from "./provider.ts";

/**
 * Budget for one call to Stripe, retries included: the visitor must see the checkout error within
 * 10 s when Stripe answers 500, drops the connection or hangs. The client retries once with the same
 * idempotency key, so a retry never creates a second session.
 */
const REQUEST_TIMEOUT_MS = 4_000;
const MAX_NETWORK_RETRIES = 1;

export function createStripeClient(env: Env): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  return new Stripe(env.STRIPE_SECRET_KEY, {
    timeout: REQUEST_TIMEOUT_MS,
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    telemetry: false,
    appInfo: { name: "MANA storefront" },
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
  });
}

/** The address as Stripe's `shipping` (on the customer and on a one-time payment). */
export function stripeShipping(a: ShippingAddress) {
  return {
    name: a.fullName,
    ...(a.phone ? { phone: a.phone } : {}),
    address: {
      line1: a.line1,
      ...(a.line2 ? { line2: a.line2 } : {}),
      city: a.city,
      state: a.region,
      postal_code: a.postalCode,
      country: a.country,
    },
  };
}

/**
 * The Checkout Session parameters for an order: pure, so the mapping is tested without Stripe. The
 * customer (created with the order's e-mail and shipping address, docs/decisions/014-addresses.md) is
 * passed when there is one; the address also rides on a one-time payment's PaymentIntent.
 */
export function checkoutSessionParams(
  input: CheckoutSessionInput,
  couponId: string | null,
  customerId: string | null = null,
) {
  const hasSubscription = input.lines.some((l) => l.isSubscription);
  const currency = input.currency;
  // One Stripe line per order line at the line's own total (quantity folded into the name), so Stripe's
  // amount_total is exactly the order's total to the cent, rounding included.
  const lineItems = input.lines.map((l) => ({
    quantity: 1,
    price_data: {
      currency,
      unit_amount: l.lineTotalCents,
      product_data: { name: l.quantity > 1 ? `${l.productName} × ${l.quantity}` : l.productName },
      ...(l.isSubscription ? { recurring: { interval: "month" as const } } : {}),
    },
  }));
  if (input.shippingCents > 0) {
    lineItems.push({
      quantity: 1,
      price_data: {
        currency,
        unit_amount: input.shippingCents,
        product_data: { name: "Shipping (2-3 business days)" },
      },
    });
  }
  return {
    mode: hasSubscription ? ("subscription" as const) : ("payment" as const),
    ...(customerId ? { customer: customerId } : { customer_email: input.email }),
    client_reference_id: input.orderId,
    line_items: lineItems,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    metadata: { orderId: input.orderId, orderNumber: input.orderNumber },
    ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
    ...(hasSubscription
      ? { subscription_data: { metadata: { orderId: input.orderId, orderNumber: input.orderNumber } } }
      : {
          payment_intent_data: {
            metadata: { orderId: input.orderId, orderNumber: input.orderNumber },
            shipping: stripeShipping(input.shippingAddress),
          },
        }),
  };
}

/** Stripe Checkout through the official client; every call carries an idempotency key tied to the order. */
export function createStripeProvider(env: Env, client: Stripe = createStripeClient(env)): PaymentProvider {
  return {
    name: "stripe",
    async createCheckoutSession(input) {
      try {
        let couponId: string | null = null;
        if (input.discountCents > 0) {
          // Bundle savings come off the first payment only.
          const coupon = await client.coupons.create(
            {
              amount_off: input.discountCents,
              currency: input.currency,
              duration: "once",
              name: "Bundle savings",
            },
            { idempotencyKey: `mana-order-coupon:${input.orderId}` },
          );
          couponId = coupon.id;
        }
        const customer = await client.customers.create(
          {
            email: input.email,
            name: input.shippingAddress.fullName,
            shipping: stripeShipping(input.shippingAddress),
            metadata: { orderNumber: input.orderNumber },
          },
          { idempotencyKey: `mana-order-customer:${input.orderId}` },
        );
        const params = checkoutSessionParams(input, couponId, customer.id);
        const session = await client.checkout.sessions.create(params, {
          idempotencyKey: `mana-order-session:${input.orderId}`,
        });
        if (!session.url) throw new PaymentProviderError("Stripe returned a session without a URL.");
        return { sessionId: session.id, url: session.url };
      } catch (err) {
        if (err instanceof PaymentProviderError) throw err;
        throw new PaymentProviderError("Stripe could not create the checkout session.", { cause: err });
      }
    },
    async getSubscription(id) {
      try {
        return stripeSubscriptionState(await client.subscriptions.retrieve(id));
      } catch (err) {
        // Unknown to Stripe (another account's id, or a test object): nothing to apply, no retry loop.
        if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
        throw new PaymentProviderError(`Stripe could not return subscription ${id}.`, { cause: err });
      }
    },
  };
}
