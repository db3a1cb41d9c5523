import type { RouterContextProvider } from "react-router";
import { isLocalizedPath, LOCALES, type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import { requestHost, shopOrigin } from "../../server/http/shop-origin.ts";
import { appContext } from "../context.server.ts";

/**
 * The same page in every language, for search engines (`hreflang`, x-default is English): on the shop's
 * pages only, with the shop's own origin.
 */
export function languageAlternates(
  loadContext: RouterContextProvider,
  request: Request,
  pathname: string,
): string {
  if (!isLocalizedPath(pathname)) return "";
  const origin = shopOrigin(loadContext.get(appContext).env, requestHost(request), "page");
  const href = (locale: Locale) => escapeAttribute(origin + pathInLocale(pathname, locale));
  return [
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${href(l)}"/>`),
    `<link rel="alternate" hreflang="x-default" href="${href("en")}"/>`,
  ].join("");
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
