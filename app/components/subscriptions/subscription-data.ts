import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { subscriptionActionBodies } from "../../../core/contracts/subscriptions.ts";
import type { SubscriptionAction } from "../../../core/subscription-rules.ts";
import { apiRequest } from "../../lib/api.ts";

type Bodies = typeof subscriptionActionBodies;
/** One action with the body its route takes (core/contracts/subscriptions.ts). */
export type ActionRequest = {
  [A in SubscriptionAction]: { action: A; body: z.input<Bodies[A]> };
}[SubscriptionAction];

/** A product as GET /api/products lists it: what the swap choices and "Subscribe again" need. */
export interface ShopProduct {
  id: number;
  slug: string;
  name: string;
  priceCents: number;
  subscriptionDiscount: number | null;
}

/** The catalogue: four products that change only with the seed, so read once a visit. */
export function useProducts(enabled = true) {
  return useQuery({
    queryKey: ["/api/products"],
    queryFn: () => apiRequest<ShopProduct[]>("GET", "/api/products"),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** The stacks' names by slug, to say which stack a subscription came with. */
export function useStackNames(enabled: boolean) {
  return useQuery({
    queryKey: ["/api/content/stacks"],
    queryFn: () => apiRequest<{ slug: string; name: string }[]>("GET", "/api/content/stacks"),
    select: (stacks) => new Map(stacks.map((s) => [s.slug, s.name])),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
