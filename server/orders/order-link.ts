import { orderPagePath } from "../../core/contracts/orders.ts";
import { DEFAULT_LOCALE, type Locale, pathInLocale } from "../../core/i18n/locales.ts";

/** The absolute link to an order's page, for e-mails: in the order's language (English without one). */
export function orderPageUrl(origin: string, orderNumber: string, locale: Locale = DEFAULT_LOCALE): string {
  return `${origin}${pathInLocale(orderPagePath(orderNumber), locale)}`;
}
