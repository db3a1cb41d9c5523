import type { Env } from "../env.ts";
import type { PaymentProvider } from "./provider.ts";
import { createSandboxProvider } from "./sandbox-provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";

/** PAYMENT_PROVIDER, or by default stripe when a secret key is set and the offline sandbox otherwise. */
export function paymentProviderName(env: Env): "sandbox" | "stripe" {
  return env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? "stripe" : "sandbox");
}

export function createPaymentProvider(env: Env): PaymentProvider {
  return paymentProviderName(env) === "stripe" ? createStripeProvider(env) : createSandboxProvider();
}
