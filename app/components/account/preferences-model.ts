import {
  DEFAULT_PREFERENCES,
  type Preferences,
  readPreferences,
} from "../../../core/contracts/preferences.ts";
import { PREFERENCES_KEY } from "../../lib/theme.ts";

export { DEFAULT_PREFERENCES, type Preferences };

/** A guest's preferences, kept in this browser (a signed-in customer's are on their account). */
export function loadBrowserPreferences(): Preferences {
  try {
    const raw = localStorage.getItem(PREFERENCES_KEY);
    return raw ? readPreferences(JSON.parse(raw)) : DEFAULT_PREFERENCES;
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export function saveBrowserPreferences(p: Preferences) {
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
