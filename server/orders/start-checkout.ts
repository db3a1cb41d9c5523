import { z } from "zod";
import { isPlaceholderEmail, realEmail } from "../../core/placeholder-email.ts";
import { MAX_LINE_QUANTITY } from "../../core/pricing.ts";
import { resolveCartOwner } from "../cart/cart-owner.ts";
import { listCart } from "../cart/cart-store.ts";
import type { AppServices } from "../context.ts";
import { ApiError } from "../http/api-error.ts";
import { PaymentProviderError } from "../payments/provider.ts";
import { attachSession, createOrFindPendingOrder } from "./create-order.ts";
import { priceOrder, shippingRateCents } from "./price-order.ts";

/**
 * POST /api/checkout/create-session body (spec point 7). Lines may carry the cart's bundleId. Anything
 * else a browser adds (prices, totals, a userId) is dropped: it is never part of the sum.
 */
export const createSessionBody = z.object({
  email: z.string().trim().max(254).optional(),
  userId: z.unknown().optional(),
  cartItems: z
    .array(
      z.object({
        productId: z.number().int().positive().max(1_000_000),
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
        isSubscription: z.boolean(),
        bundleId: z
          .string()
          .regex(/^[a-z0-9-]{1,80}$/)
          .nullish(),
      }),
    )
    .max(100),
});
export type CreateSessionBody = z.infer<typeof createSessionBody>;

const emailSchema = z.email();

type LineKey = { productId: number; quantity: number; isSubscription: boolean; bundleId: string };
const keyOf = (l: LineKey) => `${l.productId}|${l.isSubscription}|${l.bundleId}|${l.quantity}`;

function sameLines(a: LineKey[], b: LineKey[]): boolean {
  if (a.length !== b.length) return false;
  const left = a.map(keyOf).sort();
  const right = b.map(keyOf).sort();
  return left.every((k, i) => k === right[i]);
}

/**
 * The checkout: reads the visitor's own cart, checks the page showed exactly that cart, prices it from
 * the catalogue, creates (or finds) the pending order and asks the payment provider for its session.
 */
export async function startCheckout(
  services: AppServices,
  request: { headers: Headers; origin: string; body: CreateSessionBody },
): Promise<{ url: string; orderId: string; orderNumber: string }> {
  const { database, catalogue, env, payments } = services;
  const db = database.db;
  const { owner, user } = await resolveCartOwner(services, request.headers);

  // A signed-in account's own e-mail wins; an account created by phone sign-in has only a placeholder,
  // so it gives an address at checkout like a guest (the confirmation and the receipt go there).
  const email = (user && realEmail(user.email)) || request.body.email;
  if (!email) throw new ApiError(400, "email_required", "Please enter your email address to continue.");
  if (!emailSchema.safeParse(email).success || isPlaceholderEmail(email)) {
    throw new ApiError(400, "invalid_email", "Please enter a valid email address.");
  }

  const { cartId, items } = await listCart(db, catalogue, owner);
  if (!cartId || items.length === 0) throw new ApiError(400, "empty_cart", "Your cart is empty.");

  const cartLines = items.map((i) => ({
    productId: i.productId,
    quantity: i.quantity,
    isSubscription: i.isSubscription,
    bundleId: i.bundleId ?? "",
  }));
  const bodyLines = request.body.cartItems.map((i) => ({ ...i, bundleId: i.bundleId ?? "" }));
  if (!sameLines(cartLines, bodyLines)) {
    throw new ApiError(
      409,
      "cart_mismatch",
      "Your cart has changed since this page was loaded. Please review your order and try again.",
    );
  }

  const priced = priceOrder(items, await catalogue.list(), shippingRateCents(env.SHIPPING_FLAT_RATE));
  const { order } = await createOrFindPendingOrder(db, {
    cartId,
    userId: user?.id ?? null,
    email,
    provider: payments.name,
    currency: "usd",
    priced,
  });
  if (order.providerSessionId && order.checkoutUrl) {
    return { url: order.checkoutUrl, orderId: order.id, orderNumber: order.orderNumber };
  }

  const origin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : request.origin;
  let session: { sessionId: string; url: string };
  try {
    session = await payments.createCheckoutSession({
      orderId: order.id,
      orderNumber: order.orderNumber,
      email,
      currency: order.currency,
      lines: priced.lines.map((l) => ({
        productName: l.productName,
        quantity: l.quantity,
        isSubscription: l.isSubscription,
        lineTotalCents: l.lineTotalCents,
      })),
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      totalCents: order.totalCents,
      successUrl: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/checkout`,
      origin,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    services.logger.error({ err, orderId: order.id }, "payment provider refused the checkout session");
    throw new ApiError(
      502,
      "payment_provider_unavailable",
      "The payment provider could not start your checkout. Please try again.",
    );
  }
  const stored = await attachSession(db, order.id, session);
  return { url: stored.url, orderId: order.id, orderNumber: order.orderNumber };
}
