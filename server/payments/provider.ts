/**
 * The seam between the shop and whoever takes the card: the sandbox page served by the shop, or Stripe
 * Checkout. Providers take payments and report them; the orders decide what a payment changes. Amounts
 * are integer cents.
 */
import type { ShippingAddress } from "../../core/address.ts";

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
  /** Where the order ships: Stripe keeps it on the customer and the payment; the sandbox page shows it. */
  shippingAddress: ShippingAddress;
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
  status: "active" | "paused" | "past_due" | "cancelled";
  /** Seconds since the epoch, when the provider knows it. */
  currentPeriodEnd: number | null;
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
    items?: { data?: { current_period_end?: number | null }[] } | null;
  },
  deleted = false,
): ProviderSubscriptionState {
  const status =
    deleted || sub.status === "canceled" || sub.status === "incomplete_expired"
      ? "cancelled"
      : sub.status === "paused" || sub.pause_collection
        ? "paused"
        : sub.status === "past_due" || sub.status === "unpaid"
          ? "past_due"
          : "active";
  const ends = (sub.items?.data ?? [])
    .map((i) => i.current_period_end)
    .filter((n): n is number => typeof n === "number");
  return { id: sub.id, status, currentPeriodEnd: ends.length ? Math.min(...ends) : null };
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
