import { BASE_CURRENCY, type Currency, isCurrency } from "./markets.ts";

/**
 * The currency a shopper browses in (docs/decisions/051-markets-and-currencies.md, "Which currency"): a
 * cookie, like the theme's (core/theme.ts), so the server renders the page's prices in it from the first
 * byte and the page cache keeps one variant per currency (server/http/page-cache.ts).
 */
export const CURRENCY_COOKIE = "mana_currency";

/** The currency a request's `mana_currency` cookie names; US dollars when it names none the shop prices in. */
export function currencyFromCookie(cookie: string | null | undefined): Currency {
  const value = cookie ? /(?:^|;\s*)mana_currency=([A-Za-z]{3})/.exec(cookie)?.[1]?.toUpperCase() : undefined;
  return isCurrency(value) ? value : BASE_CURRENCY;
}

/** The cookie that keeps `currency` for a year (written by the page: the switchers and the preferences). */
export function currencyCookie(currency: Currency, secure: boolean): string {
  return `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
