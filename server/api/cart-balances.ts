import { type Context, Hono } from "hono";
import { setCookie } from "hono/cookie";
import {
  applyGiftCardBody,
  type CartBalancesResponse,
  cartBalancesBody,
  type GiftCardBalanceResponse,
  type GiftCardLineView,
  giftCardBalanceBody,
  giftCardLineBody,
} from "../../core/contracts/balances.ts";
import { giftCardAmounts } from "../../core/price-lists.ts";
import { uuidField } from "../../core/uuid.ts";
import { trustedProxies } from "../auth/auth.ts";
import {
  addGiftCardLine,
  applyGiftCard,
  cartBalances,
  giftCardLines,
  removeGiftCard,
  removeGiftCardLine,
  setCartBalances,
} from "../balances/cart-balances.ts";
import { findGiftCardByCode, giftCardBalance } from "../balances/gift-cards.ts";
import { type CartOwner, resolveCartOwner } from "../cart/cart-owner.ts";
import type { AppServices } from "../context.ts";
import { NotFound, notFound, words } from "../domain-errors.ts";
import { cartVisitor, newGuestCookie } from "../http/cart-cookie.ts";
import { clientIp, proxyList } from "../http/client-ip.ts";
import { readJsonBody } from "../http/validate.ts";
import { requestLocale } from "../i18n/request-locale.ts";
import { wordsIn } from "../i18n/words.ts";
import { shippingRateCents } from "../orders/price-order.ts";
import { currencyParam } from "./cart-currency.ts";

/** Gift card codes tried per client address, in the cart and on the balance page: a 429 beyond. */
export const GIFT_CARD_TRIES = { window: 600, max: 20 };

const id = uuidField();

/**
 * What pays besides the card, and gift cards to buy (core/contracts/balances.ts): mounted under /cart
 * before the cart's line routes, so "balances" and "gift-cards" are never read as a line id.
 */
export function cartBalancesApi(services: AppServices) {
  const db = services.database.db;
  const proxies = proxyList(trustedProxies(services.env));
  const owner = async (c: Context) => resolveCartOwner(await cartVisitor(services, c.req.raw.headers));
  async function writer(c: Context): Promise<CartOwner> {
    const visitor = await cartVisitor(services, c.req.raw.headers);
    if (visitor.user || visitor.guestTokenHash) return resolveCartOwner(visitor);
    const { cookie, tokenHash } = newGuestCookie(services.env);
    setCookie(c, cookie.name, cookie.value, cookie.options);
    return { kind: "guest", tokenHash };
  }
  const idParam = (c: Context) => {
    const parsed = id.safeParse(c.req.param("id"));
    if (!parsed.success) throw notFound("That gift card is not in your cart.");
    return parsed.data;
  };

  return (
    new Hono()
      // `?currency=CAD`: also which balances cannot pay an order in it, and why (decision 051).
      .get("/balances", async (c) => {
        const currency = c.req.query("currency") === undefined ? undefined : currencyParam(c);
        const locale = requestLocale(c.req.raw.headers);
        return c.json<CartBalancesResponse>(await cartBalances(db, await owner(c), currency, locale));
      })
      // `?currency=CAD`: the points counted are those of an order in it (decision 051).
      .put("/balances", async (c) => {
        const currency = c.req.query("currency") === undefined ? undefined : currencyParam(c);
        const body = await readJsonBody(c, cartBalancesBody);
        return c.json<CartBalancesResponse>(await setCartBalances(db, await owner(c), body, currency));
      })
      .post("/gift-cards", async (c) => {
        const body = await readJsonBody(c, applyGiftCardBody);
        const limited = await tooManyTries(services, c, proxies);
        if (limited) return limited;
        return c.json<CartBalancesResponse>(await applyGiftCard(db, await writer(c), body.code));
      })
      .delete("/gift-cards/:id", async (c) =>
        c.json<CartBalancesResponse>(await removeGiftCard(db, await owner(c), idParam(c))),
      )
      .get("/gift-card-lines", async (c) =>
        c.json<GiftCardLineView[]>(await giftCardLines(db, await owner(c))),
      )
      // `?currency=CAD`: the amount must be one the page's currency sells (decision 051; US dollars by default).
      .post("/gift-card-lines", async (c) => {
        const currency = currencyParam(c);
        const body = await readJsonBody(c, giftCardLineBody);
        const table = await services.catalogue.priceTable(shippingRateCents(services.env.SHIPPING_FLAT_RATE));
        const sold = { currency, amounts: giftCardAmounts(table[currency]) };
        return c.json<GiftCardLineView[]>(
          await addGiftCardLine(db, await writer(c), body, new Date(), sold),
          201,
        );
      })
      .delete("/gift-card-lines/:id", async (c) =>
        c.json<GiftCardLineView[]>(await removeGiftCardLine(db, await owner(c), idParam(c))),
      )
  );
}

async function tooManyTries(services: AppServices, c: Context, proxies: ReturnType<typeof proxyList>) {
  const tries = await services.identity.limits.consume(`gift-card:${clientIp(c, proxies)}`, GIFT_CARD_TRIES);
  if (tries.allowed) return null;
  const message = wordsIn(requestLocale(c.req.raw.headers)).t("errors.tooManyGiftCardTries");
  const retryAfter = String(tries.retryAfter ?? GIFT_CARD_TRIES.window);
  return c.json({ message, code: "too_many_requests" }, 429, { "Retry-After": retryAfter });
}

/** POST /api/gift-cards/balance: what is left on a card, by its code (rate-limited per client address). */
export function giftCardsApi(services: AppServices) {
  const db = services.database.db;
  const proxies = proxyList(trustedProxies(services.env));
  return new Hono().post("/balance", async (c) => {
    const body = await readJsonBody(c, giftCardBalanceBody);
    const limited = await tooManyTries(services, c, proxies);
    if (limited) return limited;
    const card = await findGiftCardByCode(db, body.code);
    if (!card?.last4) throw new NotFound(words("errors.giftCardUnknown"), "gift_card_unknown");
    return c.json<GiftCardBalanceResponse>({
      last4: card.last4,
      balanceCents: await giftCardBalance(db, card.id),
      currency: card.currency,
    });
  });
}
