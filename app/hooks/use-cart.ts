import type {
  CartAddResponse,
  CartClearResponse,
  CartItemView,
  CartRemoveResponse,
  CartUpdateResponse,
} from "../../core/contracts/cart.ts";
import type { CartCodeResponse } from "../../core/contracts/discount-code.ts";
import type { CodeTerms } from "../../core/discount-code.ts";
import { toCents } from "../../core/money.ts";
import { BASE_PRICE_LIST, type Bundle, type CartTotals, priceCart } from "../../core/pricing.ts";
import type { Translator } from "../i18n/i18n.tsx";
import { apiErrorOf, apiRequest } from "../lib/api.ts";
import { type Prices, usePrices } from "../lib/currency.ts";
import { useMutation, useQuery, useQueryClient } from "../lib/query.ts";
import { useLaterT } from "./use-later-t.ts";
import { isNetworkFailure } from "./use-online.ts";
import { toast } from "./use-toast.ts";

export const cartQueryKey = ["/api/cart"] as const;

/** A cart line as GET /api/cart returns it (the server's own type; type imports never reach the bundle). */
export type CartItem = CartItemView;

/** A line to add: a product, how many (1 unless said), its mode and, from a stack, the stack's slug. */
export interface CartLineInput {
  productId: number;
  quantity?: number;
  isSubscription: boolean;
  bundleId?: string;
}

/**
 * Prices the cart with the same rules the server uses at checkout, with the cart's discount code when it
 * has one (the pricing says when the cart does not meet it). Shipping is shown at checkout. With `prices`,
 * in the shopper's currency (decision 051): the products' and stacks' prices, the flat rate and the
 * free-shipping threshold of that list; a line whose product (or stack) is not sold in it is left out of
 * the sum and named in `unpriced`.
 */
export function cartTotals(
  items: CartItem[],
  flatShippingCents = 0,
  code: CodeTerms | null = null,
  prices: Prices | null = null,
): CartTotals & { unpriced: string[] } {
  const bundles = new Map<string, Bundle>();
  const unpriced: string[] = [];
  for (const i of items) {
    if (!i.bundle) continue;
    const cents = prices ? prices.stack(i.bundle.id) : i.bundle.bundlePriceCents;
    if (cents === null) unpriced.push(i.id);
    else bundles.set(i.bundle.id, { ...i.bundle, bundlePriceCents: cents });
  }
  const lines = items.flatMap((i) => {
    const unitCents = prices ? prices.product(i.productId) : toCents(i.product.price);
    if (unitCents === null || unpriced.includes(i.id)) {
      if (!unpriced.includes(i.id)) unpriced.push(i.id);
      return [];
    }
    return [
      {
        id: i.id,
        productId: i.productId,
        quantity: i.quantity,
        isSubscription: i.isSubscription,
        bundleId: i.bundleId,
        unitCents,
        productSubscriptionDiscount: i.product.subscriptionDiscount,
      },
    ];
  });
  const list = prices
    ? { currency: prices.currency, freeShippingOverCents: prices.freeShippingOverCents }
    : BASE_PRICE_LIST;
  return {
    ...priceCart(lines, [...bundles.values()], flatShippingCents, code, null, list),
    unpriced,
  };
}

/**
 * Cart changes run one after another: a first visit has no cart cookie yet, and two adds sent at once
 * would each open a cart of their own (only the last cookie would stick). Writes of one scope run in order
 * (app/lib/query.ts, tested in app/lib/query.test.ts).
 */
export const cartScope = { id: "cart" };

/** The cart's discount code (GET /api/cart/code), read and changed by app/hooks/use-cart-code.ts. */
export const cartCodeQueryKey = ["/api/cart/code"] as const;
export const fetchCartCode = () => apiRequest<CartCodeResponse>("GET", "/api/cart/code");

/** A cart add is retried 2 times, 500 ms apart. */
const ADD_RETRIES = 2;
const ADD_RETRY_DELAY_MS = 500;
/** Several lines (a stack's products, a reorder) are added one after another, about 100 ms apart. */
const ADD_SPACING_MS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await attempt();
    } catch (err) {
      // Out of stock is an answer, not a hiccup: asking again would only say it again.
      if (failures >= ADD_RETRIES || stockRefusal(err)) throw err;
      await sleep(ADD_RETRY_DELAY_MS);
    }
  }
}

/** The server's words when it refused for stock (409 out_of_stock), else null. */
function stockRefusal(err: unknown): string | null {
  const failure = apiErrorOf(err);
  return failure?.code === "out_of_stock" ? failure.message : null;
}

const errorToast = (t: Translator["t"], description: string) =>
  toast({ title: t("cart.toast.error"), description, variant: "destructive" });

