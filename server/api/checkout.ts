import { Hono } from "hono";
import { createSessionBody } from "../../core/contracts/checkout.ts";
import type { AppServices } from "../context.ts";
import { requestHost, shopOrigin } from "../http/shop-origin.ts";
import { readJsonBody } from "../http/validate.ts";
import { asServiceUnavailable } from "../orders/database-unavailable.ts";
import { startCheckout } from "../orders/start-checkout.ts";

/** POST /api/checkout/create-session: answers `{ url }`, the payment provider's hosted page. */
export function checkoutApi(services: AppServices) {
  return new Hono().post("/create-session", async (c) => {
    const body = await readJsonBody(c, createSessionBody);
    try {
      const { url } = await startCheckout(services, {
        headers: c.req.raw.headers,
        origin: shopOrigin(services.env, requestHost(c.req.raw), "page"),
        body,
      });
      return c.json({ url });
    } catch (err) {
      throw asServiceUnavailable(err);
    }
  });
}
