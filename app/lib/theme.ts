import { useEffect } from "react";

export type Theme = "light" | "dark" | "system";
export const PREFERENCES_KEY = "mana.preferences";
export const THEME_EVENT = "mana:theme";

export function storedTheme(): Theme {
  try {
    const raw = localStorage.getItem(PREFERENCES_KEY);
    const theme = raw ? (JSON.parse(raw) as { display?: { theme?: string } }).display?.theme : undefined;
    return theme === "dark" || theme === "system" ? theme : "light";
  } catch {
    return "light";
  }
}

/** Puts the theme on <html data-theme>: 'system' follows the device's light/dark setting. */
export function applyTheme(theme: Theme) {
  const dark =
    theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}

/** Applies the stored theme preference on every page (the header renders this once). */
export function useApplyTheme() {
  useEffect(() => {
    const apply = () => applyTheme(storedTheme());
    apply();
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    media.addEventListener("change", apply);
    window.addEventListener(THEME_EVENT, apply);
    window.addEventListener("storage", apply);
    return () => {
      media.removeEventListener("change", apply);
      window.removeEventListener(THEME_EVENT, apply);
      window.removeEventListener("storage", apply);
    };
  }, []);
}
