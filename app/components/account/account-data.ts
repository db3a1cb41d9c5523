import { useQuery } from "@tanstack/react-query";
import type { OrderView, SubscriptionView } from "../../../core/contracts/orders.ts";
import { apiRequest } from "../../lib/api.ts";

/** Orders and subscriptions are fetched only when signed in: a visitor has none to read. */
export function useOrders(enabled: boolean) {
  return useQuery({
    queryKey: ["/api/orders"],
    queryFn: () => apiRequest<OrderView[]>("GET", "/api/orders"),
    enabled,
  });
}

export function useSubscriptions(enabled: boolean) {
  return useQuery({
    queryKey: ["/api/subscriptions"],
    queryFn: () => apiRequest<SubscriptionView[]>("GET", "/api/subscriptions"),
    enabled,
  });
}
