import type {
  CartBalancesResponse,
  GiftCardBalanceResponse,
  GiftCardLineBody,
  GiftCardLineView,
} from "../../core/contracts/balances.ts";
import { BASE_CURRENCY, type Currency } from "../../core/markets.ts";
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
    // In the page's currency: the server sells only its amounts (decision 051).
    mutationFn: ({ body, currency }: { body: GiftCardLineBody; currency: Currency }) =>
      apiRequest<GiftCardLineView[]>("POST", `/api/cart/gift-card-lines?currency=${currency}`, body),
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

/** The balances' query of an order in `currency` (none: US dollars, without `notUsable`). */
export const cartBalancesKeyIn = (currency?: Currency) => [...cartBalancesKey, currency ?? null] as const;

/**
 * GET /api/cart/balances, with `?currency=` when given: then the answer says which balances cannot pay an
 * order in it and why (`notUsable`, in the request's language; decision 051).
 */
const readBalances = (currency?: Currency) =>
  apiRequest<CartBalancesResponse>(
    "GET",
    currency ? `/api/cart/balances?currency=${encodeURIComponent(currency)}` : "/api/cart/balances",
  );

/**
 * A write's answer as the page's query keeps it: with a currency, the balances are read again in it, since
 * the writes answer without `notUsable` (a gift card in another currency must not look usable).
 */
const answerIn = async (written: CartBalancesResponse, currency?: Currency) =>
  currency ? readBalances(currency) : written;

/**
 * The cart's balances for an order in `currency`; `initial` is what the page's loader read (the first paint
 * shows it), used only when it was read for that currency (the loader's has none: US dollars).
 */
export function useCartBalances(initial?: CartBalancesResponse | null, currency?: Currency) {
  const fits = initial && (initial.currency ?? BASE_CURRENCY) === (currency ?? BASE_CURRENCY);
  return useQuery({
    queryKey: cartBalancesKeyIn(currency),
    queryFn: () => readBalances(currency),
    initialData: fits ? initial : undefined,
    staleTime: 0,
  });
}

export function useApplyGiftCard(currency?: Currency) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      answerIn(await apiRequest<CartBalancesResponse>("POST", "/api/cart/gift-cards", { code }), currency),
    onSuccess: (b) => qc.setQueryData(cartBalancesKeyIn(currency), b),
  });
}

export function useRemoveGiftCard(currency?: Currency) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      answerIn(
        await apiRequest<CartBalancesResponse>("DELETE", `/api/cart/gift-cards/${encodeURIComponent(id)}`),
        currency,
      ),
    onSuccess: (b) => qc.setQueryData(cartBalancesKeyIn(currency), b),
    onError: () => void qc.invalidateQueries({ queryKey: cartBalancesKey }),
  });
}

export function useSetCartBalances(currency?: Currency) {
  const qc = useQueryClient();
  const key = cartBalancesKeyIn(currency);
  return useMutation({
    mutationFn: async (body: { useCredit: boolean; pointSteps: number }) =>
      answerIn(
        await apiRequest<CartBalancesResponse>(
          "PUT",
          // The points counted are those of the order's currency (decision 051).
          currency ? `/api/cart/balances?currency=${encodeURIComponent(currency)}` : "/api/cart/balances",
          body,
        ),
        currency,
      ),
    // The choice shows at once (the box ticks, the summary follows); a refusal puts back what was.
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<CartBalancesResponse>(key);
      if (before) qc.setQueryData(key, { ...before, ...body });
      return { before };
    },
    onSuccess: (b) => qc.setQueryData(key, b),
    onError: (_err, _body, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
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
