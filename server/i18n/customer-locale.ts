import { eq } from "drizzle-orm";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../core/i18n/locales.ts";
import type { DbOrTx } from "../db/client.ts";
import { userPreferences } from "../db/schema.ts";

/**
 * The language of an e-mail or a text to a customer (docs/decisions/049-languages.md, "E-mails and texts"):
 * the language of the page that asked for it, when a page did (its API call names it); otherwise the
 * display language the customer saved in their preferences; otherwise English.
 */

/** The header the shop's pages send with their API calls, Better Auth's included: the page's language. */
const PAGE_LOCALE_HEADER = "x-mana-locale";

/** The page's language a request names, or null when it names none (or not one of the shop's). */
export function pageLocaleOf(headers: Headers | null | undefined): Locale | null {
  const value = headers?.get(PAGE_LOCALE_HEADER)?.trim().toLowerCase();
  return isLocale(value) ? value : null;
}

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
