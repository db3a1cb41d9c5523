import { useQuery } from "@tanstack/react-query";

/** An order as GET /api/orders returns it (spec point 3: both the account tab's and the orders page's shapes). */
export interface OrderView {
  id: string;
  orderNumber?: string;
  date?: string;
  createdAt?: string;
  created_at?: string;
  status: string;
  items: { productName?: string; name?: string; quantity: number; price?: string | number }[];
  total?: number | string;
  totalAmount?: number | string;
  total_amount?: number | string;
  trackingCode?: string | null;
}

export interface SubscriptionView {
  id: string;
  productName: string;
  amount: number | string;
  interval: string;
  status: string;
  nextBillingDate: string;
}

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

export const orderDate = (o: OrderView) => o.createdAt ?? o.created_at ?? o.date ?? "";
export const orderTotal = (o: OrderView) => Number(o.totalAmount ?? o.total_amount ?? o.total ?? 0);
export const money = (n: number | string) => `$${Number(n).toFixed(2)}`;

export function formatDate(value: string | Date | undefined | null): string {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
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
