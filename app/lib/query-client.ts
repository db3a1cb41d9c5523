import { QueryClient } from "@tanstack/react-query";

/** Reads fresh 5 minutes, refetched on window focus, unused cache dropped after 5 minutes, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
