import type {
  CartBalancesResponse,
  GiftCardBalanceResponse,
  GiftCardLineBody,
  GiftCardLineView,
} from "../../core/contracts/balances.ts";
import { apiErrorOf, apiRequest } from "../lib/api.ts";
import { useMutation, useQuery, useQueryClient } from "../lib/query.ts";

/**
 * The cart's gift cards to buy, and what pays besides the card (gift cards applied, store credit, Wellness
 * Points): core/contracts/balances.ts, docs/decisions/047-gift-cards-credit-and-points.md. Every write
 * answers with the whole list or the whole balances; the answer becomes the query's data.
 */
export const giftCardLinesKey = ["/api/cart/gift-card-lines"] as const;
export const cartBalancesKey = ["/api/cart/balances"] as const;

export function useGiftCardLines(enabled = true) {
  const query = useQuery({
    queryKey: giftCardLinesKey,
    queryFn: () => apiRequest<GiftCardLineView[]>("GET", "/api/cart/gift-card-lines"),
    staleTime: 0,
    enabled,
  });
  return { ...query, lines: query.data ?? [] };
}

export function useAddGiftCardLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GiftCardLineBody) =>
      apiRequest<GiftCardLineView[]>("POST", "/api/cart/gift-card-lines", body),
    onSuccess: (lines) => qc.setQueryData(giftCardLinesKey, lines),
  });
}

export function useRemoveGiftCardLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<GiftCardLineView[]>("DELETE", `/api/cart/gift-card-lines/${encodeURIComponent(id)}`),
    onSuccess: (lines) => qc.setQueryData(giftCardLinesKey, lines),
    onError: () => void qc.invalidateQueries({ queryKey: giftCardLinesKey }),
  });
}

/** Every gift card to buy taken out of the cart, one after another (the drawer's Clear Cart). */
export function useClearGiftCardLines() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      let lines: GiftCardLineView[] = [];
      for (const id of ids)
        lines = await apiRequest<GiftCardLineView[]>(
          "DELETE",
          `/api/cart/gift-card-lines/${encodeURIComponent(id)}`,
        );
      return lines;
    },
    onSuccess: (lines) => qc.setQueryData(giftCardLinesKey, lines),
    onError: () => void qc.invalidateQueries({ queryKey: giftCardLinesKey }),
  });
}

/** The cart's balances; `initial` is what the page's loader read (the first paint shows it). */
export function useCartBalances(initial?: CartBalancesResponse | null) {
  return useQuery({
    queryKey: cartBalancesKey,
    queryFn: () => apiRequest<CartBalancesResponse>("GET", "/api/cart/balances"),
    initialData: initial ?? undefined,
    staleTime: 0,
  });
}

export function useApplyGiftCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<CartBalancesResponse>("POST", "/api/cart/gift-cards", { code }),
    onSuccess: (b) => qc.setQueryData(cartBalancesKey, b),
  });
}

export function useRemoveGiftCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<CartBalancesResponse>("DELETE", `/api/cart/gift-cards/${encodeURIComponent(id)}`),
    onSuccess: (b) => qc.setQueryData(cartBalancesKey, b),
    onError: () => void qc.invalidateQueries({ queryKey: cartBalancesKey }),
  });
}

export function useSetCartBalances() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { useCredit: boolean; pointSteps: number }) =>
      apiRequest<CartBalancesResponse>("PUT", "/api/cart/balances", body),
    // The choice shows at once (the box ticks, the summary follows); a refusal puts back what was.
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: cartBalancesKey });
      const before = qc.getQueryData<CartBalancesResponse>(cartBalancesKey);
      if (before) qc.setQueryData(cartBalancesKey, { ...before, ...body });
      return { before };
    },
    onSuccess: (b) => qc.setQueryData(cartBalancesKey, b),
    onError: (_err, _body, context) => {
      if (context?.before) qc.setQueryData(cartBalancesKey, context.before);
      void qc.invalidateQueries({ queryKey: cartBalancesKey });
    },
  });
}

export function useGiftCardBalance() {
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<GiftCardBalanceResponse>("POST", "/api/gift-cards/balance", { code }),
  });
}

/** What a refused gift card request says: the server's words, a wait for 429, or a generic line. */
export function giftCardFailure(err: unknown): string {
  const failure = apiErrorOf(err);
  if (failure?.status === 429) return "Too many codes tried. Please wait a few minutes and try again.";
  if (failure?.fromServer) return failure.message;
  return "We could not reach the shop. Please check your connection and try again.";
}
