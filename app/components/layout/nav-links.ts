/** Header navigation. `section` links are anchors on the home page. */
export const navLinks = [
  { label: "Products", to: "/#products", section: "products" },
  { label: "Knowledge Hub", to: "/knowledge" },
  { label: "Wellness Stacks", to: "/stacks" },
  { label: "Science", to: "/#science", section: "science" },
  { label: "About", to: "/#about", section: "about" },
] as const;

/** The nav link is highlighted when the path equals or is under /knowledge or /stacks. */
export function isNavActive(to: string, pathname: string): boolean {
  if (to !== "/knowledge" && to !== "/stacks") return false;
  return pathname === to || pathname.startsWith(`${to}/`);
}
