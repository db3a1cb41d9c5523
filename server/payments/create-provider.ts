import type { Env } from "../env.ts";
import type { PaymentProvider } from "./provider.ts";
import { createSandboxProvider } from "./sandbox-provider.ts";

/** PAYMENT_PROVIDER, or by default stripe when a secret key is set and the offline sandbox otherwise. */
export function paymentProviderName(env: Env): "sandbox" | "stripe" {
  return env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? "stripe" : "sandbox");
}

/**
 * The shop's payment provider. Stripe's client is loaded only by a shop that pays through Stripe: its
 * modules hold about 8 MB of the process's memory (docs/performance.md, "What the server holds when it
 * starts").
 */
export async function createPaymentProvider(env: Env): Promise<PaymentProvider> {
  if (paymentProviderName(env) !== "stripe") return createSandboxProvider();
  const { createStripeProvider } = await import("./stripe-provider.ts");
  return createStripeProvider(env);
}
