import type { z } from "zod";
import type { subscriptionActionBodies } from "../../../core/contracts/subscriptions.ts";
import type { SubscriptionAction } from "../../../core/subscription-rules.ts";

type Bodies = typeof subscriptionActionBodies;
/** One action with the body its route takes (core/contracts/subscriptions.ts). */
export type ActionRequest = {
  [A in SubscriptionAction]: { action: A; body: z.input<Bodies[A]> };
}[SubscriptionAction];
