import { type Context, Hono } from "hono";
import { setCookie } from "hono/cookie";
import {
  type CartAddResponse,
  type CartClearResponse,
  type CartRemoveResponse,
  type CartTotalsResponse,
  type CartUpdateResponse,
  cartAddBody,
  cartQuantityBody,
} from "../../core/contracts/cart.ts";
import { type CartCodeResponse, cartCodeBody } from "../../core/contracts/discount-code.ts";
import { uuidField } from "../../core/uuid.ts";
import { trustedProxies } from "../auth/auth.ts";
import { type CartOwner, resolveCartOwner } from "../cart/cart-owner.ts";
import {
  addItem,
  assertCartFits,
  clearOwnerCart,
  findCartId,
  listCart,
  removeItem,
  setQuantity,
} from "../cart/cart-store.ts";
import type { AppServices } from "../context.ts";
import { notFound } from "../domain-errors.ts";
import { cartVisitor, newGuestCookie } from "../http/cart-cookie.ts";
import { clientIp, proxyList } from "../http/client-ip.ts";
import { readJsonBody } from "../http/validate.ts";
import { requestLocale } from "../i18n/request-locale.ts";
import { wordsIn } from "../i18n/words.ts";
import { shippingRateCents } from "../orders/price-order.ts";
import { applyCartCode, cartCode, cartTotals, removeCartCode } from "../promotions/cart-code.ts";
import { currencyParam } from "./cart-currency.ts";

const itemId = uuidField();

/** Codes tried per client address: enough for typos, too few to guess codes (a 429 beyond). */
export const CODE_TRIES = { window: 600, max: 30 };

/**
 * The cart API. Each visitor's cart is theirs alone: another visitor's line answers 404. Every write
 * answers with the whole cart after it (core/contracts/cart.ts).
 */
export function cartApi(services: AppServices) {
  const { database, catalogue } = services;
  const db = database.db;
  const proxies = proxyList(trustedProxies(services.env));

  const owner = async (c: Context) => resolveCartOwner(await cartVisitor(services, c.req.raw.headers));

  /**
   * The owner for a cart write: as `owner`, and a guest without a cart cookie is given one now; `isNew`
   * says they cannot have a cart yet.
   */
  async function writer(c: Context): Promise<CartOwner & { isNew?: boolean }> {
    const visitor = await cartVisitor(services, c.req.raw.headers);
    if (visitor.user || visitor.guestTokenHash) return resolveCartOwner(visitor);
    const { cookie, tokenHash } = newGuestCookie(services.env);
    setCookie(c, cookie.name, cookie.value, cookie.options);
    return { kind: "guest", tokenHash, isNew: true };
  }

  function lineId(c: Context): string {
    const parsed = itemId.safeParse(c.req.param("id"));
    if (!parsed.success) throw notFound("Cart item not found.");
    return parsed.data;
  }

  return (
    new Hono()
      .get("/", async (c) => {
        return c.json((await listCart(db, catalogue, await owner(c))).items);
      })
      .post("/", async (c) => {
        const body = await readJsonBody(c, cartAddBody);
        const o = await writer(c);
        const line = await addItem(db, catalogue, o, body);
        const { items } = await listCart(db, catalogue, o);
        return c.json<CartAddResponse>({ ...line, cart: items }, 201);
      })
      // The cart priced in a currency's list (core/contracts/cart.ts CartTotalsResponse, decision 051):
      // before the line routes, so "totals" is never read as a line id.
      .get("/totals", async (c) => {
        const currency = currencyParam(c);
        const visitor = await cartVisitor(services, c.req.raw.headers);
        const deps = { db, catalogue, flatShippingCents: shippingRateCents(services.env.SHIPPING_FLAT_RATE) };
        const answer = await cartTotals(deps, visitor, resolveCartOwner(visitor), currency, new Date());
        return c.json<CartTotalsResponse>(answer);
      })
      // The cart's discount code (core/contracts/discount-code.ts): before the line routes, so "code" is
      // never read as a line id. `?currency=` (default USD): the cart is judged in that currency's list.
      .get("/code", async (c) => {
        const currency = currencyParam(c);
        const visitor = await cartVisitor(services, c.req.raw.headers);
        const deps = { db, catalogue, flatShippingCents: shippingRateCents(services.env.SHIPPING_FLAT_RATE) };
        return c.json<CartCodeResponse>(
          await cartCode(db, visitor, resolveCartOwner(visitor), new Date(), { ...deps, currency }),
        );
      })
      .post("/code", async (c) => {
        const currency = currencyParam(c);
        const body = await readJsonBody(c, cartCodeBody);
        const tries = await services.identity.limits.consume(`code:${clientIp(c, proxies)}`, CODE_TRIES);
        if (!tries.allowed) {
          const message = wordsIn(requestLocale(c.req.raw.headers)).t("errors.tooManyCodeTries");
          const retryAfter = String(tries.retryAfter ?? CODE_TRIES.window);
          return c.json({ message, code: "too_many_requests" }, 429, { "Retry-After": retryAfter });
        }
        const visitor = await cartVisitor(services, c.req.raw.headers);
        const o = await writer(c);
        const deps = { db, catalogue, flatShippingCents: shippingRateCents(services.env.SHIPPING_FLAT_RATE) };
        return c.json<CartCodeResponse>(
          await applyCartCode(deps, visitor, o, body.code, new Date(), currency),
        );
      })
      .delete("/code", async (c) => {
        return c.json<CartCodeResponse>(await removeCartCode(db, await owner(c)));
      })
      .put("/:id", async (c) => {
        const id = lineId(c);
        const body = await readJsonBody(c, cartQuantityBody);
        const o = await owner(c);
        // More of a product than is in stock is refused; fewer always goes through.
        const current = (await listCart(db, catalogue, o)).items.find((i) => i.id === id);
        if (current && body.quantity > current.quantity) {
          const product = { id: current.productId, name: current.product.name };
          await assertCartFits(db, catalogue, o, product, body.quantity - current.quantity);
        }
        await setQuantity(db, await findCartId(db, o), id, body.quantity);
        const { items } = await listCart(db, catalogue, o);
        // The line is missing only when its product has left the catalogue: the listing leaves it out.
        const line = items.find((i) => i.id === id);
        return c.json({ ...line, cart: items } as CartUpdateResponse);
      })
      .delete("/:id", async (c) => {
        const id = lineId(c);
        const o = await owner(c);
        await removeItem(db, await findCartId(db, o), id);
        const { items } = await listCart(db, catalogue, o);
        return c.json<CartRemoveResponse>({ deleted: true, cart: items });
      })
      .delete("/", async (c) => {
        const removed = await clearOwnerCart(db, await owner(c));
        return c.json<CartClearResponse>({ cleared: removed });
      })
  );
}
