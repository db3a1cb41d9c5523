/**
 * The shop's languages and where each lives in the URL (docs/decisions/049-languages.md): English at `/`,
 * Spanish under `/es/`, French under `/fr/`. A path names its language by its first segment only.
 */
export const LOCALES = ["en", "es", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language in its own words: what a switcher offers. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español", fr: "Français" };

/** The cookie that keeps a visitor's chosen language (strictly necessary: set on their choice). */
export const LOCALE_COOKIE = "mana_locale";

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

const PREFIX = /^\/(es|fr)(?=\/|$)/;

/** The language a path is in: `/es/products/x` → es, `/products/x` → en. */
export function localeOfPath(pathname: string): Locale {
  const m = PREFIX.exec(pathname);
  return m ? (m[1] as Locale) : DEFAULT_LOCALE;
}

/** The path without its language: `/es/products/x` → `/products/x`, `/es` → `/`. */
export function pathWithoutLocale(pathname: string): string {
  const rest = pathname.replace(PREFIX, "");
  return rest === "" ? "/" : rest;
}

/**
 * The same page in another language: `/products/x` in es → `/es/products/x`; `/` in fr → `/fr`. Only a
 * path of the shop (starting with one `/`) is changed; anything else (an absolute URL, `#main`) is kept.
 */
export function pathInLocale(path: string, locale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const [pathname, rest = ""] = splitPath(path);
  if (!isLocalizedPath(pathname)) return path;
  const bare = pathWithoutLocale(pathname);
  if (locale === DEFAULT_LOCALE) return bare + rest;
  return (bare === "/" ? `/${locale}` : `/${locale}${bare}`) + rest;
}

/** The owner's dashboard, the API and files are in one language: their paths never take a prefix. */
const UNLOCALIZED = /^\/(admin|api|dev|pay|i18n|assets|images|fonts|sitemap\.xml|robots\.txt)(?=\/|$|\?)/;

export const isLocalizedPath = (pathname: string) => !UNLOCALIZED.test(pathWithoutLocale(pathname));

function splitPath(path: string): [string, string?] {
  const i = path.search(/[?#]/);
  return i === -1 ? [path] : [path.slice(0, i), path.slice(i)];
}

/**
 * The page the visitor is on, in another language, for a link on that page: leading slashes collapsed, so a
 * path like `//host/x` (a 404 page's own address) can never become a link to another site.
 */
export function samePageIn(
  location: { pathname: string; search: string; hash: string },
  locale: Locale,
): string {
  const path = `/${location.pathname.replace(/^\/+/, "")}`;
  return pathInLocale(path + location.search + location.hash, locale);
}

/** The language a browser prefers among the shop's, from `navigator.languages` or Accept-Language. */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLocale(base)) return base;
  }
  return null;
}
