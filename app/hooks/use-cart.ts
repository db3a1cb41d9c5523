import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CartItemView } from "../../core/contracts/cart.ts";
import { toCents } from "../../core/money.ts";
import { type Bundle, type CartTotals, priceCart } from "../../core/pricing.ts";
import { apiRequest } from "../lib/api.ts";
import { toast } from "./use-toast.ts";

export const cartQueryKey = ["/api/cart"] as const;

/** A cart line as GET /api/cart returns it (the server's own type; type imports never reach the bundle). */
export type CartItem = CartItemView;

export interface AddToCartInput {
  productId: number;
  quantity?: number;
  isSubscription?: boolean;
  bundleId?: string;
}

/** Prices the cart with the same rules the server uses at checkout. Shipping is shown at checkout. */
export function cartTotals(items: CartItem[], flatShippingCents = 0): CartTotals {
  const bundles = new Map<string, Bundle>();
  for (const i of items) if (i.bundle) bundles.set(i.bundle.id, i.bundle);
  return priceCart(
    items.map((i) => ({
      id: i.id,
      productId: i.productId,
      quantity: i.quantity,
      isSubscription: i.isSubscription,
      bundleId: i.bundleId,
      unitCents: toCents(i.product.price),
      productSubscriptionDiscount: i.product.subscriptionDiscount,
    })),
    [...bundles.values()],
    flatShippingCents,
  );
}

/**
 * Cart changes run one after another: a first visit has no cart cookie yet, and two adds sent at once
 * would each open a cart of their own (only the last cookie would stick). TanStack Query runs mutations
 * of one scope in order.
 */
const cartScope = { id: "cart" };

const errorToast = (description: string) => toast({ title: "Error", description, variant: "destructive" });

/** The visitor's cart: always stale, refetched on window focus and after every change (spec points 4, 9). */
export function useCart() {
  const query = useQuery({
    queryKey: cartQueryKey,
    queryFn: () => apiRequest<CartItem[]>("GET", "/api/cart"),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const items = query.data ?? [];
  return { ...query, items, totals: cartTotals(items) };
}

function useInvalidateCart() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: cartQueryKey });
}

/** Adds a product; retried 2 times, 500 ms apart (spec point 9). */
export function useAddToCart(options: { silent?: boolean } = {}) {
  const invalidate = useInvalidateCart();
  return useMutation({
    scope: cartScope,
    mutationFn: (input: AddToCartInput) =>
      apiRequest<CartItem>("POST", "/api/cart", {
        productId: input.productId,
        quantity: input.quantity ?? 1,
        isSubscription: input.isSubscription ?? false,
        ...(input.bundleId ? { bundleId: input.bundleId } : {}),
      }),
    retry: 2,
    retryDelay: 500,
    onSuccess: () => {
      if (!options.silent) toast({ title: "Added to cart" });
    },
    onError: () => errorToast("Failed to add product to cart. Please try again."),
    onSettled: invalidate,
  });
}

export function useUpdateCartItem() {
  const invalidate = useInvalidateCart();
  return useMutation({
    scope: cartScope,
    mutationFn: ({ id, quantity }: { id: string; quantity: number }) =>
      apiRequest<CartItem>("PUT", `/api/cart/${id}`, { quantity }),
    onError: () => errorToast("Failed to update cart item. Please try again."),
    onSettled: invalidate,
  });
}

export function useRemoveCartItem() {
  const invalidate = useInvalidateCart();
  return useMutation({
    scope: cartScope,
    mutationFn: (id: string) => apiRequest("DELETE", `/api/cart/${id}`),
    onSuccess: () => toast({ title: "Removed from cart" }),
    onError: () => errorToast("Failed to remove product from cart. Please try again."),
    onSettled: invalidate,
  });
}

export function useClearCart() {
  const invalidate = useInvalidateCart();
  return useMutation({
    scope: cartScope,
    mutationFn: () => apiRequest("DELETE", "/api/cart"),
    onSuccess: () => toast({ title: "Cart cleared" }),
    onError: () => errorToast("Failed to clear cart. Please try again."),
    onSettled: invalidate,
  });
}
