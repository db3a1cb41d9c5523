import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { newsletterSubscribers } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { welcomeEmail } from "../mail/templates/newsletter-welcome.ts";
import { unsubscribeLinks, unsubscribeToken } from "./unsubscribe.ts";

/**
 * Stores a subscriber once (with the time of explicit consent, when given) and sends one welcome e-mail. Subscribing twice is
 * not an error: the caller answers the same either way, so the answer says nothing about other people.
 * Subscribing again after unsubscribing subscribes the address again (and records the new consent).
 */
export async function subscribeToNewsletter(
  db: Db,
  mailer: Mailer,
  subscriber: { email: string; consent?: boolean },
  /** Where the welcome e-mail's unsubscribe links point (the shop's origin) and the key that signs them. */
  links: { origin: string; secret: string },
): Promise<void> {
  const { email } = subscriber;
  const consentAt = subscriber.consent ? new Date() : null;
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, consentAt })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length === 0) {
    await db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: null, ...(consentAt ? { consentAt } : {}) })
      .where(and(eq(newsletterSubscribers.email, email), isNotNull(newsletterSubscribers.unsubscribedAt)));
    return;
  }
  const unsubscribe = unsubscribeLinks(links.origin, unsubscribeToken(links.secret, email));
  await mailer.send({ ...welcomeEmail(email, unsubscribe), dedupeKey: `newsletter-welcome:${email}` });
}
