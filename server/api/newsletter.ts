import { Hono } from "hono";
import { newsletterBody, newsletterConfirmBody } from "../../core/contracts/newsletter.ts";
import { isPlaceholderEmail } from "../../core/placeholder-email.ts";
import { trustedProxies } from "../auth/auth.ts";
import type { AppServices } from "../context.ts";
import { InvalidInput } from "../domain-errors.ts";
import { clientIp, proxyList } from "../http/client-ip.ts";
import { requestHost, shopOrigin } from "../http/shop-origin.ts";
import { readJsonBody } from "../http/validate.ts";
import { pageLocaleOf, requestLocale } from "../i18n/request-locale.ts";
import { wordsIn } from "../i18n/words.ts";
import { confirmSubscription } from "../newsletter/confirm.ts";
import { subscribeToNewsletter } from "../newsletter/subscribe.ts";
import {
  emailOfUnsubscribeToken,
  UNSUBSCRIBE_PAGE_PATH,
  unsubscribe,
  unsubscribeSecret,
} from "../newsletter/unsubscribe.ts";

/**
 * Every sign-up of an address other than the customer's own verified one sends a confirmation e-mail to
 * it: sign-ups per client address are bounded (like Notify Me's) so nobody mails strangers in bulk.
 */
export const NEWSLETTER_SIGNUPS = { window: 600, max: 10 };

/**
 * POST /api/newsletter: signs the address up and answers the same whether it was new, pending, subscribed
 * or unsubscribed; only a customer's own verified address is subscribed at once, any other gets a
 * confirmation link (double opt-in, decision 026). Over NEWSLETTER_SIGNUPS per client it answers 429.
 * POST /api/newsletter/confirm {token}: what the confirmation page's button does.
 * /api/newsletter/unsubscribe?token=…: the one-click unsubscribe of RFC 8058. A mail client POSTs to it
 * (without cookies, from anywhere: the signed token is the only proof needed); a GET, which link
 * scanners make too, changes nothing and sends the reader to the page that asks first.
 */
export function newsletterApi(services: AppServices) {
  const { env, database, identity } = services;
  const secret = unsubscribeSecret(env);
  const { limits } = identity;
  const proxies = proxyList(trustedProxies(env));
  return new Hono()
    .post("/", async (c) => {
      const subscriber = await readJsonBody(c, newsletterBody);
      const session = await identity.getSession(c.req.raw.headers);
      const own = session?.user.emailVerified ? session.user.email.trim().toLowerCase() : null;
      const verifiedOwnEmail = own && !isPlaceholderEmail(own) ? own : null;
      if (subscriber.email !== verifiedOwnEmail) {
        const decision = await limits.consume(`newsletter:${clientIp(c, proxies)}`, NEWSLETTER_SIGNUPS);
        if (!decision.allowed) {
          const retryAfter = String(decision.retryAfter ?? NEWSLETTER_SIGNUPS.window);
          const message = wordsIn(requestLocale(c.req.raw.headers)).t("errors.tooManySignUps");
          return c.json({ message, code: "too_many_requests" }, 429, { "Retry-After": retryAfter });
        }
      }
      const origin = shopOrigin(env, requestHost(c.req.raw), "mail");
      // The e-mails in the language of the page the visitor signed up on (server/i18n/customer-locale.ts).
      const locale = pageLocaleOf(c.req.raw.headers);
      await subscribeToNewsletter(
        database.db,
        services.mailer,
        subscriber,
        { origin, secret, locale },
        verifiedOwnEmail,
      );
      return c.json({ subscribed: true });
    })
    .post("/confirm", async (c) => {
      const { token } = await readJsonBody(c, newsletterConfirmBody);
      const origin = shopOrigin(env, requestHost(c.req.raw), "mail");
      const links = { origin, secret, locale: pageLocaleOf(c.req.raw.headers) };
      const email = await confirmSubscription(database.db, services.mailer, token, links);
      if (!email) {
        throw new InvalidInput("invalid_token", "This confirmation link is not valid or has expired.");
      }
      return c.json({ subscribed: true });
    })
    .get("/unsubscribe", (c) => {
      const token = c.req.query("token") ?? "";
      return c.redirect(`${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`, 303);
    })
    .post("/unsubscribe", async (c) => {
      const email = emailOfUnsubscribeToken(secret, c.req.query("token"));
      if (!email) throw new InvalidInput("invalid_token", "This unsubscribe link is not valid.");
      await unsubscribe(database.db, email);
      return c.json({ unsubscribed: true });
    });
}
