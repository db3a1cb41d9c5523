import { Hono } from "hono";
import { createSessionBody } from "../../core/contracts/checkout.ts";
import { trustedProxies } from "../auth/auth.ts";
import { CurrencyChanged, startCheckout } from "../checkout/start-checkout.ts";
import type { AppServices } from "../context.ts";
import { isConnectionLoss } from "../db/connection-loss.ts";
import { shopDeps } from "../deps.ts";
import { DatabaseUnavailable, DomainError } from "../domain-errors.ts";
import { cartVisitor } from "../http/cart-cookie.ts";
import { clientIp, proxyList } from "../http/client-ip.ts";
import { errorResponse } from "../http/error-status.ts";
import { requestHost, shopOrigin } from "../http/shop-origin.ts";
import { readJsonBody } from "../http/validate.ts";
import { requestLocale } from "../i18n/request-locale.ts";

/**
 * POST /api/checkout/create-session: answers `{ url }`, the payment provider's hosted page. A renewal consent
 * keeps the client's address as the rate limits see it (X-Forwarded-For only from TRUSTED_PROXIES) and its
 * user agent.
 */
export function checkoutApi(services: AppServices) {
  const proxies = proxyList(trustedProxies(services.env));
  return new Hono().post("/create-session", async (c) => {
    const body = await readJsonBody(c, createSessionBody);
    try {
      const origin = shopOrigin(services.env, requestHost(c.req.raw), "page");
      const { url } = await startCheckout(shopDeps(services, origin), {
        visitor: await cartVisitor(services, c.req.raw.headers),
        body,
        client: { ipAddress: clientIp(c, proxies), userAgent: c.req.header("user-agent") ?? null },
      });
      return c.json({ url });
    } catch (err) {
      // The order is in another currency than the page showed: the answer names it, for the page to show
      // the order in it (docs/decisions/051-markets-and-currencies.md).
      if (err instanceof CurrencyChanged) {
        const failure = errorResponse(err, requestLocale(c.req.raw.headers));
        return c.json({ ...failure?.body, currency: err.currency }, 409);
      }
      // Every route answers a lost database with 503 (server/http/error-status.ts); a shopper at checkout
      // is told as well that nothing was charged.
      if (isConnectionLoss(err) && !(err instanceof DomainError)) {
        throw new DatabaseUnavailable(
          "The shop could not reach its database. Nothing was charged and your cart is unchanged; please try again.",
          { cause: err },
        );
      }
      throw err;
    }
  });
}
