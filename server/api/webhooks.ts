import { Hono } from "hono";
import type { AppServices } from "../context.ts";
import { shopDeps } from "../deps.ts";
import { InvalidInput, notFound, TryAgainLater } from "../domain-errors.ts";
import { paymentProviderName } from "../payments/create-provider.ts";
import { paymentEventSchema } from "../payments/event-schemas.ts";
import { PaymentProviderError } from "../payments/provider.ts";
import { reportPaymentEvent } from "../payments/report-event.ts";

/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body with STRIPE_WEBHOOK_SECRET before
 * anything is read from it. Stripe sends no Origin header, so the CSRF check lets it through; the
 * signature is what authenticates it. A 2xx tells Stripe not to send the event again; a 5xx asks for
 * redelivery (nothing was stored).
 */
export function webhooksApi(services: AppServices) {
  const { env } = services;
  return new Hono().post("/stripe", async (c) => {
    const secret = env.STRIPE_WEBHOOK_SECRET;
    if (paymentProviderName(env) !== "stripe" || !secret) {
      throw notFound("Stripe webhooks are not enabled on this shop.");
    }
    const signature = c.req.header("stripe-signature");
    if (!signature) throw new InvalidInput("missing_signature", "The Stripe-Signature header is missing.");
    const raw = await c.req.text();
    // Loaded here, not with the module: only a shop that pays through Stripe loads its client (create-provider.ts).
    const { default: Stripe } = await import("stripe");
    let verified: unknown;
    try {
      verified = Stripe.webhooks.constructEvent(raw, signature, secret);
    } catch {
      throw new InvalidInput("invalid_signature", "The webhook signature is not valid.");
    }
    const event = paymentEventSchema.safeParse(verified);
    if (!event.success) throw new InvalidInput("invalid_event", "The webhook payload is not a Stripe event.");
    try {
      const outcome = await reportPaymentEvent(shopDeps(services), "stripe", event.data);
      return c.json({ received: true, outcome });
    } catch (err) {
      if (err instanceof PaymentProviderError) {
        services.logger.warn({ err, eventId: event.data.id }, "webhook needs Stripe, which did not answer");
        throw new TryAgainLater(
          "payment_provider_unavailable",
          "Stripe could not be reached; send the event again.",
        );
      }
      if (err instanceof Error && err.name === "ZodError") {
        throw new InvalidInput("invalid_event", "The webhook payload is not a Stripe event of this type.");
      }
      throw err;
    }
  });
}
