import { Hono } from "hono";
import { z } from "zod";
import { type NotifyResponse, notifyBody } from "../../core/contracts/wishlist.ts";
import { isPlaceholderEmail } from "../../core/placeholder-email.ts";
import { trustedProxies } from "../auth/auth.ts";
import type { AppServices } from "../context.ts";
import { Conflict, InvalidInput, notFound } from "../domain-errors.ts";
import { clientIp, proxyList } from "../http/client-ip.ts";
import { readJsonBody } from "../http/validate.ts";
import { requestLocale } from "../i18n/request-locale.ts";
import { wordsIn } from "../i18n/words.ts";
import { registerStockNotification } from "../wishlist/back-in-stock.ts";

const productId = z.coerce.number().int().positive().max(1_000_000);

/**
 * Whoever types an address into Notify Me (a guest, or an account made by phone, which has no e-mail of
 * its own) could type a stranger's, and the shop later mails it: such registrations are bounded per client
 * address and per account, so nobody signs up strangers in bulk. An account's own e-mail is not counted.
 */
export const GUEST_NOTIFY_REQUESTS = { window: 600, max: 10 };

/**
 * POST /api/products/:id/notify ("Notify Me"): one e-mail when an out-of-stock product returns. A
 * signed-in customer is registered with their account's e-mail; a guest (or an account made by phone,
 * which has none) sends `email`. Asking again while the request waits answers 200 and adds nothing;
 * a product in stock answers 409; an address from the body over GUEST_NOTIFY_REQUESTS answers 429.
 */
export function stockNotifyApi(services: AppServices) {
  const db = services.database.db;
  const { limits } = services.identity;
  const proxies = proxyList(trustedProxies(services.env));
  return new Hono().post("/:id/notify", async (c) => {
    const id = productId.safeParse(c.req.param("id"));
    if (!id.success) throw notFound("Product not found.");
    const body = await readJsonBody(c, notifyBody);
    const user = await services.identity.getUser(c.req.raw.headers);
    const accountEmail = user && !isPlaceholderEmail(user.email) ? user.email : null;
    const email = accountEmail ?? body.email;
    if (!email) throw new InvalidInput("email_required", "Enter your e-mail address.");
    if (!accountEmail) {
      const keys = [`notify:${clientIp(c, proxies)}`, ...(user ? [`notify-account:${user.id}`] : [])];
      for (const key of keys) {
        const decision = await limits.consume(key, GUEST_NOTIFY_REQUESTS);
        if (!decision.allowed) {
          const retryAfter = String(decision.retryAfter ?? GUEST_NOTIFY_REQUESTS.window);
          const message = wordsIn(requestLocale(c.req.raw.headers)).t("errors.tooManyRequests");
          return c.json({ message, code: "too_many_requests" }, 429, { "Retry-After": retryAfter });
        }
      }
    }
    const result = await registerStockNotification(db, id.data, email, user?.id ?? null);
    if (result.kind === "not_found") throw notFound("Product not found.");
    if (result.kind === "in_stock") {
      throw new Conflict("in_stock", `${result.name} is in stock: add it to your cart.`);
    }
    return c.json<NotifyResponse>(
      { productId: id.data, email: result.email, created: result.kind === "registered" },
      result.kind === "registered" ? 201 : 200,
    );
  });
}
