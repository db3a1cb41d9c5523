import { z } from "zod";
import type { ShippingAddress } from "../../core/address.ts";
import { DEFAULT_LOCALE, isLocale, localeOfPath, pathInLocale } from "../../core/i18n/locales.ts";
import type { TaxQuote } from "../../core/tax.ts";
import { randomId } from "../lib/random-id.ts";
import { quoteAsSessionTaxes } from "../tax/payment-taxes.ts";
import { asCollectedByStripe } from "./collected-address.ts";
import type { PaymentEvent } from "./event-schemas.ts";
import type { PaymentProvider } from "./provider.ts";

export const SANDBOX_SESSION_PREFIX = "cs_sandbox_";

/** A session id as the sandbox makes them; anything else is not one of its sessions. */
export const sandboxSessionId = z.string().regex(new RegExp(`^${SANDBOX_SESSION_PREFIX}[A-Za-z0-9]{32}$`));

/**
 * The offline provider: its "hosted page" is the shop's own /pay/{sessionId}, clearly marked as test
 * mode. A session id is 32 random characters, so nobody reaches another visitor's page by guessing.
 */
/**
 * The sandbox page's address. As a hosted page keeps the success URL it was given, it names the language
 * of the shop's page it returns to (`?lang=es`; docs/decisions/049-languages.md); the page itself is English.
 */
function sandboxPageUrl(origin: string, sessionId: string, successUrl: string): string {
  const locale = localeOfPath(new URL(successUrl).pathname);
  return `${origin}/pay/${sessionId}${locale === DEFAULT_LOCALE ? "" : `?lang=${locale}`}`;
}

/** Where the sandbox sends a session's shopper once paid: the success page in the session's language. */
export function sandboxSuccessPath(checkoutUrl: string | null, sessionId: string): string {
  const lang = checkoutUrl ? new URL(checkoutUrl, "http://sandbox.invalid").searchParams.get("lang") : null;
  const success = pathInLocale("/success", isLocale(lang) ? lang : DEFAULT_LOCALE);
  return `${success}?session_id=${encodeURIComponent(sessionId)}`;
}

export function createSandboxProvider(): PaymentProvider {
  return {
    name: "sandbox",
    async createCheckoutSession(input) {
      const sessionId = `${SANDBOX_SESSION_PREFIX}${randomId(32)}`;
      return { sessionId, url: sandboxPageUrl(input.origin, sessionId, input.successUrl) };
    },
    async getSubscription() {
      return null;
    },
    async cardFingerprint() {
      return null;
    },
    // Test money: a refund is given back at once, and the shop's own rows are the only record of it.
    async refund(request) {
      return {
        providerRefundId: `re_sandbox_${randomId(24)}`,
        amountCents: request.amountCents,
        status: "succeeded",
        shopRefundId: request.refundId,
      };
    },
    async listRefunds() {
      return null;
    },
    // The shop's scheduler renews sandbox subscriptions with the saved test card.
    billing: null,
  };
}

/** What the sandbox charged on one of its sessions. */
export interface SandboxPayment {
  sessionId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  hasSubscription: boolean;
  /** The saved card's token and label, when the order has subscriptions to renew. */
  card?: { token: string; label: string } | null;
  /** The address typed on the card page, for an order begun without one. */
  shippingAddress?: ShippingAddress | null;
  /** Which test card paid (server/payments/sandbox-card.ts, sandboxCardFingerprint), never its number. */
  cardFingerprint?: string | null;
  /**
   * The taxes the card page quoted for the address typed on it (decision 050), included in `amountCents`;
   * reported as Stripe Tax reports a session's (`automatic_tax`, `total_details`).
   */
  taxes?: TaxQuote | null;
}

/**
 * The sandbox's report of a successful card payment, in the shape of Stripe's
 * checkout.session.completed: one id per session, so paying a session twice reports one event.
 */
export function sandboxPaymentEvent(payment: SandboxPayment): PaymentEvent {
  const suffix = payment.sessionId.slice(SANDBOX_SESSION_PREFIX.length);
  return {
    id: `evt_sandbox_${suffix}`,
    type: "checkout.session.completed",
    data: {
      object: {
        id: payment.sessionId,
        object: "checkout.session",
        amount_total: payment.amountCents,
        currency: payment.currency,
        payment_status: "paid",
        metadata: {
          orderId: payment.orderId,
          ...(payment.card ? { cardToken: payment.card.token, cardLabel: payment.card.label } : {}),
          ...(payment.cardFingerprint ? { cardFingerprint: payment.cardFingerprint } : {}),
        },
        customer: `cus_sandbox_${suffix}`,
        subscription: payment.hasSubscription ? `sub_sandbox_${suffix}` : null,
        ...(payment.shippingAddress ? asCollectedByStripe(payment.shippingAddress) : {}),
        ...(payment.taxes ? quoteAsSessionTaxes(payment.taxes) : {}),
      },
    },
  };
}
