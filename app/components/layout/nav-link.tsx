import type { MouseEvent, ReactNode } from "react";
import { useLocation } from "react-router";
import { Link } from "../../i18n/link.tsx";
import { isNavActive } from "./nav-links.ts";

/** Scrolls smoothly to a home-page section; returns false when not on the home page. */
export function scrollToSection(id: string): boolean {
  if (typeof document === "undefined" || window.location.pathname !== "/") return false;
  const el = document.getElementById(id);
  if (!el) return false;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  history.replaceState(history.state, "", `#${id}`);
  return true;
}

interface Props {
  to: string;
  section?: string;
  className?: string;
  /** Replaces className when the link is active (so the two never fight over a property). */
  activeClassName?: string;
  onNavigate?: () => void;
  children: ReactNode;
}

/** A header link: section anchors scroll on `/` and go to `/#anchor` elsewhere. */
export function NavLink({ to, section, className = "", activeClassName = "", onNavigate, children }: Props) {
  const { pathname } = useLocation();
  const active = isNavActive(to, pathname);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (section && scrollToSection(section)) e.preventDefault();
    onNavigate?.();
  };
  return (
    <Link
      to={to}
      onClick={onClick}
      aria-current={active ? "page" : undefined}
      className={active && activeClassName ? activeClassName : className}
    >
      {children}
    </Link>
  );
}

/** An in-page link to a home section: smooth scroll where possible, a plain anchor otherwise. */
export function SectionLink({
  section,
  className,
  children,
}: {
  section: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={`#${section}`}
      className={className}
      onClick={(e) => {
        if (scrollToSection(section)) e.preventDefault();
      }}
    >
      {children}
    </a>
  );
}
