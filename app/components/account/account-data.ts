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

/** Status badge colours: delivered and active green; processing and shipped blue; pending and paused yellow; cancelled and a failed renewal (past_due) red; else grey. */
export function badgeClass(status: string): string {
  switch (status) {
    case "delivered":
    case "active":
    case "paid":
      return "bg-[#dcefe2] text-[#1d5a36]";
    case "processing":
    case "shipped":
      return "bg-[#dde7f7] text-[#1f4a8a]";
    case "pending":
    case "paused":
      return "bg-[#f7ecc8] text-[#6b4e00]";
    case "cancelled":
    case "past_due":
      return "bg-[#f6dada] text-[#8a1f1f]";
    default:
      return "bg-[#e6e6e3] text-[#3d403e]";
  }
}
