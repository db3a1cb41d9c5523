/**
 * The seam between the shop and whoever takes the card: the sandbox page served by the shop, or Stripe
 * Checkout. Providers take payments and report them; the orders decide what a payment changes. Amounts
 * are integer cents.
 */
import type { ShippingAddress } from "../../core/address.ts";
import type { TaxName } from "../../core/tax.ts";

export interface CheckoutLine {
  productName: string;
  quantity: number;
  isSubscription: boolean;
  /** What the line costs in total (after its subscription discount): charged monthly for subscriptions. */
  lineTotalCents: number;
}

export interface CheckoutSessionInput {
  orderId: string;
  orderNumber: string;
  email: string;
  /**
   * Where the order ships: Stripe keeps it on the customer and the payment; the sandbox page shows it.
   * Null: the provider's page collects it, in one of `shipTo` (docs/decisions/027-address-on-the-payment-page.md).
   */
  shippingAddress: ShippingAddress | null;
  /**
   * The countries the provider's page may collect the address in: those shipped to whose orders are in
   * `currency` (server/markets/markets.ts countriesIn, decision 051).
   */
  shipTo: readonly string[];
  currency: string;
  lines: CheckoutLine[];
  /** Bundle savings of stacks bought once and the discount code, taken off the first payment. */
  discountCents: number;
  /** The discount code among them, for the provider's name of the reduction. */
  discountCode?: string | null;
  shippingCents: number;
  /** The taxes added at checkout (sales tax, GST, HST, PST, QST), each as the order names it ("HST 13%"). */
  taxLines: { label: string; cents: number }[];
  /**
   * Stripe Tax works out the taxes on the payment page (Checkout's automatic tax, TAX_PROVIDER=stripe):
   * `taxLines` is empty then, and `totalCents` is before tax (decision 050).
   */
  automaticTax?: boolean;
  totalCents: number;
  /** Absolute URLs: `{CHECKOUT_SESSION_ID}` in successUrl is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  /** The shop's own origin, for providers that serve their page from the shop. */
  origin: string;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

/** A subscription as the provider holds it now: events are applied by re-reading this, so order never matters. */
export interface ProviderSubscriptionState {
  id: string;
  /** "cancelled" also when it is set to end at the end of its period: nothing more will be billed. */
  status: "active" | "paused" | "past_due" | "cancelled";
  /** Seconds since the epoch, when the provider knows it. */
  currentPeriodEnd: number | null;
  /** When a cancelled subscription stops (seconds since the epoch), when the provider says. */
  endsAt: number | null;
  /** The shop's subscription id the provider keeps in its metadata, when it has one. */
  shopSubscriptionId: string | null;
}

/** What a subscription bills, as the shop keeps it: the provider's copy is made to match it. */
export interface BillingTerms {
  status: "active" | "paused" | "past_due" | "cancelled";
  productId: number;
  productName: string;
  /** What each renewal charges, in cents. */
  amountCents: number;
  intervalMonths: number;
  nextBillingDate: Date;
  pausedUntil: Date | null;
  /** A discount code still discounting renewals (core/renewal-promo.ts); null or absent: none. */
  promo?: RenewalPromoTerms | null;
  /**
   * The taxes each renewal charges at the subscription's address (decision 050), as the shop's tax provider
   * names them; absent: not given (nothing to change), empty: none.
   */
  taxes?: BillingTax[];
  /**
   * The address the renewals ship to, for a provider that taxes them itself (Stripe Tax taxes each invoice at
   * the customer's shipping address); absent: not given.
   */
  address?: ShippingAddress | null;
}

/** One tax a provider's renewals charge: a Stripe tax rate, added to the price or included in it. */
export interface BillingTax {
  /** As an order line names it: "HST", "Sales tax", "VAT". */
  name: TaxName;
  /** A decimal percent string: "13", "9.975". */
  ratePercent: string;
  included: boolean;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The state or province it is due in; null for a country's own tax. */
  region: string | null;
}

/** A tax a provider's renewal invoice charged: what the renewal order's tax line records. */
export interface ChargedTax {
  /** The shop's name of the tax ("HST", "Sales tax"); one Stripe Tax names otherwise is kept as it named it. */
  name: string;
  ratePercent: string;
  amountCents: number;
  included: boolean;
}

/** What each discounted renewal takes off, and for how many renewals (null: every one). */
export interface RenewalPromoTerms {
  code: string;
  amountOffCents: number;
  renewals: number | null;
}

/** A subscription to start with the provider once its first payment (which saved the card) is in. */
export interface SubscriptionStart {
  /** The shop's subscription id: kept in the provider's metadata and its idempotency key. */
  subscriptionId: string;
  orderId: string;
  customerId: string;
  /** The checkout session whose payment saved the card that renewals charge. */
  sessionId: string;
  currency: string;
  terms: BillingTerms;
  /**
   * A discount code carried into the renewals (core/renewal-promo.ts): what each discounted renewal takes
   * off, and how many renewals it discounts (null: every one). Null or absent: none.
   */
  promo?: RenewalPromoTerms | null;
}

/**
 * A provider that renews subscriptions itself (Stripe Billing): the shop starts each subscription there,
 * sends every change there first, and follows the provider's verified events. The sandbox has none: the
 * shop's scheduler renews its subscriptions (server/subscriptions/run-due.ts).
 */
export interface ProviderBilling {
  /** The started subscription, and the saved card as the account page shows it ("Visa ending 4242"). */
  start(input: SubscriptionStart): Promise<ProviderSubscriptionState & { cardLabel: string | null }>;
  /** Makes the provider's subscription bill `after` instead of `before`; nothing when they bill alike. */
  update(
    providerId: string,
    before: BillingTerms,
    after: BillingTerms,
    idempotencyKey: string,
  ): Promise<void>;
  /** A page of the provider's where the customer replaces the card their subscriptions charge. */
  cardUpdateUrl(customerId: string, returnUrl: string): Promise<string>;
  /**
   * After the customer replaced their card: charges the subscription's unpaid invoice again now (a decline
   * is reported by event, as for any renewal) and answers the new card's label.
   */
  afterCardUpdate(
    providerId: string,
    customerId: string,
  ): Promise<{ cardLabel: string | null; retried: "paid" | "declined" | null }>;
  /** The tax a provider's tax rate stands for (a renewal invoice names its taxes by rate); null: not the shop's. */
  taxRate(id: string): Promise<Omit<ChargedTax, "amountCents"> | null>;
}

/**
 * A Stripe subscription object (from the API or inside a webhook event) as the shop's state. `deleted`:
 * the event says it was deleted, whatever status it carries.
 */
export function stripeSubscriptionState(
  sub: {
    id: string;
    status?: string | null;
    pause_collection?: unknown;
    cancel_at_period_end?: boolean | null;
    cancel_at?: number | null;
    ended_at?: number | null;
    metadata?: Record<string, string> | null;
    items?: { data?: { current_period_end?: number | null }[] } | null;
  },
  deleted = false,
): ProviderSubscriptionState {
  const ended = deleted || sub.status === "canceled" || sub.status === "incomplete_expired";
  const ending = Boolean(sub.cancel_at_period_end) || typeof sub.cancel_at === "number";
  const status =
    ended || ending
      ? "cancelled"
      : sub.status === "paused" || sub.pause_collection
        ? "paused"
        : sub.status === "past_due" || sub.status === "unpaid"
          ? "past_due"
          : "active";
  const ends = (sub.items?.data ?? [])
    .map((i) => i.current_period_end)
    .filter((n): n is number => typeof n === "number");
  const currentPeriodEnd = ends.length ? Math.min(...ends) : null;
  return {
    id: sub.id,
    status,
    currentPeriodEnd,
    endsAt: ended ? (sub.ended_at ?? null) : ending ? (sub.cancel_at ?? currentPeriodEnd) : null,
    shopSubscriptionId: sub.metadata?.subscriptionId ?? null,
  };
}

/** Money given back on a payment, as the provider reports it. */
export interface ProviderRefund {
  providerRefundId: string;
  amountCents: number;
  status: "pending" | "succeeded" | "failed";
  /** The shop's refund id the provider keeps in its metadata; null for a refund made in the provider's own dashboard. */
  shopRefundId: string | null;
}

export interface RefundRequest {
  /** The payment to refund (orders.provider_payment_id). */
  paymentId: string;
  amountCents: number;
  /** The shop's refund id: the provider's idempotency key and metadata, so a retried call refunds once. */
  refundId: string;
  orderId: string;
}

export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  /** Gives back part or all of a payment. A provider failure throws PaymentProviderError: nothing was refunded. */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Every refund the provider holds for a payment (its own dashboard's too); null when it keeps none of its own. */
  listRefunds(paymentId: string): Promise<ProviderRefund[] | null>;
  /** The provider's current view of a subscription; null when it does not keep subscriptions. */
  getSubscription(id: string): Promise<ProviderSubscriptionState | null>;
  /**
   * Which card paid a checkout session, as the provider fingerprints cards (never the number), read after
   * the payment; null when it does not say. The sandbox answers null: it reports its fingerprint with the
   * payment itself.
   */
  cardFingerprint(sessionId: string): Promise<string | null>;
  /** Null when the shop renews this provider's subscriptions itself. */
  readonly billing: ProviderBilling | null;
  /**
   * A checkout session read again with its taxes' breakdown (`total_details.breakdown`, which Stripe's
   * events leave out), for an order Stripe Tax taxed (decision 050); absent where nothing taxes sessions.
   */
  sessionWithTaxes?(sessionId: string): Promise<unknown>;
}

/** The provider could not be reached or refused the call: the visitor sees the checkout error and may retry. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}
