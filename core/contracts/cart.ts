/** The cart API's wire contract: what the browser sends to /api/cart and the lines it gets back. */
import { z } from "zod";
import type { Currency } from "../markets.ts";
import { type Bundle, type CartTotals, MAX_LINE_QUANTITY } from "../pricing.ts";

/** A cart line as the API returns it, with its product and, when it came from one, its bundle. */
export interface CartItemView {
  id: string;
  productId: number;
  quantity: number;
  isSubscription: boolean;
  bundleId: string | null;
  product: {
    name: string;
    slug: string;
    imageUrl: string;
    price: string;
    subscriptionDiscount: number | null;
  };
  bundle: Bundle | null;
}

const quantity = z.number().int().min(1).max(MAX_LINE_QUANTITY);
export const cartAddBody = z.strictObject({
  productId: z.number().int().positive().max(1_000_000),
  quantity: quantity.default(1),
  isSubscription: z.boolean().default(false),
  /** The stack/bundle the line comes from (optional), so its advertised price holds. */
  bundleId: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .nullish(),
});
export const cartQuantityBody = z.strictObject({ quantity });
export type CartAddBody = z.infer<typeof cartAddBody>;

/**
 * What every cart write answers: the whole cart after the write, so the browser sets its cart from the
 * answer instead of asking again.
 */
interface WithCart {
  cart: CartItemView[];
}
/** POST /api/cart (201): the line added to, and the cart. */
export type CartAddResponse = CartItemView & WithCart;
/** PUT /api/cart/:id: the changed line, and the cart. */
export type CartUpdateResponse = CartItemView & WithCart;
/** DELETE /api/cart/:id: the line is gone; the cart without it. */
export type CartRemoveResponse = { deleted: true } & WithCart;
/**
 * DELETE /api/cart: how many lines were removed. A cleared cart is empty, so the browser sets it to `[]`
 * without a `cart` field (the answer's shape is pinned as `{cleared: n}`).
 */
export type CartClearResponse = { cleared: number };

/**
 * GET /api/cart/totals?currency=CAD (upper case, one of core/markets.ts CURRENCIES; default USD; another
 * value is a 400 `invalid_currency`): the visitor's cart priced by the server from that currency's price
 * list (docs/decisions/051-markets-and-currencies.md), with the cart's discount code (an amount code or one
 * with a minimum takes the owner's amounts in that currency, and gives nothing where it has none: refusal
 * `not_in_currency`). No taxes (the checkout's address
 * decides them). A product or stack not priced in the currency answers 409 `not_sold_in_currency`.
 * Every amount is in `currency`, minor units.
 */
export interface CartTotalsResponse {
  currency: Currency;
  /** By cart line id: the unit price and the line's figures in `currency` (core/pricing.ts PricedLine). */
  lines: {
    cartItemId: string;
    unitPriceCents: number;
    discountPercent: number;
    lineTotalCents: number;
    savingCents: number;
    codeCents: number;
  }[];
  totals: CartTotals;
}
