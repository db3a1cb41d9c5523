import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { newsletterSubscribers } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { type NewsletterLinks, requestConfirmation, welcomeOf } from "./confirm.ts";

/**
 * A sign-up from the form. Anyone can type any address, so only the address's owner may subscribe it
 * (double opt-in, decision 026): a signed-in customer's own verified address is recorded at once (with
 * the time of consent, when the box was ticked) and welcomed; any other address records nothing and gets
 * a confirmation link, unless it is already subscribed. An unsubscribe is cleared only by one of those two.
 * The caller answers the same whatever happened here, so the answer says nothing about other people.
 */
export async function subscribeToNewsletter(
  db: Db,
  mailer: Mailer,
  subscriber: { email: string; consent?: boolean },
  links: NewsletterLinks,
  /** The signed-in customer's own address, when verified (the account proves they own it). */
  verifiedOwnEmail: string | null,
): Promise<void> {
  const { email } = subscriber;
  if (email === verifiedOwnEmail) return subscribeOwnAddress(db, mailer, subscriber, links);
  const [existing] = await db
    .select({ unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
    .limit(1);
  if (existing && !existing.unsubscribedAt) return;
  await requestConfirmation(db, mailer, email, links);
}

/** Stores the subscriber once and welcomes them; subscribing again after unsubscribing clears it. */
async function subscribeOwnAddress(
  db: Db,
  mailer: Mailer,
  subscriber: { email: string; consent?: boolean },
  links: NewsletterLinks,
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
  await mailer.send(welcomeOf(email, links));
}
