import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import { DEVELOPMENT_SECRET } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { newsletterSubscribers } from "../db/schema.ts";
import type { Env } from "../env.ts";

/** The path of the one-click unsubscribe (RFC 8058): POST unsubscribes, GET opens the confirming page. */
export const UNSUBSCRIBE_API_PATH = "/api/newsletter/unsubscribe";
/** The page a reader opens from the e-mail's link: it asks before unsubscribing. */
export const UNSUBSCRIBE_PAGE_PATH = "/newsletter/unsubscribe";

/** The key the tokens are signed with: the server's secret (the same that signs sessions). */
export function unsubscribeSecret(env: Env): string {
  return env.BETTER_AUTH_SECRET ?? DEVELOPMENT_SECRET;
}

const mac = (secret: string, email: string) =>
  createHmac("sha256", secret).update(`newsletter-unsubscribe\n${email}`).digest("base64url");

/**
 * The token in a subscriber's unsubscribe link: the address (base64url) and an HMAC of it with the
 * server's secret. Nothing is stored; only the server can make one, and it names one address.
 */
export function unsubscribeToken(secret: string, email: string): string {
  const address = email.trim().toLowerCase();
  return `${Buffer.from(address).toString("base64url")}.${mac(secret, address)}`;
}

/** The address a token was made for, or null for anything the server did not sign. */
export function emailOfUnsubscribeToken(secret: string, token: string | null | undefined): string | null {
  if (!token || token.length > 1000) return null;
  const [encoded, signature, extra] = token.split(".");
  if (!encoded || !signature || extra !== undefined) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  if (!email.includes("@") || Buffer.from(email).toString("base64url") !== encoded) return null;
  const expected = Buffer.from(mac(secret, email));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? email : null;
}

/** The two links of a newsletter e-mail: the one-click POST target (headers) and the page (visible link). */
export function unsubscribeLinks(origin: string, token: string, locale: Locale = DEFAULT_LOCALE) {
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    oneClick: `${origin}${UNSUBSCRIBE_API_PATH}${query}`,
    // The page that asks first, in the e-mail's language.
    page: `${origin}${pathInLocale(UNSUBSCRIBE_PAGE_PATH, locale)}${query}`,
  };
}

/** Marks the address unsubscribed (once: a second unsubscribe keeps the first time). Unknown addresses are a no-op. */
export async function unsubscribe(db: Db, email: string): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`now()` })
    .where(and(eq(newsletterSubscribers.email, email), isNull(newsletterSubscribers.unsubscribedAt)));
}

/** Whether the address has unsubscribed (and not subscribed again since). */
export async function isUnsubscribed(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ at: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
    .limit(1);
  return Boolean(row?.at);
}
