import { pathWithoutLocale } from "../../../core/i18n/locales.ts";

/** Header navigation (`label` is the message key). `section` links are anchors on the home page. */
export const navLinks = [
  { label: "shell.nav.products", to: "/#products", section: "products" },
  { label: "shell.nav.knowledge", to: "/knowledge" },
  { label: "shell.nav.stacks", to: "/stacks" },
  { label: "shell.nav.science", to: "/#science", section: "science" },
  { label: "shell.nav.about", to: "/#about", section: "about" },
] as const;

/** The nav link is highlighted when the path equals or is under /knowledge or /stacks. */
export function isNavActive(to: string, pathname: string): boolean {
  if (to !== "/knowledge" && to !== "/stacks") return false;
  const path = pathWithoutLocale(pathname);
  return path === to || path.startsWith(`${to}/`);
}
