import Bell from "lucide-react/icons/bell";
import Eye from "lucide-react/icons/eye";
import MessageSquare from "lucide-react/icons/message-square";
import Palette from "lucide-react/icons/palette";
import type { LucideIcon } from "lucide-react/types";
import { useEffect, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useFetcher, useFetchers } from "react-router";
import {
  mergePreferences,
  type PreferencesActionResult,
  type PreferencesUpdate,
} from "../../core/contracts/preferences.ts";
import { isLocale, LOCALE_NAMES, localeOfPath, pathInLocale } from "../../core/i18n/locales.ts";
import { PreferenceRow } from "../components/account/preference-row.tsx";
import {
  DEFAULT_PREFERENCES,
  loadBrowserPreferences,
  type PreferenceChange,
  type PreferenceDescriptor,
  type Preferences,
  saveBrowserPreferences,
  withPreference,
} from "../components/account/preferences-model.ts";
import { rememberLocale } from "../components/layout/language-switcher.tsx";
import { Button } from "../components/ui/button.tsx";
import { useFetcherAnswer } from "../hooks/use-fetcher-answer.ts";
import { useLaterT } from "../hooks/use-later-t.ts";
import { toast } from "../hooks/use-toast.ts";
import { type Translator, useLocale, useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { rich } from "../i18n/rich.tsx";
import { saveCurrencyCookie, useChooseCurrency, usePrices } from "../lib/currency.ts";
import { answerOrOffline, wasRefused } from "../lib/page-action.ts";
import { applyTheme } from "../lib/theme.ts";
import type { Route } from "./+types/preferences";

export { action, headers, loader } from "./preferences.server.ts";

/** Without a connection a change is refused with the shop's offline message (app/lib/page-action.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  answerOrOffline<PreferencesActionResult>(serverAction);

/** A refused change wrote nothing: the page is not read again for it. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return wasRefused(actionResult) ? false : defaultShouldRevalidate;
}

// The words come from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData ? [{ title: loaderData.title }] : []),
  { name: "robots", content: "noindex" },
];

type T = Translator["t"];

const saveFailed = (t: T) => ({
  title: t("preferences.toast.failed.title"),
  description: t("preferences.toast.failed.description"),
  variant: "destructive" as const,
});
const updated = (t: T) => ({
  title: t("preferences.toast.updated.title"),
  description: t("preferences.toast.updated.description"),
});
const allSaved = (t: T) => ({
  title: t("preferences.toast.saved.title"),
  description: t("preferences.toast.saved.description"),
});

/**
 * The toasts' words, carried by the page from its first byte: a change made before the whole catalogue has
 * arrived toasts in words, not keys (app/hooks/use-later-t.ts).
 */
const TOAST_KEYS = [
  "preferences.toast.failed.title",
  "preferences.toast.failed.description",
  "preferences.toast.updated.title",
  "preferences.toast.updated.description",
  "preferences.toast.saved.title",
  "preferences.toast.saved.description",
] as const;

/**
 * The page's groups and their rows, in order (cookiesAccepted has no control here). Titles, labels,
 * descriptions and options hold message keys, formatted at render (`inLanguage`); the languages' own names
 * and the currency codes are the same in every language.
 */
const PREFERENCE_GROUPS: { title: string; icon: LucideIcon; items: readonly PreferenceDescriptor[] }[] = [
  {
    title: "preferences.notifications",
    icon: Bell,
    items: [
      {
        kind: "toggle",
        group: "notifications",
        key: "email",
        label: "preferences.email",
        description: "preferences.email.description",
      },
      {
        kind: "toggle",
        group: "notifications",
        key: "push",
        label: "preferences.push",
        description: "preferences.push.description",
      },
      {
        kind: "toggle",
        group: "notifications",
        key: "newsletter",
        label: "preferences.newsletter",
        description: "preferences.newsletter.description",
      },
      {
        kind: "toggle",
        group: "notifications",
        key: "orderUpdates",
        label: "preferences.orderUpdates",
        description: "preferences.orderUpdates.description",
      },
      {
        kind: "toggle",
        group: "notifications",
        key: "promotions",
        label: "preferences.promotions",
        description: "preferences.promotions.description",
      },
    ],
  },
  {
    title: "preferences.privacy",
    icon: Eye,
    items: [
      {
        kind: "toggle",
        group: "privacy",
        key: "profilePublic",
        label: "preferences.profilePublic",
        description: "preferences.profilePublic.description",
      },
      {
        kind: "toggle",
        group: "privacy",
        key: "shareAnalytics",
        label: "preferences.shareAnalytics",
        description: "preferences.shareAnalytics.description",
      },
    ],
  },
  {
    title: "preferences.display",
    icon: Palette,
    items: [
      {
        kind: "choice",
        group: "display",
        key: "theme",
        label: "preferences.theme",
        options: [
          ["light", "preferences.theme.light"],
          ["dark", "preferences.theme.dark"],
          ["system", "preferences.theme.system"],
        ],
      },
      {
        kind: "choice",
        group: "display",
        key: "language",
        label: "preferences.language",
        options: [
          ["en", LOCALE_NAMES.en],
          ["es", LOCALE_NAMES.es],
          ["fr", LOCALE_NAMES.fr],
        ],
      },
      {
        kind: "choice",
        group: "display",
        key: "currency",
        label: "preferences.currency",
        options: [
          ["USD", "USD"],
          ["EUR", "EUR"],
          ["GBP", "GBP"],
          ["CAD", "CAD"],
        ],
      },
    ],
  },
  {
    title: "preferences.communication",
    icon: MessageSquare,
    items: [
      {
        kind: "choice",
        group: "communication",
        key: "frequency",
        label: "preferences.frequency",
        options: [
          ["daily", "preferences.frequency.daily"],
          ["weekly", "preferences.frequency.weekly"],
          ["monthly", "preferences.frequency.monthly"],
          ["never", "preferences.frequency.never"],
        ],
      },
      {
        kind: "toggle",
        group: "communication",
        key: "productRecommendations",
        label: "preferences.productRecommendations",
        description: "preferences.productRecommendations.description",
      },
      {
        kind: "toggle",
        group: "communication",
        key: "healthTips",
        label: "preferences.healthTips",
        description: "preferences.healthTips.description",
      },
    ],
  },
];

/** A text of PREFERENCE_GROUPS in the page's language: a message key is formatted, a name is kept. */
const wordsOf = (t: T, text: string) => (text.startsWith("preferences.") ? t(text) : text);

/** A row with its words in the page's language. */
function inLanguage(t: T, item: PreferenceDescriptor): PreferenceDescriptor {
  return item.kind === "toggle"
    ? { ...item, label: t(item.label), description: t(item.description) }
    : {
        ...item,
        label: t(item.label),
        options: item.options.map(([value, text]) => [value, wordsOf(t, text)] as const),
      };
}

function Group({
  title,
  icon,
  children,
}: {
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-card bg-white p-6 shadow-card" aria-label={title}>
      <h2 className="flex items-center gap-2 text-xl">
        {icon} {title}
      </h2>
      <div className="mt-2 divide-y divide-sand-deep">{children}</div>
    </section>
  );
}

/** The settings of one change, as the page's action (and PUT /api/preferences) takes them. */
const changeBody = ({ item, value }: PreferenceChange): PreferencesUpdate => ({
  [item.group]: { [item.key]: value },
});

/** Every write of the page is a fetcher keyed under this prefix: one per row, one for Save All Changes. */
const SAVE_KEY = "preference:";
const rowKey = (item: PreferenceDescriptor) => `${SAVE_KEY}${item.group}.${String(item.key)}`;
const SAVE_ALL_KEY = `${SAVE_KEY}all`;

/**
 * The account's saved preferences with every change still on its way laid over them, so that a switch
 * moves as it is pressed; a refused change falls away and the saved value shows again.
 */
function useShownPreferences(saved: Preferences): Preferences {
  return useFetchers().reduce(
    (shown, f) =>
      f.key.startsWith(SAVE_KEY) && f.json ? mergePreferences(shown, f.json as PreferencesUpdate) : shown,
    saved,
  );
}

/** The theme row's change shows at once, and the saved theme again when the change is refused. */
function showTheme(item: PreferenceDescriptor, theme: Preferences["display"]["theme"]) {
  if (item.group === "display" && item.key === "theme") applyTheme(theme);
}

const isLanguage = (item: PreferenceDescriptor) => item.group === "display" && item.key === "language";
const isCurrencyRow = (item: PreferenceDescriptor) => item.group === "display" && item.key === "currency";

/**
 * The currency row's choice is the currency the shop shows its prices in from now on (decision 051): kept
 * in the cookie the server reads, as the header's switcher keeps it.
 */
function keepCurrency(item: PreferenceDescriptor, currency: Preferences["display"]["currency"]) {
  if (isCurrencyRow(item)) saveCurrencyCookie(currency);
}

/**
 * A language chosen here is the shop's language from now on: kept in the cookie, and this page opens in it
 * (docs/decisions/049-languages.md). A signed-in customer's choice is saved on the account first.
 */
function openInLanguage(language: string) {
  if (!isLocale(language) || language === localeOfPath(window.location.pathname)) return;
  rememberLocale(language);
  window.location.assign(pathInLocale(window.location.pathname + window.location.search, language));
}

/** A row of a signed-in customer's page: its change is posted to the page's action by its own fetcher. */
function SavedPreferenceRow({
  item,
  preferences,
  saved,
}: {
  item: PreferenceDescriptor;
  preferences: Preferences;
  saved: Preferences;
}) {
  const t = useT();
  const later = useLaterT(TOAST_KEYS);
  const fetcher = useFetcher<PreferencesActionResult>({ key: rowKey(item) });
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      toast(updated(later));
      if (isLanguage(item)) openInLanguage(preferences.display.language);
    } else {
      toast(saveFailed(later));
      showTheme(item, saved.display.theme);
      keepCurrency(item, saved.display.currency);
    }
  });
  return (
    <PreferenceRow
      item={inLanguage(t, item)}
      preferences={preferences}
      onChange={(change) => {
        const next = withPreference(preferences, change);
        showTheme(change.item, next.display.theme);
        // Before the post: the page's data, asked again after it, is then in the new currency.
        keepCurrency(change.item, next.display.currency);
        void fetcher.submit(changeBody(change) as never, { method: "post", encType: "application/json" });
      }}
    />
  );
}

