import { PREFERENCES_KEY } from "./theme.ts";

/** Spec point 3, "Preferences" (local only): the defaults. */
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

/** Nothing is sent to a server (spec point 2): the browser keeps them. */
export function savePreferences(p: Preferences) {
  localStorage.setItem(PREFERENCES_KEY, JSON.stringify(p));
}
