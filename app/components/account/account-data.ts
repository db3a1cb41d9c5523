import { useQuery } from "@tanstack/react-query";
import type { OrderView, SubscriptionView } from "../../../core/contracts/orders.ts";

/** Reads JSON; any non-successful answer becomes '{status}: {body}' (spec point 8). */
export async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: "include" });
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text || res.statusText}`);
  return JSON.parse(text) as T;
}

/** Orders and subscriptions are fetched only when signed in (spec point 6). */
export function useOrders(enabled: boolean) {
  return useQuery({
    queryKey: ["/api/orders"],
    queryFn: () => getJson<OrderView[]>("/api/orders"),
    enabled,
  });
}

export function useSubscriptions(enabled: boolean) {
  return useQuery({
    queryKey: ["/api/subscriptions"],
    queryFn: () => getJson<SubscriptionView[]>("/api/subscriptions"),
    enabled,
  });
}

/** Spec point 4: delivered and active green; processing and shipped blue; pending and paused yellow; cancelled red; else grey. */
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
      return "bg-[#f6dada] text-[#8a1f1f]";
    default:
      return "bg-[#e6e6e3] text-[#3d403e]";
  }
}
