import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  SubscriptionActionResponse,
  SubscriptionView,
  subscriptionActionBodies,
} from "../../../core/contracts/subscriptions.ts";
import type { SubscriptionAction } from "../../../core/subscription-rules.ts";
import { apiRequest } from "../../lib/api.ts";

export const subscriptionsKey = ["/api/subscriptions"] as const;

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

/** The list with one subscription replaced by the server's answer. */
export function withSubscription(list: SubscriptionView[], sub: SubscriptionView): SubscriptionView[] {
  return list.map((s) => (s.id === sub.id ? sub : s));
}

/**
 * POST /api/subscriptions/:id/:action. The answer is the subscription after the change; it replaces the
 * old one in the list at once, so no card shows what it was before.
 */
export function useSubscriptionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: ActionRequest }) =>
      apiRequest<SubscriptionActionResponse>(
        "POST",
        `/api/subscriptions/${id}/${request.action}`,
        request.body,
      ),
    onSuccess: async (answer) => {
      await queryClient.cancelQueries({ queryKey: subscriptionsKey });
      queryClient.setQueryData<SubscriptionView[]>(subscriptionsKey, (list) =>
        list ? [answer.subscription, ...(answer.others ?? [])].reduce(withSubscription, list) : list,
      );
    },
  });
}

/** Reads the list again: after a refusal (the subscription changed elsewhere) or a new card. */
export function useRefreshSubscriptions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: subscriptionsKey });
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