/**
 * The visitor's cart: always stale, refetched on window focus, set from the answer of every change. Its
 * totals take the cart's discount code once something has read it (the drawer, the checkout, a `?code=`
 * link: app/hooks/use-cart-code.ts); the header's count alone never asks for it. A code the shop's records
 * refuse now (used up since it was applied) is left out of the sum.
 */
export function useCart() {
  const query = useQuery({
    queryKey: cartQueryKey,
    queryFn: () => apiRequest<CartItem[]>("GET", "/api/cart"),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const { data: code } = useQuery({ queryKey: cartCodeQueryKey, queryFn: fetchCartCode, enabled: false });
  const items = query.data ?? [];
  const terms = code?.code && !code.refusal ? code.code : null;
  // In the shopper's currency, from the page's price list (decision 051).
  const prices = usePrices();
  return { ...query, items, prices, totals: cartTotals(items, 0, terms, prices) };
}

/**
 * Every cart write answers with the whole cart; it becomes the cart query's data. A read sent before the
 * write could answer after it with the older cart, so a read under way is dropped first. After a failed
 * write the cart is read again: some of it may have been written.
 */
function useCartCache() {
  const qc = useQueryClient();
  return {
    set: async (cart: CartItem[]) => {
      await qc.cancelQueries({ queryKey: cartQueryKey });
      qc.setQueryData(cartQueryKey, cart);
    },
    refresh: () => qc.invalidateQueries({ queryKey: cartQueryKey }),
  };
}

/**
 * The one way to add to the cart: one line or several. Every add runs in the cart's mutation scope and
 * is retried 2 times, 500 ms apart; several lines are added one after another, about 100 ms apart, each
 * retried on its own so a retry never adds a line twice. `describe` words the success toast's text.
 */
export function useAddToCart(
  options: { silent?: boolean; describe?: (lines: CartLineInput[]) => string | undefined } = {},
) {
  const cache = useCartCache();
  const t = useLaterT(["cart.toast.added", "cart.toast.error", "cart.toast.addFailed", "cart.offline"]);
  return useMutation({
    scope: cartScope,
    mutationFn: async (input: CartLineInput | CartLineInput[]) => {
      const lines = Array.isArray(input) ? input : [input];
      for (const [i, line] of lines.entries()) {
        if (i > 0) await sleep(ADD_SPACING_MS);
        const answer = await withRetries(() =>
          apiRequest<CartAddResponse>("POST", "/api/cart", {
            productId: line.productId,
            quantity: line.quantity ?? 1,
            isSubscription: line.isSubscription,
            ...(line.bundleId ? { bundleId: line.bundleId } : {}),
          }),
        );
        await cache.set(answer.cart);
      }
    },
    onSuccess: (_data, input) => {
      if (options.silent) return;
      const description = options.describe?.(Array.isArray(input) ? input : [input]);
      const title = t("cart.toast.added");
      toast(description ? { title, description } : { title });
    },
    onError: (err) => {
      errorToast(t, stockRefusal(err) ?? t(isNetworkFailure(err) ? "cart.offline" : "cart.toast.addFailed"));
      void cache.refresh();
    },
  });
}

export function useUpdateCartItem() {
  const cache = useCartCache();
  const t = useLaterT();
  return useMutation({
    scope: cartScope,
    mutationFn: ({ id, quantity }: { id: string; quantity: number }) =>
      apiRequest<CartUpdateResponse>("PUT", `/api/cart/${id}`, { quantity }),
    onSuccess: (answer) => cache.set(answer.cart),
    onError: (err) => {
      errorToast(t, stockRefusal(err) ?? t("cart.toast.updateFailed"));
      void cache.refresh();
    },
  });
}

export function useRemoveCartItem() {
  const cache = useCartCache();
  const t = useLaterT();
  return useMutation({
    scope: cartScope,
    mutationFn: (id: string) => apiRequest<CartRemoveResponse>("DELETE", `/api/cart/${id}`),
    onSuccess: async (answer) => {
      await cache.set(answer.cart);
      toast({ title: t("cart.toast.removed") });
    },
    onError: () => {
      errorToast(t, t("cart.toast.removeFailed"));
      void cache.refresh();
    },
  });
}

export function useClearCart() {
  const cache = useCartCache();
  const t = useLaterT();
  return useMutation({
    scope: cartScope,
    mutationFn: () => apiRequest<CartClearResponse>("DELETE", "/api/cart"),
    // A cleared cart is empty: the answer counts the lines removed.
    onSuccess: async () => {
      await cache.set([]);
      toast({ title: t("cart.toast.cleared") });
    },
    onError: () => {
      errorToast(t, t("cart.toast.clearFailed"));
      void cache.refresh();
    },
  });
}
