import type { CartCodeResponse } from "../../core/contracts/discount-code.ts";
import { type CodeRefusal, describeCode } from "../../core/discount-code.ts";
import { apiErrorOf, apiRequest } from "../lib/api.ts";
import { useMutation, useQuery, useQueryClient } from "../lib/query.ts";
import { cartCodeQueryKey, cartScope, fetchCartCode, useCart } from "./use-cart.ts";
import { toast } from "./use-toast.ts";

/** What the cart's code gives now: its terms, and why it gives nothing (the shop's records or the cart). */
export interface CartCodeState {
  /** The code the cart carries, null for none. */
  code: CartCodeResponse["code"];
  /** Why it gives nothing now: the server's refusal (used up since it was applied), else the pricing's
   * (a minimum not met, not for these products). Null when it applies. */
  refusal: CodeRefusal | null;
  /** What it takes off the items (0 for free shipping, or when refused). */
  codeCents: number;
}

const NO_CODE: CartCodeResponse = { code: null, refusal: null };

/**
 * The cart's discount code, read from the server and priced with the cart by the browser (core/pricing.ts
 * says when the cart does not meet it), so the drawer and the checkout say the same as the server
 * (docs/decisions/046-discount-codes.md).
 */
export function useCartCode(
  /** What the page's loader said of the code, shown until the browser's own answer arrives. */
  fallback?: CartCodeResponse | null,
): CartCodeState & { isLoading: boolean; refetch: () => unknown } {
  const query = useQuery({
    queryKey: cartCodeQueryKey,
    queryFn: fetchCartCode,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const { totals } = useCart();
  const answer = query.data ?? fallback ?? NO_CODE;
  return {
    code: answer.code,
    // The loader's refusal already counts the cart; the browser's answer counts the shop's records only.
    refusal: answer.refusal ?? (query.data ? totals.code?.refusal : null) ?? null,
    codeCents: totals.codeCents,
    isLoading: query.isLoading,
    refetch: query.refetch,
  };
}

/** The server's words for a refused code (its JSON message), or a plain fallback when it gave none. */
export function codeFailure(err: unknown): string {
  const failure = apiErrorOf(err);
  if (failure?.fromServer) return failure.message;
  return "We could not apply this code. Please try again.";
}

/**
 * Applies the code the shopper typed; the cart's code query takes the answer. Runs in the cart's mutation
 * scope: a first visit's code and a first add would otherwise each open a cart of their own. A refusal
 * leaves the cart's code as it was; `onError` gets the server's words.
 */
export function useApplyCartCode(options: { toastOnSuccess?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    scope: cartScope,
    mutationFn: (code: string) => apiRequest<CartCodeResponse>("POST", "/api/cart/code", { code }),
    onSuccess: async (answer) => {
      await qc.cancelQueries({ queryKey: cartCodeQueryKey });
      qc.setQueryData(cartCodeQueryKey, answer);
      if (options.toastOnSuccess && answer.code)
        toast({ title: `${answer.code.code} applied: ${describeCode(answer.code)}` });
    },
  });
}

/** Takes the code off the cart. */
export function useRemoveCartCode() {
  const qc = useQueryClient();
  return useMutation({
    scope: cartScope,
    mutationFn: () => apiRequest<CartCodeResponse>("DELETE", "/api/cart/code"),
    onSuccess: async (answer) => {
      await qc.cancelQueries({ queryKey: cartCodeQueryKey });
      qc.setQueryData(cartCodeQueryKey, answer);
    },
    onError: () => {
      toast({
        title: "Error",
        description: "Failed to remove the code. Please try again.",
        variant: "destructive",
      });
      void qc.invalidateQueries({ queryKey: cartCodeQueryKey });
    },
  });
}
