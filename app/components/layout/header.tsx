import Menu from "lucide-react/icons/menu";
import { lazy, Suspense, useState } from "react";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { SearchLauncher } from "../search/search-launcher.tsx";
import { CartButton } from "../shop/cart-button.tsx";
import { Button } from "../ui/button.tsx";
import { CurrencySwitcher } from "./currency-switcher.tsx";
import { HeaderAccount } from "./header-account.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { NavLink } from "./nav-link.tsx";
import { navLinks } from "./nav-links.ts";

export function Logo() {
  const t = useT();
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label={t("shell.home")}>
      <img src="/images/logo-mark.svg" alt="" width={32} height={32} className="size-8" />
      <span className="font-display text-2xl font-semibold tracking-[0.18em] text-cream">MANA</span>
    </Link>
  );
}

const linkClass =
  "whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-cream/85 transition-colors hover:bg-white/10 hover:text-cream";

const loadSheet = () => import("./mobile-menu.tsx");
const MobileMenuSheet = lazy(() => loadSheet().then((m) => ({ default: m.MobileMenuSheet })));

/**
 * The small-screen menu button. Until it is first used it is a plain button; the side sheet and its
 * Radix code load on hover, focus or click (mobile-menu.tsx), not with the page.
 */
function MobileMenu() {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const plain = (
    <Button
      variant="ghost-inverse"
      size="icon"
      className="lg:hidden"
      aria-label={t("shell.menu.open")}
      aria-haspopup="dialog"
      aria-expanded={menuOpen}
      onPointerEnter={() => void loadSheet()}
      onFocus={() => void loadSheet()}
      onClick={() => {
        setWanted(true);
        setMenuOpen(true);
      }}
    >
      <Menu className="size-6" aria-hidden />
    </Button>
  );
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <MobileMenuSheet open={menuOpen} onOpenChange={setMenuOpen} />
    </Suspense>
  );
}

/** Sticky site header: logo, main nav, cart and account. On small screens the nav moves into a side sheet. */
export function Header() {
  const t = useT();
  return (
    <header className="site-chrome on-forest print:hidden sticky top-0 z-40 bg-forest/95 text-cream shadow-sm backdrop-blur supports-[backdrop-filter]:bg-forest/90">
      <div className="container-shop flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label={t("shell.nav.label")} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((l) => (
              <li key={l.label}>
                <NavLink
                  to={l.to}
                  section={"section" in l ? l.section : undefined}
                  className={linkClass}
                  activeClassName="whitespace-nowrap rounded-md bg-cream px-3 py-2 text-sm font-semibold text-forest"
                >
                  {t(l.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher compact className="hidden xl:block" />
          {/* On a phone it is in the menu sheet, and beside the wide nav in the footer: the header has no room. */}
          <CurrencySwitcher compact className="hidden sm:flex lg:hidden xl:flex" />
          <SearchLauncher />
          <CartButton />
          <HeaderAccount />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
