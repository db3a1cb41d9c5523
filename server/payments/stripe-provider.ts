import Stripe from "stripe";
import type { ShippingAddress } from "../../core/address.ts";
import { TAX_NAMES, type TaxName } from "../../core/tax.ts";
import type { Env } from "../env.ts";
import { percentString, stripeTaxBehavior } from "../tax/payment-taxes.ts";
import {
  type BillingTax,
  type BillingTerms,
  type CheckoutSessionInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderBilling,
  type ProviderRefund,
  type RenewalPromoTerms,
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
 * The Checkout Session parameters for an order: pure, so the mapping is tested without Stripe. Always a
 * one-time payment of the order's total; with subscription lines it also saves the card for the
 * customer, and each subscription is started on Stripe Billing once the payment is in (trial until its
 * next billing date: docs/decisions/016-stripe-subscriptions.md). The customer (created with the order's
 * e-mail and shipping address, docs/decisions/014-addresses.md) is passed when there is one. An order
 * without an address has Stripe's page collect it, in the countries shipped to; the paid event then
 * brings it to the order (docs/decisions/027-address-on-the-payment-page.md).
 */
export function checkoutSessionParams(
  input: CheckoutSessionInput,
  couponId: string | null,
  customerId: string | null = null,
) {
  const hasSubscription = input.lines.some((l) => l.isSubscription);
  const currency = input.currency;
  // Under Stripe Tax every price says whether it contains its tax: the UK's and the EU's do (decision 050).
  const taxBehavior = input.automaticTax ? { tax_behavior: stripeTaxBehavior(currency) } : {};
  // One Stripe line per order line at the line's own total (quantity folded into the name), so Stripe's
  // amount_total is exactly the order's total to the cent, rounding included.
  const lineItems = input.lines.map((l) => ({
    quantity: 1,
    price_data: {
      currency,
      ...taxBehavior,
      unit_amount: l.lineTotalCents,
      product_data: {
        name: `${l.quantity > 1 ? `${l.productName} × ${l.quantity}` : l.productName}${l.isSubscription ? " (first month of a subscription)" : ""}`,
      },
    },
  }));
  if (input.shippingCents > 0) {
    lineItems.push({
      quantity: 1,
      price_data: {
        currency,
        ...taxBehavior,
        unit_amount: input.shippingCents,
        product_data: { name: "Shipping (2-3 business days)" },
      },
    });
  }
  // Each tax the shop added (core/tax.ts) as a line of its own, so the page shows it and the total matches;
  // none under Stripe Tax, which adds its own.
  for (const tax of input.automaticTax ? [] : input.taxLines) {
    if (tax.cents <= 0) continue;
    lineItems.push({
      quantity: 1,
      price_data: { currency, unit_amount: tax.cents, product_data: { name: tax.label } },
    });
  }
  return {
    mode: "payment" as const,
    ...(customerId ? { customer: customerId } : { customer_email: input.email }),
    client_reference_id: input.orderId,
    line_items: lineItems,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    metadata: { orderId: input.orderId, orderNumber: input.orderNumber },
    ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
    ...(input.shippingAddress
      ? {}
      : {
          shipping_address_collection: {
            allowed_countries: [...input.shipTo],
          },
        }),
    // Stripe Tax (decision 050): Checkout taxes the session at the customer's shipping address (the order's,
    // kept on the customer) or the one its page collects, saved on the customer with any billing address.
    ...(input.automaticTax
      ? {
          automatic_tax: { enabled: true },
          ...(customerId
            ? {
                customer_update: {
                  address: "auto" as const,
                  ...(input.shippingAddress ? {} : { shipping: "auto" as const }),
                },
              }
            : {}),
        }
      : {}),
    payment_intent_data: {
      metadata: { orderId: input.orderId, orderNumber: input.orderNumber },
      ...(input.shippingAddress ? { shipping: stripeShipping(input.shippingAddress) } : {}),
      // The card stays on the customer for the subscriptions' renewals, charged without the shopper.
      ...(hasSubscription ? { setup_future_usage: "off_session" as const } : {}),
    },
  };
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
/** trial_end must lie ahead: a date closer than this is left as it is. */
const MIN_LEAD_SECONDS = 60;

/** The Stripe product a catalogue product renews under: one per product, with an id of the shop's. */
export const stripeProductId = (productId: number) => `mana_product_${productId}`;

/**
 * A subscription item's price: the renewal's amount every `intervalMonths` months. Under Stripe Tax
 * (`automaticTax`) it says whether it contains its tax, as the checkout's prices do (decision 050).
 */
export function stripeRecurringPrice(currency: string, terms: BillingTerms, automaticTax = false) {
  return {
    currency,
    ...(automaticTax ? { tax_behavior: stripeTaxBehavior(currency) } : {}),
    product: stripeProductId(terms.productId),
    unit_amount: terms.amountCents,
    recurring: { interval: "month" as const, interval_count: terms.intervalMonths },
  };
}

/**
 * The coupon a subscription's renewals carry for a discount code (core/renewal-promo.ts): the amount each
 * renewal takes off, in the order's currency, for the renewals it discounts (`repeating` over that many
 * billing periods' months) or for every one (`forever`).
 */
export function stripeRenewalCoupon(
  currency: string,
  terms: Pick<BillingTerms, "intervalMonths">,
  promo: RenewalPromoTerms,
) {
  return {
    amount_off: promo.amountOffCents,
    currency,
    name: `Code ${promo.code} on renewals`,
    metadata: { code: promo.code },
    ...(promo.renewals === null
      ? { duration: "forever" as const }
      : { duration: "repeating" as const, duration_in_months: promo.renewals * terms.intervalMonths }),
  };
}

/** Stripe's kind of each tax the shop names. */
const STRIPE_TAX_TYPES: Record<TaxName, "vat" | "gst" | "hst" | "pst" | "qst" | "sales_tax"> = {
  VAT: "vat",
  GST: "gst",
  HST: "hst",
  PST: "pst",
  QST: "qst",
  "Sales tax": "sales_tax",
};

/** One key per tax and place: the same tax rate at Stripe serves every subscription it applies to. */
export function stripeTaxRateKey(tax: BillingTax): string {
  return [tax.country, tax.region ?? "", tax.name, tax.ratePercent, tax.included ? "included" : "added"].join(
    ":",
  );
}

/**
 * The Stripe tax rate of one of a renewal's taxes (decision 050): named as the order's line names it, at the
 * rate table's percent, inclusive where the price contains it (VAT), with the place it is due in. Its
 * metadata says which of the shop's taxes it is, for the renewal invoice's taxes to be read back.
 */
export function stripeTaxRateParams(tax: BillingTax) {
  return {
    display_name: tax.name,
    percentage: Number(tax.ratePercent),
    inclusive: tax.included,
    country: tax.country,
    ...(tax.region ? { state: tax.region } : {}),
    jurisdiction: tax.region ? `${tax.country}-${tax.region}` : tax.country,
    tax_type: STRIPE_TAX_TYPES[tax.name],
    metadata: { manaTax: stripeTaxRateKey(tax), name: tax.name, ratePercent: tax.ratePercent },
  };
}

/** The keys of a subscription's taxes, in order; null when the terms do not say. */
const taxKeys = (terms: BillingTerms): string | null =>
  terms.taxes === undefined ? null : terms.taxes.map(stripeTaxRateKey).join("|");

/**
 * What to ask of Stripe so that a subscription billing `before` bills `after`: pure, tested without
 * Stripe. Every date or price change sets trial_end to the next billing date with no proration, so
 * Stripe charges nothing now and next charges on the shop's date. `newTaxes`: the renewals' taxes changed
 * (a new address in another province or state), to be set as the subscription's tax rates; `newAddress`:
 * the address the renewals ship to changed (Stripe Tax taxes them there). Null when nothing Stripe bills
 * changed.
 */
export function stripeSubscriptionChange(
  before: BillingTerms,
  after: BillingTerms,
  now: Date,
):
  | { cancel: "now" | "at_period_end" }
  | {
      cancel: null;
      params: Record<string, unknown>;
      newPrice: boolean;
      newTaxes?: true;
      newAddress?: true;
    }
  | null {
  if (after.status === "cancelled") {
    if (before.status === "cancelled") return null;
    // An active subscription runs to the end of the period paid for; a paused or unpaid one ends now.
    return { cancel: before.status === "active" ? "at_period_end" : "now" };
  }
  const params: Record<string, unknown> = {};
  if (after.status === "paused" && before.status !== "paused") {
    params.pause_collection = {
      behavior: "void",
      ...(after.pausedUntil ? { resumes_at: unix(after.pausedUntil) } : {}),
    };
  } else if (after.status === "active" && before.status === "paused") {
    params.pause_collection = "";
  }
  const newPrice =
    before.amountCents !== after.amountCents ||
    before.productId !== after.productId ||
    before.intervalMonths !== after.intervalMonths;
  const newDate = before.nextBillingDate.getTime() !== after.nextBillingDate.getTime();
  const pausedForGood = after.status === "paused" && after.pausedUntil === null;
  if ((newPrice || newDate) && !pausedForGood && unix(after.nextBillingDate) > unix(now) + MIN_LEAD_SECONDS) {
    params.trial_end = unix(after.nextBillingDate);
  }
  if (newPrice || "trial_end" in params) params.proration_behavior = "none";
  const newTaxes = after.taxes !== undefined && taxKeys(before) !== taxKeys(after);
  const newAddress =
    after.address !== undefined && JSON.stringify(before.address ?? null) !== JSON.stringify(after.address);
  if (!newPrice && !newTaxes && !newAddress && Object.keys(params).length === 0) return null;
  return {
    cancel: null,
    params,
    newPrice,
    ...(newTaxes ? { newTaxes: true as const } : {}),
    ...(newAddress ? { newAddress: true as const } : {}),
  };
}

/** Stripe Checkout through the official client; every call carries an idempotency key tied to the order. */
export function createStripeProvider(env: Env, client: Stripe = createStripeClient(env)): PaymentProvider {
  return {
    name: "stripe",
    createCheckoutSession: (input) =>
      calling("create the checkout session", async () => {
        let couponId: string | null = null;
        if (input.discountCents > 0) {
          // Bundle savings and the code come off the first payment only (renewals carry their own).
          const coupon = await client.coupons.create(
            {
              amount_off: input.discountCents,
              currency: input.currency,
              duration: "once",
              name: input.discountCode ? `Savings and code ${input.discountCode}` : "Bundle savings",
            },
            { idempotencyKey: `mana-order-coupon:${input.orderId}` },
          );
          couponId = coupon.id;
        }
        const customer = await client.customers.create(
          {
            email: input.email,
            ...(input.shippingAddress
              ? { name: input.shippingAddress.fullName, shipping: stripeShipping(input.shippingAddress) }
              : {}),
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
      }),
    async getSubscription(id) {
      try {
        return stripeSubscriptionState(await client.subscriptions.retrieve(id));
      } catch (err) {
        // Unknown to Stripe (another account's id, or a test object): nothing to apply, no retry loop.
        if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
        throw new PaymentProviderError(`Stripe could not return subscription ${id}.`, { cause: err });
      }
    },
    cardFingerprint: (sessionId) =>
      calling(`read the card that paid session ${sessionId}`, async () => {
        const session = await client.checkout.sessions.retrieve(sessionId, {
          expand: ["payment_intent.payment_method"],
        });
        const intent = session.payment_intent;
        const method = intent && typeof intent === "object" ? intent.payment_method : null;
        return method && typeof method === "object" ? (method.card?.fingerprint ?? null) : null;
      }),
    sessionWithTaxes: (sessionId) =>
      calling(`read the taxes of session ${sessionId}`, () =>
        client.checkout.sessions.retrieve(sessionId, { expand: ["total_details.breakdown"] }),
      ),
    refund: (request) =>
      calling(`refund payment ${request.paymentId}`, async () =>
        stripeRefund(
          await client.refunds.create(
            {
              payment_intent: request.paymentId,
              amount: request.amountCents,
              reason: "requested_by_customer",
              metadata: { refundId: request.refundId, orderId: request.orderId },
            },
            { idempotencyKey: `mana-refund:${request.refundId}` },
          ),
        ),
      ),
    listRefunds: (paymentId) =>
      calling(`list the refunds of payment ${paymentId}`, async () => {
        const list = await client.refunds.list({ payment_intent: paymentId, limit: 100 });
        return list.data.map(stripeRefund);
      }),
    billing: stripeBilling(client, env.TAX_PROVIDER === "stripe"),
  };
}

/** A Stripe refund as the shop reads it: pending until Stripe says it succeeded or failed. */
export function stripeRefund(
  refund: Pick<Stripe.Refund, "id" | "amount" | "status" | "metadata">,
): ProviderRefund {
  return {
    providerRefundId: refund.id,
    amountCents: refund.amount,
    status:
      refund.status === "succeeded"
        ? "succeeded"
        : refund.status === "failed" || refund.status === "canceled"
          ? "failed"
          : "pending",
    shopRefundId: refund.metadata?.refundId ?? null,
  };
}

/** Runs a call to Stripe, reporting any failure as the provider's (the caller answers 502 or 503). */
async function calling<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof PaymentProviderError) throw err;
    throw new PaymentProviderError(`Stripe could not ${what}.`, { cause: err });
  }
}

/** "Visa ending 4242", as the account page shows a saved card. */
function cardLabel(method: Stripe.PaymentMethod): string | null {
  const card = method.card;
  if (!card) return null;
  const brand =
    card.brand === "amex" ? "American Express" : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} ending ${card.last4}`;
}

/** The product a subscription item is priced under: read, or created with the shop's id on first use. */
async function ensureProduct(client: Stripe, terms: BillingTerms): Promise<void> {
  const id = stripeProductId(terms.productId);
  try {
    await client.products.retrieve(id);
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError && err.statusCode === 404)) throw err;
    try {
      await client.products.create({ id, name: terms.productName });
    } catch (createErr) {
      // Created by another process in between: it exists, which is all that is needed.
      if (!(createErr instanceof Stripe.errors.StripeError && createErr.code === "resource_already_exists"))
        throw createErr;
    }
  }
}

/**
 * Stripe Billing: one Stripe subscription per shop subscription (docs/decisions/016-stripe-subscriptions.md),
 * charging each renewal the taxes of its address (decision 050): as the subscription's default tax rates from
 * the shop's table, or, under Stripe Tax (`automaticTax`, TAX_PROVIDER=stripe), as Stripe Tax works them out
 * at the customer's shipping address, which follows the subscription's.
 */
function stripeBilling(client: Stripe, automaticTax: boolean): ProviderBilling {
  // The tax rates found or made, by the shop's key, and the taxes read back, by Stripe's id.
  const rateIds = new Map<string, string>();
  const ratesRead = new Map<string, { name: string; ratePercent: string; included: boolean } | null>();

  /** The ids of the tax rates of `taxes`: an active one the shop made before, else a new one. */
  async function taxRateIds(taxes: readonly BillingTax[]): Promise<string[]> {
    const ids: string[] = [];
    for (const tax of taxes) {
      const key = stripeTaxRateKey(tax);
      let id = rateIds.get(key);
      if (!id) {
        for await (const rate of client.taxRates.list({ active: true, limit: 100 })) {
          if (rate.metadata?.manaTax === key && rate.inclusive === tax.included) {
            id = rate.id;
            break;
          }
        }
        id ??= (
          await client.taxRates.create(stripeTaxRateParams(tax), { idempotencyKey: `mana-tax-rate:${key}` })
        ).id;
        rateIds.set(key, id);
      }
      ids.push(id);
    }
    return ids;
  }

  return {
    start: (input) =>
      calling(`start subscription ${input.subscriptionId}`, async () => {
        const session = await client.checkout.sessions.retrieve(input.sessionId, {
          expand: ["payment_intent.payment_method"],
        });
        const intent = session.payment_intent;
        const method = intent && typeof intent === "object" ? intent.payment_method : null;
        const methodId = typeof method === "string" ? method : (method?.id ?? null);
        if (!methodId) throw new PaymentProviderError(`session ${input.sessionId} saved no card`);
        // The customer's default card is what every one of their subscriptions charges, and what the
        // billing portal replaces.
        await client.customers.update(
          input.customerId,
          { invoice_settings: { default_payment_method: methodId } },
          { idempotencyKey: `mana-customer-card:${input.subscriptionId}` },
        );
        await ensureProduct(client, input.terms);
        const promo = input.promo ?? input.terms.promo ?? null;
        const coupon = promo
          ? await client.coupons.create(stripeRenewalCoupon(input.currency, input.terms, promo), {
              idempotencyKey: `mana-subscription-coupon:${input.subscriptionId}`,
            })
          : null;
        const taxRates = automaticTax ? [] : await taxRateIds(input.terms.taxes ?? []);
        const sub = await client.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price_data: stripeRecurringPrice(input.currency, input.terms, automaticTax) }],
            ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
            // Each renewal's taxes, those of the subscription's address (its invoice's total is the order's).
            ...(automaticTax ? { automatic_tax: { enabled: true } } : {}),
            ...(taxRates.length > 0 ? { default_tax_rates: taxRates } : {}),
            // The first period was paid at checkout: nothing is billed until the next billing date.
            trial_end: unix(input.terms.nextBillingDate),
            proration_behavior: "none",
            metadata: { subscriptionId: input.subscriptionId, orderId: input.orderId },
          },
          { idempotencyKey: `mana-subscription:${input.subscriptionId}` },
        );
        return {
          ...stripeSubscriptionState(sub),
          cardLabel: method && typeof method === "object" ? cardLabel(method) : null,
        };
      }),
    update: (providerId, before, after, idempotencyKey) =>
      calling(`change subscription ${providerId}`, async () => {
        const change = stripeSubscriptionChange(before, after, new Date());
        if (!change) return;
        if (change.cancel !== null) {
          if (change.cancel === "now") await client.subscriptions.cancel(providerId, {}, { idempotencyKey });
          else
            await client.subscriptions.update(providerId, { cancel_at_period_end: true }, { idempotencyKey });
          return;
        }
        const params = { ...change.params } as Stripe.SubscriptionUpdateParams;
        if (change.newTaxes && !automaticTax) {
          const ids = await taxRateIds(after.taxes ?? []);
          params.default_tax_rates = ids.length > 0 ? ids : "";
        }
        if (change.newAddress && automaticTax && after.address) {
          // Stripe Tax taxes the next invoices at the customer's shipping address: the subscription's new one.
          const current = await client.subscriptions.retrieve(providerId);
          const customerId = typeof current.customer === "string" ? current.customer : current.customer.id;
          await client.customers.update(
            customerId,
            { shipping: stripeShipping(after.address) },
            { idempotencyKey: `${idempotencyKey}:shipping` },
          );
        }
        if (!change.newPrice && Object.keys(params).length === 0) return;
        if (change.newPrice) {
          const current = await client.subscriptions.retrieve(providerId);
          const item = current.items.data[0];
          if (!item) throw new PaymentProviderError(`subscription ${providerId} has no item`);
          await ensureProduct(client, after);
          params.items = [
            { id: item.id, price_data: stripeRecurringPrice(current.currency, after, automaticTax) },
          ];
          // A discount code's amount that follows the new price (a percentage) gets a coupon of its own for
          // the renewals it has left; one that ended (a swap the code does not cover) is taken off.
          const promoBefore = before.promo ?? null;
          const promoAfter = after.promo ?? null;
          if (promoBefore?.amountOffCents !== promoAfter?.amountOffCents) {
            if (!promoAfter) params.discounts = "";
            else {
              const coupon = await client.coupons.create(
                stripeRenewalCoupon(current.currency, after, promoAfter),
                { idempotencyKey: `${idempotencyKey}:coupon` },
              );
              params.discounts = [{ coupon: coupon.id }];
            }
          }
        }
        await client.subscriptions.update(providerId, params, { idempotencyKey });
      }),
    cardUpdateUrl: (customerId, returnUrl) =>
      calling("open the billing portal", async () => {
        const portal = await client.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          flow_data: {
            type: "payment_method_update",
            after_completion: { type: "redirect", redirect: { return_url: returnUrl } },
          },
        });
        return portal.url;
      }),
    afterCardUpdate: (providerId, customerId) =>
      calling(`follow the card update of ${providerId}`, async () => {
        const sub = await client.subscriptions.retrieve(providerId, { expand: ["latest_invoice"] });
        const invoice = sub.latest_invoice;
        let retried: "paid" | "declined" | null = null;
        if (invoice && typeof invoice === "object" && invoice.status === "open" && invoice.id) {
          try {
            await client.invoices.pay(invoice.id);
            retried = "paid";
          } catch (err) {
            // Declined again: invoice.payment_failed reports it, as for any renewal.
            if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
            retried = "declined";
          }
        }
        const customer = await client.customers.retrieve(customerId, {
          expand: ["invoice_settings.default_payment_method"],
        });
        const method = customer.deleted ? null : customer.invoice_settings?.default_payment_method;
        return { cardLabel: method && typeof method === "object" ? cardLabel(method) : null, retried };
      }),
    taxRate: (id) =>
      calling(`read tax rate ${id}`, async () => {
        if (ratesRead.has(id)) return ratesRead.get(id) ?? null;
        let read: { name: string; ratePercent: string; included: boolean } | null = null;
        try {
          const rate = await client.taxRates.retrieve(id);
          // The shop's own rates say which of its taxes they are; Stripe Tax's are read by their display name
          // (the shop's name when it is one of them, "Sales Tax" is "Sales tax") and percentage.
          const shown = rate.display_name.trim();
          const name =
            rate.metadata?.name ??
            TAX_NAMES.find((n) => n.toLowerCase() === shown.toLowerCase()) ??
            (shown || null);
          const ratePercent = rate.metadata?.ratePercent ?? percentString(rate.percentage);
          read = name ? { name, ratePercent, included: rate.inclusive } : null;
        } catch (err) {
          if (!(err instanceof Stripe.errors.StripeError && err.statusCode === 404)) throw err;
        }
        ratesRead.set(id, read);
        return read;
      }),
  };
}
