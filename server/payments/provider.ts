/**
 * The seam between the shop and whoever takes the card: the sandbox page served by the shop, or Stripe
 * Checkout. Providers take payments and report them; the orders decide what a payment changes. Amounts
 * are integer cents.
 */

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
  currency: string;
  lines: CheckoutLine[];
  /** Bundle savings taken off the first payment. */
  discountCents: number;
  shippingCents: number;
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
  status: "active" | "paused" | "cancelled";
  /** Seconds since the epoch, when the provider knows it. */
  currentPeriodEnd: number | null;
}

export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  /** The provider's current view of a subscription; null when it does not keep subscriptions. */
  getSubscription(id: string): Promise<ProviderSubscriptionState | null>;
}

/** The provider could not be reached or refused the call: the visitor sees the checkout error and may retry. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}
