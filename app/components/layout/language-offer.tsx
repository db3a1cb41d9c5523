import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import {
  LOCALE_COOKIE,
  LOCALE_NAMES,
  type Locale,
  preferredLocale,
  samePageIn,
} from "../../../core/i18n/locales.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { rememberLocale } from "./language-switcher.tsx";

const hasChosen = () => document.cookie.split(/;\s*/).some((c) => c.startsWith(`${LOCALE_COOKIE}=`));

/**
 * A first visit whose browser prefers another of the shop's languages is offered it, never sent to it
 * (docs/decisions/049-languages.md): crawlers and shared links get the page they asked for. Either answer
 * is kept in the language cookie, so the offer is made once.
 */
/** The offer's words: it shows only after hydration, so the page carries them from its first byte (useLaterT). */
const OFFER_WORDS = ["shell.offer.label", "shell.offer.text", "shell.offer.switch", "shell.offer.stay"];

export function LanguageOffer() {
  const t = useT();
  useLaterT(OFFER_WORDS);
  const current = useLocale();
  const location = useLocation();
  const [offered, setOffered] = useState<Locale | null>(null);
  useEffect(() => {
    if (hasChosen()) return;
    const wanted = preferredLocale(navigator.languages ?? [navigator.language]);
    if (wanted && wanted !== current) setOffered(wanted);
  }, [current]);
  if (!offered) return null;
  const name = LOCALE_NAMES[offered];
  return (
    <section aria-label={t("shell.offer.label")} className="border-b border-sand-deep bg-sand">
      <div className="container-shop flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2 text-sm text-ink">
        <p>{t("shell.offer.text", { language: name })}</p>
        <div className="flex items-center gap-2">
          <a
            href={samePageIn(location, offered)}
            hrefLang={offered}
            onClick={() => rememberLocale(offered)}
            className="inline-flex min-h-11 items-center rounded-full bg-forest px-4 font-semibold text-cream hover:bg-forest/90"
          >
            {t("shell.offer.switch", { language: name })}
          </a>
          <button
            type="button"
            onClick={() => {
              rememberLocale(current);
              setOffered(null);
            }}
            className="inline-flex min-h-11 items-center rounded-full px-4 font-medium text-forest underline-offset-4 hover:underline"
          >
            {t("shell.offer.stay", { language: LOCALE_NAMES[current] })}
          </button>
        </div>
      </div>
    </section>
  );
}
