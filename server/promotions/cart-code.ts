import type { CartTotalsResponse } from "../../core/contracts/cart.ts";
import type { CartCodeResponse } from "../../core/contracts/discount-code.ts";
import { BASE_CURRENCY, type Currency } from "../../core/markets.ts";
import { realEmail } from "../../core/placeholder-email.ts";
import type { CartOwner, CartVisitor } from "../cart/cart-owner.ts";
import { cartDiscountCode, findCartId, listCart, setCartDiscountCode } from "../cart/cart-store.ts";
import type { Catalogue } from "../catalogue.ts";
import type { Db } from "../db/client.ts";
import { orderPrices, priceOrder } from "../orders/price-order.ts";
import { codeOrRefusal, codeTerms, findCode, recordsRefusal, refusalError } from "./discount-codes.ts";

/**
 * The code a cart carries: applied from the drawer, the checkout or a `?code=` link, kept on the cart row
 * and priced by the browser and the server alike (docs/decisions/046-discount-codes.md).
 */

function who(visitor: CartVisitor, cartId: string | null) {
  return {
    userId: visitor.user?.id ?? null,
    email: (visitor.user && realEmail(visitor.user.email)) || null,
    cartId,
  };
}

/**
 * The cart's code with its terms, and why the shop's records refuse it now (null when they do not). With
 * `inCurrency` other than US dollars, also why the cart in that currency's list gives it nothing
 * (`not_in_currency` when the code has no amount there, a minimum not met in it: core/pricing.ts), so a
 * page showing the cart in it shows the reason.
 */
export async function cartCode(
  db: Db,
  visitor: CartVisitor,
  owner: CartOwner,
  now: Date,
  inCurrency?: { catalogue: Catalogue; flatShippingCents: number; currency: Currency },
): Promise<CartCodeResponse> {
  const stored = await cartDiscountCode(db, owner);
  if (!stored) return { code: null, refusal: null };
  const row = await findCode(db, stored);
  if (!row) return { code: null, refusal: null };
  const cartId = await findCartId(db, owner);
  const refused = await recordsRefusal(db, row, who(visitor, cartId), now);
  if (refused || !inCurrency || inCurrency.currency === BASE_CURRENCY)
    return { code: codeTerms(row), refusal: refused };
  const { items } = await listCart(db, inCurrency.catalogue, owner);
  if (items.length === 0) return { code: codeTerms(row), refusal: null };
  const prices = await orderPrices(inCurrency.catalogue, inCurrency.currency, inCurrency.flatShippingCents);
  const products = await inCurrency.catalogue.list();
  const priced = priceOrder(items, products, inCurrency.flatShippingCents, codeTerms(row), null, prices);
  return { code: codeTerms(row), refusal: priced.totals.code?.refusal ?? null };
}

/**
 * The cart priced in `currency`'s list with its code (core/contracts/cart.ts CartTotalsResponse): the code
 * applied when the shop's records and the cart allow it, else the totals without it and the code's refusal.
 */
export async function cartTotals(
  deps: { db: Db; catalogue: Catalogue; flatShippingCents: number },
  visitor: CartVisitor,
  owner: CartOwner,
  currency: Currency,
  now: Date,
): Promise<CartTotalsResponse> {
  const { db, catalogue } = deps;
  const { cartId, items } = await listCart(db, catalogue, owner);
  const products = await catalogue.list();
  const prices = await orderPrices(catalogue, currency, deps.flatShippingCents);
  const stored = await cartDiscountCode(db, owner);
  const row = stored ? await findCode(db, stored) : null;
  const refused = row ? await recordsRefusal(db, row, who(visitor, cartId), now) : null;
  let priced = priceOrder(
    items,
    products,
    deps.flatShippingCents,
    row && !refused ? codeTerms(row) : null,
    null,
    prices,
  );
  const refusal = refused ?? priced.totals.code?.refusal ?? null;
  if (row && refusal) {
    priced = priceOrder(items, products, deps.flatShippingCents, null, null, prices);
    priced.totals.code = { terms: codeTerms(row), refusal };
  }
  return {
    currency,
    lines: priced.lines.map((l) => ({
      cartItemId: l.cartItemId,
      unitPriceCents: l.unitPriceCents,
      discountPercent: l.discountPercent,
      lineTotalCents: l.lineTotalCents,
      savingCents: l.savingCents,
      codeCents: l.codeCents,
    })),
    totals: priced.totals,
  };
}

/**
 * Applies the code the shopper typed to their cart: refused (and the cart's code left as it was) when it
 * is unknown, not active, outside its dates, used up, already used by this customer, for a first order
 * only, or when the cart as it is now does not meet it (a minimum, its products). An empty cart takes any
 * code the records allow: the pricing says what it needs once there are lines.
 */
export async function applyCartCode(
  deps: { db: Db; catalogue: Catalogue; flatShippingCents: number },
  visitor: CartVisitor,
  owner: CartOwner,
  text: string,
  now: Date,
  /** The currency the page shows the cart in: the cart is judged in its list (decision 051). */
  currency: Currency = BASE_CURRENCY,
): Promise<CartCodeResponse> {
  const { db, catalogue } = deps;
  const row = await codeOrRefusal(db, text);
  const { cartId, items } = await listCart(db, catalogue, owner);
  const refused = await recordsRefusal(db, row, who(visitor, cartId), now);
  if (refused) throw refusalError(refused);
  const terms = codeTerms(row);
  if (items.length > 0) {
    const prices = await orderPrices(catalogue, currency, deps.flatShippingCents);
    const priced = priceOrder(items, await catalogue.list(), deps.flatShippingCents, terms, null, prices);
    const cartRefusal = priced.totals.code?.refusal;
    if (cartRefusal) throw refusalError(cartRefusal);
  }
  await setCartDiscountCode(db, owner, row.code);
  return { code: terms, refusal: null };
}

/** Takes the code off the cart. */
export async function removeCartCode(db: Db, owner: CartOwner): Promise<CartCodeResponse> {
  if (await cartDiscountCode(db, owner)) await setCartDiscountCode(db, owner, null);
  return { code: null, refusal: null };
}
