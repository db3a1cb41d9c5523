import type { Db } from "../db/client.ts";
import { newsletterSubscribers } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { welcomeEmail } from "../mail/templates/newsletter-welcome.ts";

/**
 * Stores a subscriber once (with the time of explicit consent, when given) and sends one welcome e-mail. Subscribing twice is
 * not an error: the caller answers the same either way, so the answer says nothing about other people.
 */
export async function subscribeToNewsletter(
  db: Db,
  mailer: Mailer,
  subscriber: { email: string; consent?: boolean },
): Promise<void> {
  const { email } = subscriber;
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, consentAt: subscriber.consent ? new Date() : null })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length > 0) {
    await mailer.send({ ...welcomeEmail(email), dedupeKey: `newsletter-welcome:${email}` });
  }
}
