import { PREFERENCES_KEY } from "../../lib/theme.ts";

/** The preferences a browser starts with (they are kept in this browser only). */
export const DEFAULT_PREFERENCES = {
  notifications: { email: true, push: true, newsletter: true, orderUpdates: true, promotions: false },
  privacy: { profilePublic: false, shareAnalytics: true, cookiesAccepted: true },
  display: { theme: "light", language: "en", currency: "USD" },
  communication: { frequency: "weekly", productRecommendations: true, healthTips: true },
};

export type Preferences = typeof DEFAULT_PREFERENCES;

export function loadPreferences(): Preferences {
  try {
    const raw = localStorage.getItem(PREFERENCES_KEY);
    if (!raw) return DEFAULT_PREFERENCES;
    const stored = JSON.parse(raw) as Partial<Preferences>;
    return {
      notifications: { ...DEFAULT_PREFERENCES.notifications, ...stored.notifications },
      privacy: { ...DEFAULT_PREFERENCES.privacy, ...stored.privacy },
      display: { ...DEFAULT_PREFERENCES.display, ...stored.display },
      communication: { ...DEFAULT_PREFERENCES.communication, ...stored.communication },
    };
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

/** Preferences stay in the browser: nothing is sent to a server. */
export function savePreferences(p: Preferences) {
  localStorage.setItem(PREFERENCES_KEY, JSON.stringify(p));
}

type PreferenceGroup = keyof Preferences;
/** The keys of a group whose values are of type T (booleans for toggles, strings for choices). */
type KeyOfType<G extends PreferenceGroup, T> = {
  [K in keyof Preferences[G]]: Preferences[G][K] extends T ? K : never;
}[keyof Preferences[G]];

/** One on/off row: a switch named by its label and described by its description. */
export type TogglePreference = {
  [G in PreferenceGroup]: {
    kind: "toggle";
    group: G;
    key: KeyOfType<G, boolean>;
    label: string;
    description: string;
  };
}[PreferenceGroup];

/** One pick-one row: a labelled select with [value, text] options. */
export type ChoicePreference = {
  [G in PreferenceGroup]: {
    kind: "choice";
    group: G;
    key: KeyOfType<G, string>;
    label: string;
    options: readonly (readonly [value: string, text: string])[];
  };
}[PreferenceGroup];

/** A row of the preferences page, tied to the setting it shows and changes. */
export type PreferenceDescriptor = TogglePreference | ChoicePreference;

/** The current value of a toggle's or a choice's setting. */
export function readPreference(prefs: Preferences, d: TogglePreference): boolean;
export function readPreference(prefs: Preferences, d: ChoicePreference): string;
export function readPreference(prefs: Preferences, d: PreferenceDescriptor): boolean | string {
  return (prefs[d.group] as Record<string, boolean | string>)[d.key as string] as boolean | string;
}

/** A change from one row: the row's descriptor and the value it now holds. */
export type PreferenceChange =
  | { item: TogglePreference; value: boolean }
  | { item: ChoicePreference; value: string };

/** The preferences with one setting changed (a new object; the group copied, the others shared). */
export function withPreference(prefs: Preferences, { item, value }: PreferenceChange): Preferences {
  return { ...prefs, [item.group]: { ...prefs[item.group], [item.key]: value } };
}
