import { DEFAULT_LOCALE, isLocale, type Locale, localeOfPath } from "../../core/i18n/locales.ts";

/**
 * The header the shop's pages send with every API call, Better Auth's included (app/lib/api.ts
 * `pageLocaleHeader`): the page's language.
 */
export const LOCALE_HEADER = "x-mana-locale";

/** The page's language a request names, or null when it names none (or not one of the shop's). */
export function pageLocaleOf(headers: Headers | null | undefined): Locale | null {
  const value = headers?.get(LOCALE_HEADER)?.trim().toLowerCase();
  return isLocale(value) ? value : null;
}

/**
 * The language an API answer's words are given in (docs/decisions/049-languages.md, "The server's refusals"):
 * the page's, which the shop's client names in `x-mana-locale`; else the language of the page the request
 * came from (its Referer's path); else English. Only the words change with it, never what is done, so a
 * forged header changes nothing but the language of the answer.
 */
export function requestLocale(headers: Headers): Locale {
  const named = pageLocaleOf(headers);
  if (named) return named;
  const referer = headers.get("referer");
  if (!referer || !URL.canParse(referer)) return DEFAULT_LOCALE;
  return localeOfPath(new URL(referer).pathname);
}
