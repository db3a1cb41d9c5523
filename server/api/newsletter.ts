import { Hono } from "hono";
import { newsletterBody } from "../../core/contracts/newsletter.ts";
import type { AppServices } from "../context.ts";
import { ApiError } from "../http/api-error.ts";
import { requestHost, shopOrigin } from "../http/shop-origin.ts";
import { readJsonBody } from "../http/validate.ts";
import { subscribeToNewsletter } from "../newsletter/subscribe.ts";
import {
  emailOfUnsubscribeToken,
  UNSUBSCRIBE_PAGE_PATH,
  unsubscribe,
  unsubscribeSecret,
} from "../newsletter/unsubscribe.ts";

/**
 * POST /api/newsletter: subscribes the address (once) and answers the same whether or not it was new.
 * /api/newsletter/unsubscribe?token=…: the one-click unsubscribe of RFC 8058. A mail client POSTs to it
 * (without cookies, from anywhere: the signed token is the only proof needed); a GET, which link
 * scanners make too, changes nothing and sends the reader to the page that asks first.
 */
export function newsletterApi(services: AppServices) {
  const { env, database } = services;
  const secret = unsubscribeSecret(env);
  return new Hono()
    .post("/", async (c) => {
      const subscriber = await readJsonBody(c, newsletterBody);
      const origin = shopOrigin(env, requestHost(c.req.raw), "mail");
      await subscribeToNewsletter(database.db, services.mailer, subscriber, { origin, secret });
      return c.json({ subscribed: true });
    })
    .get("/unsubscribe", (c) => {
      const token = c.req.query("token") ?? "";
      return c.redirect(`${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`, 303);
    })
    .post("/unsubscribe", async (c) => {
      const email = emailOfUnsubscribeToken(secret, c.req.query("token"));
      if (!email) throw new ApiError(400, "invalid_token", "This unsubscribe link is not valid.");
      await unsubscribe(database.db, email);
      return c.json({ unsubscribed: true });
    });
}
