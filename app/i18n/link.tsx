import { type LinkProps, Link as RouterLink } from "react-router";
import { type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import { useLocale } from "./i18n.tsx";

function localized(to: LinkProps["to"], locale: Locale): LinkProps["to"] {
  if (typeof to === "string") return pathInLocale(to, locale);
  return to.pathname ? { ...to, pathname: pathInLocale(to.pathname, locale) } : to;
}

/**
 * React Router's Link, kept in the page's language: `/products/x` from a Spanish page goes to
 * `/es/products/x` (core/i18n/locales.ts). The language switcher alone links across languages.
 */
export function Link({ to, ...props }: LinkProps & React.RefAttributes<HTMLAnchorElement>) {
  return <RouterLink to={localized(to, useLocale())} {...props} />;
}

/** A path of the shop in the page's language, for `navigate()`, forms and plain anchors. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => pathInLocale(path, locale);
}
