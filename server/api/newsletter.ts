import { Hono } from "hono";
import { newsletterBody } from "../../core/contracts/newsletter.ts";
import type { AppServices } from "../context.ts";
import { readJsonBody } from "../http/validate.ts";
import { subscribeToNewsletter } from "../newsletter/subscribe.ts";

/** POST /api/newsletter: subscribes the address (once) and answers the same whether or not it was new. */
export function newsletterApi(services: AppServices) {
  return new Hono().post("/", async (c) => {
    const subscriber = await readJsonBody(c, newsletterBody);
    await subscribeToNewsletter(services.database.db, services.mailer, subscriber);
    return c.json({ subscribed: true });
  });
}
