import { Hono } from "hono";
import { z } from "zod";
import { isPlaceholderEmail } from "../../core/placeholder-email.ts";
import type { AppServices } from "../context.ts";
import { newsletterSubscribers } from "../db/schema.ts";
import { readJsonBody } from "../http/validate.ts";
import { welcomeEmail } from "../mail/templates/newsletter-welcome.ts";

const subscribeSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email("Enter a valid e-mail address"))
    // A reserved `.invalid` address (such as a phone account's placeholder) can never receive the letter.
    .refine((email) => !isPlaceholderEmail(email), "Enter a valid e-mail address"),
  consent: z.literal(true, "Consent to receive e-mails is required"),
});

/** POST /api/newsletter: stores a subscriber once (with the time of consent) and sends one welcome e-mail. */
export function newsletterApi(services: AppServices) {
  const { db } = services.database;
  return new Hono().post("/", async (c) => {
    const { email } = await readJsonBody(c, subscribeSchema);
    const inserted = await db
      .insert(newsletterSubscribers)
      .values({ email, consentAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    if (inserted.length > 0) {
      await services.mailer.send({ ...welcomeEmail(email), dedupeKey: `newsletter-welcome:${email}` });
    }
    // Subscribing twice is not an error: the answer is the same either way (and says nothing about others).
    return c.json({ subscribed: true });
  });
}
