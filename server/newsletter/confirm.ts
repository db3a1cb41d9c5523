import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import type { Db } from "../db/client.ts";
import { newsletterConfirmations, newsletterSubscribers } from "../db/schema.ts";
import { wordsIn } from "../i18n/words.ts";
import type { Mailer } from "../mail/mailer.ts";
import { confirmSubscriptionEmail } from "../mail/templates/newsletter-confirm.ts";
import { welcomeEmail } from "../mail/templates/newsletter-welcome.ts";
import { unsubscribeLinks, unsubscribeToken } from "./unsubscribe.ts";

/** The page a confirmation link opens: its button confirms (a GET changes nothing, decision 026). */
export const CONFIRM_PAGE_PATH = "/newsletter/confirm";

/**
 * A link lives three days (long enough for a reader who opens mail weekly-ish to act on the same
 * week's sign-up, short enough that a forgotten one stops working); a second sign-up of a pending
 * address sends a new link at most every ten minutes, so one address cannot be flooded.
 */
export const NEWSLETTER_CONFIRMATION = { lifetimeMs: 3 * 86_400_000, resendAfterMs: 10 * 60_000 };

/**
 * Where the shop's newsletter links point and the key that signs the unsubscribe tokens; `locale`: the
 * language of the page the visitor signed up or confirmed on (English when not given), the e-mails' and the
 * linked pages' (docs/decisions/049-languages.md).
 */
export interface NewsletterLinks {
  origin: string;
  secret: string;
  locale?: Locale | null;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
/** The pending row of an unexpired token. */
const live = (token: string) =>
  and(
    eq(newsletterConfirmations.tokenHash, hashOf(token)),
    gt(newsletterConfirmations.expiresAt, sql`now()`),
  );

/**
 * Records a pending sign-up and e-mails its confirmation link; nothing about the subscriber changes until
 * the link is followed. A pending address gets a new link (the old one stops working) only when the last
 * was sent more than NEWSLETTER_CONFIRMATION.resendAfterMs ago; concurrent sign-ups meet in one upsert.
 */
export async function requestConfirmation(
  db: Db,
  mailer: Mailer,
  email: string,
  links: NewsletterLinks,
): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashOf(token);
  const expiresAt = new Date(Date.now() + NEWSLETTER_CONFIRMATION.lifetimeMs);
  const resendBefore = new Date(Date.now() - NEWSLETTER_CONFIRMATION.resendAfterMs);
  const [row] = await db
    .insert(newsletterConfirmations)
    .values({ email, tokenHash, expiresAt })
    .onConflictDoUpdate({
      target: newsletterConfirmations.email,
      set: { tokenHash, expiresAt, sentAt: sql`now()` },
      setWhere: sql`${newsletterConfirmations.sentAt} < ${resendBefore} or ${newsletterConfirmations.expiresAt} <= now()`,
    })
    .returning({ email: newsletterConfirmations.email });
  if (!row) return;
  const words = wordsIn(links.locale);
  // The confirmation page in the sign-up's language: the welcome that follows is in it too.
  const link = `${links.origin}${pathInLocale(CONFIRM_PAGE_PATH, words.locale)}?token=${encodeURIComponent(token)}`;
  await mailer.send({
    ...confirmSubscriptionEmail(email, link, words),
    dedupeKey: `newsletter-confirm:${tokenHash}`,
  });
}

/** The address a live (unused, unexpired) confirmation token was sent to, or null. */
export async function pendingConfirmationEmail(
  db: Db,
  token: string | null | undefined,
): Promise<string | null> {
  if (!token || !TOKEN.test(token)) return null;
  const [row] = await db
    .select({ email: newsletterConfirmations.email })
    .from(newsletterConfirmations)
    .where(live(token))
    .limit(1);
  return row?.email ?? null;
}

/**
 * Follows a confirmation link: in one transaction the token is used up (deleted, so it works once) and the
 * address subscribed with the time of this consent, clearing an earlier unsubscribe. The welcome e-mail
 * follows the commit (once per address, as ever): it goes through `send`, which keeps its List-Unsubscribe
 * headers. Answers the address, or null for a token that is unknown, used or expired.
 */
export async function confirmSubscription(
  db: Db,
  mailer: Mailer,
  token: string,
  links: NewsletterLinks,
): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const email = await db.transaction(async (tx) => {
    const [pending] = await tx
      .delete(newsletterConfirmations)
      .where(live(token))
      .returning({ email: newsletterConfirmations.email });
    if (!pending) return null;
    const consentAt = new Date();
    await tx
      .insert(newsletterSubscribers)
      .values({ email: pending.email, consentAt })
      .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { consentAt, unsubscribedAt: null } });
    return pending.email;
  });
  if (email) await mailer.send(welcomeOf(email, links));
  return email;
}

/** The welcome e-mail with its unsubscribe links; sent once per address (its dedupe key). */
export function welcomeOf(email: string, links: NewsletterLinks) {
  const words = wordsIn(links.locale);
  const unsubscribe = unsubscribeLinks(links.origin, unsubscribeToken(links.secret, email), words.locale);
  return { ...welcomeEmail(email, unsubscribe, words), dedupeKey: `newsletter-welcome:${email}` };
}
