import { eq } from "drizzle-orm";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../core/i18n/locales.ts";
import type { DbOrTx } from "../db/client.ts";
import { userPreferences } from "../db/schema.ts";

/**
 * The language of an e-mail or a text to a customer (docs/decisions/049-languages.md, "E-mails and texts"):
 * the language of the page that asked for it, when a page did (its API call names it); otherwise the
 * display language the customer saved in their preferences; otherwise English. The page's language a request
 * names is read by server/i18n/request-locale.ts `pageLocaleOf`.
 */

/** The display language a customer saved in their preferences (group display, key language), or null. */
export async function savedLocale(db: DbOrTx, userId: string | null | undefined): Promise<Locale | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ preferences: userPreferences.preferences })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  const display = row?.preferences?.display as { language?: unknown } | undefined;
  return isLocale(display?.language) ? display.language : null;
}

/**
 * A customer's language: the asking page's (`pageLocale`, already validated) when there is one, else their
 * saved display language, else English.
 */
export async function customerLocale(
  db: DbOrTx,
  userId: string | null | undefined,
  pageLocale: Locale | null = null,
): Promise<Locale> {
  return pageLocale ?? (await savedLocale(db, userId)) ?? DEFAULT_LOCALE;
}
