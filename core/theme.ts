/**
 * The themes a visitor can choose, and the cookie that tells the server which one, so the first paint is
 * already in it (decision 024). Kept apart from the preferences contract so the page's first script does not
 * carry its schema library.
 */
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_COOKIE = "mana_theme";

/** The theme a request's `mana_theme` cookie names; "light" when it names none. */
export function themeFromCookie(cookie: string | null | undefined): Theme {
  const value = cookie ? /(?:^|;\s*)mana_theme=([a-z]+)/.exec(cookie)?.[1] : undefined;
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : "light";
}
