import { QueryClient } from "./query.ts";

/**
 * Reads fresh 5 minutes, refetched on window focus, unused cache dropped after 5 minutes, no retries
 * (app/lib/query.ts never retries; the cart's adds retry on their own, app/hooks/use-cart.ts).
 *
 * On the server a client lives for one render: its queries must never schedule the 5-minute drop, whose
 * timer would keep the client, every query and the closures they captured alive for 5 minutes after the
 * response (about 100 KB a rendered page; bench/soak.mjs measures it). `Infinity` schedules nothing, so
 * the render's client is garbage as soon as the response is sent.
 */
export function createQueryClient() {
  const gcTime = typeof window === "undefined" ? Number.POSITIVE_INFINITY : 5 * 60_000;
  return new QueryClient({ staleTime: 5 * 60_000, gcTime });
}
