import { DEFAULT_LOCALE, isLocale, type Locale, localeOfPath } from "../../core/i18n/locales.ts";

/** The header the shop's pages send with every API request (app/lib/api.ts): the page's language. */
export const LOCALE_HEADER = "x-mana-locale";

/**
 * The language an API answer's words are given in (docs/decisions/049-languages.md, "E-mails and texts"):
 * the page's, which the shop's client names in `x-mana-locale`; else the language of the page the request
 * came from (its Referer's path); else English. Only the words change with it, never what is done, so a
 * forged header changes nothing but the language of the answer.
 */
export function requestLocale(headers: Headers): Locale {
  const named = headers.get(LOCALE_HEADER)?.trim().toLowerCase();
  if (isLocale(named)) return named;
  const referer = headers.get("referer");
  if (!referer || !URL.canParse(referer)) return DEFAULT_LOCALE;
  return localeOfPath(new URL(referer).pathname);
}
