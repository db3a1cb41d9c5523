import { useEffect, useRef, useState } from "react";
import { useLocale, useT } from "../../i18n/i18n.tsx";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        name?: string;
        auto?: string;
        type?: string;
        language?: string;
        hidefooter?: string;
      };
    }
  }
}

/** ALTCHA's own words for the page's language (US Spanish, Canadian French), loaded with the widget. */
const WIDGET_LANGUAGES = {
  en: { tag: "en", load: () => Promise.resolve() },
  es: { tag: "es-419", load: () => import("altcha/i18n/es-419") },
  fr: { tag: "fr-ca", load: () => import("altcha/i18n/fr-ca") },
} as const;

/**
 * The visible human check before an SMS is sent: ALTCHA's web component, loaded in the browser only.
 * Reports the signed payload once the proof of work is verified; the server checks it (once).
 */
export function HumanCheckWidget({ onPayload }: { onPayload: (payload: string | null) => void }) {
  const t = useT();
  const locale = useLocale();
  const ref = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);
  const report = useRef(onPayload);
  report.current = onPayload;

  useEffect(() => {
    let alive = true;
    void import("altcha")
      .then(() => WIDGET_LANGUAGES[locale].load())
      .then(() => {
        if (alive) setReady(true);
      });
    return () => {
      alive = false;
    };
  }, [locale]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !ready) return;
    const onState = (e: Event) => {
      const detail = (e as CustomEvent<{ state?: string; payload?: string }>).detail;
      report.current(detail?.state === "verified" && detail.payload ? detail.payload : null);
    };
    el.addEventListener("statechange", onState);
    return () => el.removeEventListener("statechange", onState);
  }, [ready]);

  return (
    <div className="min-h-16" data-testid="human-check">
      {ready ? (
        <altcha-widget
          ref={ref}
          challenge="/api/auth/human-check"
          name="altcha"
          language={WIDGET_LANGUAGES[locale].tag}
        />
      ) : (
        <p className="text-sm text-muted">{t("auth.humanCheck.loading")}</p>
      )}
    </div>
  );
}
