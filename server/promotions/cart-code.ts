import type { CartCodeResponse } from "../../core/contracts/discount-code.ts";
import { realEmail } from "../../core/placeholder-email.ts";
import type { CartOwner, CartVisitor } from "../cart/cart-owner.ts";
import { cartDiscountCode, findCartId, listCart, setCartDiscountCode } from "../cart/cart-store.ts";
import type { Catalogue } from "../catalogue.ts";
import type { Db } from "../db/client.ts";
import { priceOrder } from "../orders/price-order.ts";
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

/** The cart's code with its terms, and why the shop's records refuse it now (null when they do not). */
export async function cartCode(
  db: Db,
  visitor: CartVisitor,
  owner: CartOwner,
  now: Date,
): Promise<CartCodeResponse> {
  const stored = await cartDiscountCode(db, owner);
  if (!stored) return { code: null, refusal: null };
  const row = await findCode(db, stored);
  if (!row) return { code: null, refusal: null };
  const cartId = await findCartId(db, owner);
  return { code: codeTerms(row), refusal: await recordsRefusal(db, row, who(visitor, cartId), now) };
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
): Promise<CartCodeResponse> {
  const { db, catalogue } = deps;
  const row = await codeOrRefusal(db, text);
  const { cartId, items } = await listCart(db, catalogue, owner);
  const refused = await recordsRefusal(db, row, who(visitor, cartId), now);
  if (refused) throw refusalError(refused);
  const terms = codeTerms(row);
  if (items.length > 0) {
    const priced = priceOrder(items, await catalogue.list(), deps.flatShippingCents, terms);
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
