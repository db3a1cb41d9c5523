import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { CurrencySwitcher } from "./currency-switcher.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { NavLink } from "./nav-link.tsx";

const productLinks = [
  { name: "Korean Ginseng", slug: "korean-ginseng" },
  { name: "Total Restore", slug: "total-restore" },
  { name: "Ashwagandha", slug: "ashwagandha" },
  { name: "Verdant Edge", slug: "verdant-edge" },
];

const linkClass = "inline-flex min-h-8 items-center text-cream/80 hover:text-cream hover:underline";
/** The help and legal pages, each a real page (content/legal/). */
const helpLinks = [
  { label: "shell.footer.shippingReturns", to: "/shipping-returns" },
  { label: "shell.footer.contact", to: "/contact" },
  { label: "shell.footer.account", to: "/account" },
];
const legalLinks = [
  { label: "shell.footer.privacy", to: "/privacy" },
  { label: "shell.footer.terms", to: "/terms" },
  { label: "shell.footer.accessibility", to: "/accessibility" },
];

export function Footer() {
  const t = useT();
  return (
    <footer className="site-chrome on-forest print:hidden bg-forest text-cream">
      <div className="container-shop grid gap-10 py-14 md:grid-cols-4">
        <div className="md:col-span-1">
          <p className="font-display text-2xl tracking-[0.18em]">MANA</p>
          <p className="mt-3 text-sm text-cream/80">{t("shell.footer.tagline")}</p>
        </div>
        <nav aria-labelledby="footer-shop">
          <h2
            id="footer-shop"
            className="font-sans text-sm font-semibold tracking-wider text-cream uppercase"
          >
            {t("shell.footer.shop")}
          </h2>
          <ul className="mt-3 grid gap-1">
            {productLinks.map((p) => (
              <li key={p.slug}>
                <Link to={`/products/${p.slug}`} className={linkClass}>
                  {p.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/gift-cards" className={linkClass}>
                {t("shell.footer.giftCards")}
              </Link>
            </li>
            <li>
              <Link to="/gift-cards/balance" className={linkClass}>
                {t("shell.footer.giftCardBalance")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-learn">
          <h2
            id="footer-learn"
            className="font-sans text-sm font-semibold tracking-wider text-cream uppercase"
          >
            {t("shell.footer.learn")}
          </h2>
          <ul className="mt-3 grid gap-1">
            <li>
              <NavLink to="/#products" section="products" className={linkClass}>
                {t("shell.nav.products")}
              </NavLink>
            </li>
            <li>
              <NavLink to="/#science" section="science" className={linkClass}>
                {t("shell.nav.science")}
              </NavLink>
            </li>
            <li>
              <NavLink to="/#about" section="about" className={linkClass}>
                {t("shell.nav.about")}
              </NavLink>
            </li>
            <li>
              <Link to="/knowledge" className={linkClass}>
                {t("shell.footer.knowledge")}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-wider text-cream uppercase">
            {t("shell.footer.help")}
          </h2>
          <ul className="mt-3 grid gap-1">
            {helpLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
          <LanguageSwitcher landmark className="mt-6" />
          <CurrencySwitcher className="mt-4" />
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="container-shop flex flex-col gap-4 py-6 text-sm text-cream/80 md:flex-row md:items-start md:justify-between">
          <p className="max-w-2xl">* {t("shell.fdaDisclaimer")}</p>
          <ul className="flex flex-wrap gap-x-4">
            {legalLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <p className="container-shop pb-6 text-sm text-cream/70">
          {t("shell.footer.copyright", { year: String(new Date().getFullYear()) })}
        </p>
      </div>
    </footer>
  );
}
