import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../hooks/use-toast.ts";

/** Spec point 9: delay between adding stack products. */
export const STACK_ADD_DELAY_MS = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function addLine(body: { productId: number; quantity: 1; isSubscription: boolean; bundleId: string }) {
  const res = await fetch("/api/cart", {
    method: "POST",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
}

/** Spec point 7: a cart add is retried 2 times, 500 ms apart. */
async function addWithRetry(body: Parameters<typeof addLine>[0]) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await addLine(body);
    } catch (err) {
      if (attempt >= 2) throw err;
      await sleep(500);
    }
  }
}

/**
 * Adds every product of a stack with quantity 1, about 100 ms apart, under the stack's slug as
 * `bundleId` so the cart prices the lines at the stack's price (or its subscription discount).
 */
export function useAddStack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { slug: string; productIds: number[]; isSubscription: boolean }) => {
      for (const [i, productId] of input.productIds.entries()) {
        if (i > 0) await sleep(STACK_ADD_DELAY_MS);
        await addWithRetry({
          productId,
          quantity: 1,
          isSubscription: input.isSubscription,
          bundleId: input.slug,
        });
      }
    },
    onSuccess: (_data, input) => {
      toast({
        title: "Added to cart",
        description: `${input.productIds.length} products added${input.isSubscription ? " as a subscription" : ""}.`,
      });
    },
    onError: () => {
      toast({
        title: "Error",
        description: "Failed to add product to cart. Please try again.",
        variant: "destructive",
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["/api/cart"] }),
  });
}
