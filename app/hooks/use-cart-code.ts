import type { CartCodeResponse } from "../../core/contracts/discount-code.ts";
import {
  type CodeRefusal,
  type CodeRefusalReason,
  type CodeTerms,
  canonicalCode,
  codeInCurrency,
} from "../../core/discount-code.ts";
import type { Currency } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import { type Translator, useLocale } from "../i18n/i18n.tsx";
import { apiErrorOf, apiRequest } from "../lib/api.ts";
import { useMutation, useQuery, useQueryClient } from "../lib/query.ts";
import { cartCodeQueryKey, cartScope, fetchCartCode, useCart } from "./use-cart.ts";
import { useLaterT } from "./use-later-t.ts";
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
  /** The currency the cart is priced in: the code's amount and minimum are shown in it. */
  currency: Currency;
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
    currency: totals.currency,
    isLoading: query.isLoading,
    refetch: query.refetch,
  };
}

const REFUSAL_KEYS: Record<CodeRefusalReason, string> = {
  unknown: "cart.code.refusal.unknown",
  not_active: "cart.code.refusal.notActive",
  expired: "cart.code.refusal.expired",
  not_started: "cart.code.refusal.notStarted",
  used_up: "cart.code.refusal.usedUp",
  used_by_you: "cart.code.refusal.usedByYou",
  minimum_not_met: "cart.code.refusal.minimumNotMet",
  not_for_these_products: "cart.code.refusal.notForTheseProducts",
  first_order_only: "cart.code.refusal.firstOrderOnly",
  own_referral: "cart.code.refusal.ownReferral",
  not_in_currency: "cart.code.refusal.notInCurrency",
};

/**
 * What a code gives, in a few words ("10% off", "CA$7.00 off", "Free shipping"), in the page's language;
 * an amount code's amount in `currency` (its owner's amount there, decision 051).
 */
export function codeOffer(t: Translator["t"], terms: CodeTerms, currency: Currency = "USD"): string {
  if (terms.kind === "percent") return t("cart.code.offer.percent", { percent: terms.percent ?? 0 });
  if (terms.kind === "amount") {
    const there = codeInCurrency(terms, currency);
    // A code without an amount in this currency names its US dollar amount (its refusal says why).
    return t("cart.code.offer.amount", {
      amount: there ? formatMoney(there.amountCents ?? 0, currency) : formatMoney(terms.amountCents ?? 0),
    });
  }
  return t("cart.code.offer.freeShipping");
}

/**
 * The conditions a shopper should know before paying (core/discount-code.ts `codeConditions`, worded here),
 * a minimum in `currency` (the owner's there).
 */
export function codeConditionWords(
  t: Translator["t"],
  terms: CodeTerms,
  currency: Currency = "USD",
): string[] {
  const out: string[] = [];
  const there = codeInCurrency(terms, currency);
  if (there?.minSubtotalCents)
    out.push(t("cart.code.condition.minimum", { amount: formatMoney(there.minSubtotalCents, currency) }));
  else if (!there && terms.minSubtotalCents)
    out.push(t("cart.code.condition.minimum", { amount: formatMoney(terms.minSubtotalCents) }));
  if (terms.productIds) out.push(t("cart.code.condition.someProducts"));
  out.push(t(terms.combinesWithBundles ? "cart.code.condition.combines" : "cart.code.condition.notBundles"));
  if (terms.firstOrderOnly) out.push(t("cart.code.condition.firstOrder"));
  if (terms.renewals === "every") out.push(t("cart.code.condition.everyRenewal"));
  if (terms.renewals === "first_n" && terms.renewalCount)
    out.push(t("cart.code.condition.firstRenewals", { count: terms.renewalCount }));
  return out;
}

/**
 * Why a code gives nothing, in the page's language: an English page keeps the words it was given (the
 * server's or core/discount-code.ts `refusal`); a Spanish or French one words the reason itself, with the
 * code and the amount short (docs/decisions/049-languages.md).
 */
