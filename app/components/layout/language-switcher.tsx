import { useLocation } from "react-router";
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale, samePageIn } from "../../../core/i18n/locales.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";

/** Keeps the visitor's choice for a year (content/legal/cookies.json): the offer to switch is not made again. */
export function rememberLocale(locale: Locale) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and a value from LOCALES; the Cookie Store API is not in every browser the shop serves.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/**
 * The same page in each of the shop's languages (docs/decisions/049-languages.md). Plain links: the new
 * language's page is loaded whole, with its own `lang` and messages. `compact` shows the language codes
 * (the header), otherwise each language's own name (the footer, the menu sheet).
 */
export function LanguageSwitcher({
  className = "",
  compact = false,
  landmark = false,
}: {
  className?: string;
  compact?: boolean;
  /** The footer's is the page's one language landmark; the header's and the menu sheet's are groups. */
  landmark?: boolean;
}) {
  const t = useT();
  const current = useLocale();
  const location = useLocation();
  const Wrapper = landmark ? "nav" : "div";
  return (
    <Wrapper
      role={landmark ? undefined : "group"}
      aria-label={t("shell.language.label")}
      className={className}
    >
      <ul className={compact ? "flex items-center gap-0.5" : "flex flex-wrap gap-x-4 gap-y-1"}>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={samePageIn(location, locale)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? "true" : undefined}
              aria-label={compact ? LOCALE_NAMES[locale] : undefined}
              onClick={() => rememberLocale(locale)}
              className={
                compact
                  ? `inline-flex min-h-11 min-w-9 items-center justify-center rounded-md px-1.5 text-xs font-semibold uppercase ${locale === current ? "bg-cream text-forest" : "text-cream/85 hover:bg-white/10 hover:text-cream"}`
                  : `inline-flex min-h-8 items-center ${locale === current ? "font-semibold text-cream underline" : "text-cream/80 hover:text-cream hover:underline"}`
              }
            >
              {compact ? locale : LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </Wrapper>
  );
}