/** Save All Changes for a signed-in customer: the whole set as shown, posted again. */
function SaveAllButton({ preferences }: { preferences: Preferences }) {
  const t = useT();
  const later = useLaterT(TOAST_KEYS);
  const fetcher = useFetcher<PreferencesActionResult>({ key: SAVE_ALL_KEY });
  useFetcherAnswer(fetcher, (answer) => toast(answer.ok ? allSaved(later) : saveFailed(later)));
  return (
    <Button
      size="md-wide"
      disabled={fetcher.state !== "idle"}
      onClick={() =>
        void fetcher.submit(preferences as never, { method: "post", encType: "application/json" })
      }
    >
      {t("preferences.saveAll")}
    </Button>
  );
}

/** A guest's Save All Changes: the set is already in this browser, kept again. */
function GuestSaveAllButton({ preferences }: { preferences: Preferences }) {
  const t = useT();
  const later = useLaterT(TOAST_KEYS);
  return (
    <Button
      size="md-wide"
      onClick={() => {
        saveBrowserPreferences(preferences);
        toast(allSaved(later));
      }}
    >
      {t("preferences.saveAll")}
    </Button>
  );
}

export default function PreferencesPage({ loaderData }: Route.ComponentProps) {
  const saved = loaderData.preferences ?? DEFAULT_PREFERENCES;
  // The currency row shows the currency the shop is showing its prices in (the cookie, which the header's
  // switcher changes too).
  const browsing = usePrices().currency;
  const chooseCurrency = useChooseCurrency();
  const savedShown = useShownPreferences(saved);
  const shown = { ...savedShown, display: { ...savedShown.display, currency: browsing } };
  // A guest's preferences are in this browser, read once the page runs there.
  const [guest, setGuest] = useState<Preferences>(DEFAULT_PREFERENCES);
  const locale = useLocale();
  const t = useT();
  const later = useLaterT(TOAST_KEYS);
  useEffect(() => {
    if (loaderData.signedIn) return;
    // A guest's language is the one the shop is showing (the cookie keeps the last one chosen).
    const kept = loadBrowserPreferences();
    setGuest({ ...kept, display: { ...kept.display, language: locale } });
  }, [loaderData.signedIn, locale]);
  const guestShown = { ...guest, display: { ...guest.display, currency: browsing } };

  function changeAsGuest(change: PreferenceChange) {
    const next = withPreference(guest, change);
    setGuest(next);
    showTheme(change.item, next.display.theme);
    saveBrowserPreferences(next);
    if (isCurrencyRow(change.item)) void chooseCurrency(next.display.currency);
    toast(updated(later));
    if (isLanguage(change.item)) openInLanguage(next.display.language);
  }

  return (
    <section className="container-shop py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">{t("preferences.title")}</h1>
      {loaderData.signedIn ? (
        <p className="mt-2 text-muted">{t("preferences.intro.signedIn")}</p>
      ) : (
        <p className="mt-2 text-muted">
          {rich(t, "preferences.intro.guest", {
            signIn: (
              <Link to="/auth" className="font-semibold text-forest underline underline-offset-2">
                {t("preferences.intro.guest.signIn")}
              </Link>
            ),
          })}
        </p>
      )}
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        {PREFERENCE_GROUPS.map(({ title, icon: Icon, items }) => (
          <Group key={title} title={t(title)} icon={<Icon className="size-5" aria-hidden />}>
            {items.map((item) =>
              loaderData.signedIn ? (
                <SavedPreferenceRow key={rowKey(item)} item={item} preferences={shown} saved={saved} />
              ) : (
                <PreferenceRow
                  key={rowKey(item)}
                  item={inLanguage(t, item)}
                  preferences={guestShown}
                  onChange={changeAsGuest}
                />
              ),
            )}
          </Group>
        ))}
      </div>
      <div className="mt-8 flex justify-end">
        {loaderData.signedIn ? (
          <SaveAllButton preferences={shown} />
        ) : (
          <GuestSaveAllButton preferences={guestShown} />
        )}
      </div>
    </section>
  );
}
