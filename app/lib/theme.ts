import { createContext, useEffect } from "react";
import { THEME_COOKIE, THEMES, type Theme, themeFromCookie } from "../../core/theme.ts";

export type { Theme };
/** Where a guest's preferences are kept in the browser (a signed-in customer's are on their account). */
export const PREFERENCES_KEY = "mana.preferences";
export const THEME_EVENT = "mana:theme";

/** The theme the request's cookie names, while rendering on the server; undefined in the browser. */
export const ThemeContext = createContext<Theme | undefined>(undefined);

const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * Runs in <head> before the first paint (app/root.tsx): the server has drawn "light" or "dark" from the
 * cookie already; "system" is the one choice only the device can settle.
 */
export const SYSTEM_THEME_SCRIPT = `(function(){var d=document.documentElement;if(d.dataset.themeChoice==="system"&&matchMedia("${DARK_QUERY}").matches){d.dataset.theme="dark";d.style.colorScheme="dark"}})()`;

/** The theme the visitor chose, as the cookie holds it. */
export function storedTheme(): Theme {
  return themeFromCookie(document.cookie);
}

/**
 * Puts the theme on <html data-theme> ('system' follows the device) and keeps it in the cookie, so the
 * server draws the next page in it from the first paint.
 */
export function applyTheme(theme: Theme) {
  const dark = theme === "dark" || (theme === "system" && window.matchMedia(DARK_QUERY).matches);
  const root = document.documentElement;
  root.dataset.theme = dark ? "dark" : "light";
  root.dataset.themeChoice = theme;
  root.style.colorScheme = dark ? "dark" : "light";
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and a value from THEMES; the Cookie Store API is not in every browser the shop serves.
  document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** A theme kept in this browser's preferences before the cookie existed: moved into the cookie once. */
function legacyTheme(): Theme | undefined {
  if (new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=`).test(document.cookie)) return undefined;
  try {
    const raw = localStorage.getItem(PREFERENCES_KEY);
    const theme = raw ? (JSON.parse(raw) as { display?: { theme?: string } }).display?.theme : undefined;
    return (THEMES as readonly string[]).includes(theme ?? "") ? (theme as Theme) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the page in the chosen theme: follows the device for 'system', and changes made in other tabs. */
export function useApplyTheme() {
  useEffect(() => {
    const legacy = legacyTheme();
    if (legacy && legacy !== "light") applyTheme(legacy);
    const apply = () => applyTheme(storedTheme());
    const media = window.matchMedia(DARK_QUERY);
    const onDevice = () => storedTheme() === "system" && apply();
    media.addEventListener("change", onDevice);
    window.addEventListener(THEME_EVENT, apply);
    window.addEventListener("focus", apply);
    return () => {
      media.removeEventListener("change", onDevice);
      window.removeEventListener(THEME_EVENT, apply);
      window.removeEventListener("focus", apply);
    };
  }, []);
}