export function useCodeRefusalWords() {
  const locale = useLocale();
  const t = useLaterT();
  return (
    refusal: Pick<CodeRefusal, "reason" | "message" | "shortByCents" | "currency" | "currencies">,
    code: string,
  ): string => {
    if (locale === "en") return refusal.message;
    if (refusal.reason === "minimum_not_met" && refusal.shortByCents === undefined) return refusal.message;
    // The server's answer to a refused code is already in the page's language (errors.codeNotInCurrency).
    if (refusal.reason === "not_in_currency" && !refusal.currencies) return refusal.message;
    return t(REFUSAL_KEYS[refusal.reason], {
      code,
      amount: formatMoney(refusal.shortByCents ?? 0, refusal.currency ?? "USD"),
      currency: refusal.currency ?? "USD",
      currencies: (refusal.currencies ?? []).join(", "),
    });
  };
}

/** The refusal a `code_*` error of the API names (its reason), when the page can word it itself. */
export function refusalOfError(
  errorCode: string | null,
  message: string,
): Pick<CodeRefusal, "reason" | "message"> | null {
  const reason = errorCode?.replace(/^code_/, "");
  // The checkout's own_referral is another sentence (the referrer's address): the server's words serve.
  if (!reason || reason === "own_referral" || !(reason in REFUSAL_KEYS) || !errorCode?.startsWith("code_"))
    return null;
  return { reason: reason as CodeRefusalReason, message };
}

/**
 * The words for a refused code: the server's (its JSON message) on an English page, the page's own for a
 * refusal it knows on a Spanish or French one, or a plain fallback when the server gave none.
 */
export function useCodeFailure() {
  const locale = useLocale();
  const t = useLaterT();
  const refusalWords = useCodeRefusalWords();
  return (err: unknown, typed: string): string => {
    const failure = apiErrorOf(err);
    if (!failure?.fromServer) return t("cart.code.failed");
    if (locale === "en") return failure.message;
    if (failure.code === "invalid_code") return t("cart.code.invalid");
    if (failure.code === "too_many_requests") return t("cart.code.tooMany");
    const refused = refusalOfError(failure.code, failure.message);
    return refused ? refusalWords(refused, canonicalCode(typed) ?? typed) : failure.message;
  };
}

/**
 * Applies the code the shopper typed; the cart's code query takes the answer. Runs in the cart's mutation
 * scope: a first visit's code and a first add would otherwise each open a cart of their own. A refusal
 * leaves the cart's code as it was; `onError` gets the server's words.
 */
export function useApplyCartCode(options: { toastOnSuccess?: boolean } = {}) {
  const qc = useQueryClient();
  const t = useLaterT();
  return useMutation({
    scope: cartScope,
    mutationFn: (code: string) => apiRequest<CartCodeResponse>("POST", "/api/cart/code", { code }),
    onSuccess: async (answer) => {
      await qc.cancelQueries({ queryKey: cartCodeQueryKey });
      qc.setQueryData(cartCodeQueryKey, answer);
      if (options.toastOnSuccess && answer.code)
        toast({
          title: t("cart.code.appliedToast", { code: answer.code.code, offer: codeOffer(t, answer.code) }),
        });
    },
  });
}

/** Takes the code off the cart. */
export function useRemoveCartCode() {
  const qc = useQueryClient();
  const t = useLaterT();
  return useMutation({
    scope: cartScope,
    mutationFn: () => apiRequest<CartCodeResponse>("DELETE", "/api/cart/code"),
    onSuccess: async (answer) => {
      await qc.cancelQueries({ queryKey: cartCodeQueryKey });
      qc.setQueryData(cartCodeQueryKey, answer);
    },
    onError: () => {
      toast({
        title: t("cart.toast.error"),
        description: t("cart.code.removeFailed"),
        variant: "destructive",
      });
      void qc.invalidateQueries({ queryKey: cartCodeQueryKey });
    },
  });
}
