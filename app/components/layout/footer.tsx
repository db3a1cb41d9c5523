import AtSign from "lucide-react/icons/at-sign";
import Camera from "lucide-react/icons/camera";
import ThumbsUp from "lucide-react/icons/thumbs-up";
import { Link } from "react-router";
import { InfoDialog } from "../ui/info-dialog.tsx";
import { FDA_DISCLAIMER } from "./fda-disclaimer.tsx";
import { NavLink } from "./nav-link.tsx";

const productLinks = [
  { name: "Korean Ginseng", slug: "korean-ginseng" },
  { name: "Total Restore", slug: "total-restore" },
  { name: "Ashwagandha", slug: "ashwagandha" },
  { name: "Verdant Edge", slug: "verdant-edge" },
];

const linkClass = "inline-flex min-h-8 items-center text-cream/80 hover:text-cream hover:underline";
const buttonClass = `${linkClass} cursor-pointer text-left`;

const alerts = {
  shipping: {
    label: "Shipping & Returns",
    body: "Free shipping on orders over $75 and on every bundle. Orders ship in 2-3 business days. Not for you? Our 60-day money-back guarantee has you covered.",
  },
  account: { label: "Account", body: "Account management is coming soon." },
  privacy: {
    label: "Privacy Policy",
    body: "We collect only what we need to fulfil your order and never sell your data.",
  },
  terms: {
    label: "Terms",
    body: "By ordering you agree to our terms of sale, including the 60-day guarantee.",
  },
  accessibility: {
    label: "Accessibility",
    body: "We aim for WCAG 2.2 AA on every page. Tell us about any barrier you meet and we will fix it.",
  },
};

function AlertLink({ kind }: { kind: keyof typeof alerts }) {
  const a = alerts[kind];
  return (
    <InfoDialog
      title={a.label}
      trigger={
        <button type="button" className={buttonClass}>
          {a.label}
        </button>
      }
    >
      <p>{a.body}</p>
    </InfoDialog>
  );
}

const socials = [
  { name: "Instagram", Icon: Camera },
  { name: "Facebook", Icon: ThumbsUp },
  { name: "X", Icon: AtSign },
];

export function Footer() {
  return (
    <footer className="site-chrome on-forest print:hidden bg-forest text-cream">
      <div className="container-shop grid gap-10 py-14 md:grid-cols-4">
        <div className="md:col-span-1">
          <p className="font-display text-2xl tracking-[0.18em]">MANA</p>
          <p className="mt-3 text-sm text-cream/80">
            Integrated science and ancestral wisdom, one month at a time.
          </p>
          <ul className="mt-4 flex gap-2" aria-label="Social media">
            {socials.map(({ name, Icon }) => (
              <li key={name}>
                <InfoDialog
                  title={name}
                  trigger={
                    <button
                      type="button"
                      aria-label={`MANA on ${name}`}
                      className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                    >
                      <Icon className="size-5" aria-hidden />
                    </button>
                  }
                >
                  <p>Our {name} page is coming soon.</p>
                </InfoDialog>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-shop">
          <h2
            id="footer-shop"
            className="font-sans text-sm font-semibold tracking-wider text-cream uppercase"
          >
            Shop
          </h2>
          <ul className="mt-3 grid gap-1">
            {productLinks.map((p) => (
              <li key={p.slug}>
                <Link to={`/products/${p.slug}`} className={linkClass}>
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-learn">
          <h2
            id="footer-learn"
            className="font-sans text-sm font-semibold tracking-wider text-cream uppercase"
          >
            Learn
          </h2>
          <ul className="mt-3 grid gap-1">
            <li>
              <NavLink to="/#products" section="products" className={linkClass}>
                Products
              </NavLink>
            </li>
            <li>
              <NavLink to="/#science" section="science" className={linkClass}>
                Science
              </NavLink>
            </li>
            <li>
              <NavLink to="/#about" section="about" className={linkClass}>
                About
              </NavLink>
            </li>
            <li>
              <Link to="/knowledge" className={linkClass}>
                Knowledge Hub
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-wider text-cream uppercase">Help</h2>
          <ul className="mt-3 grid gap-1">
            <li>
              <AlertLink kind="shipping" />
            </li>
            <li>
              <AlertLink kind="account" />
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="container-shop flex flex-col gap-4 py-6 text-sm text-cream/80 md:flex-row md:items-start md:justify-between">
          <p className="max-w-2xl">* {FDA_DISCLAIMER}</p>
          <ul className="flex flex-wrap gap-x-4">
            <li>
              <AlertLink kind="privacy" />
            </li>
            <li>
              <AlertLink kind="terms" />
            </li>
            <li>
              <AlertLink kind="accessibility" />
            </li>
          </ul>
        </div>
        <p className="container-shop pb-6 text-sm text-cream/70">
          © {new Date().getFullYear()} MANA Wellness
        </p>
      </div>
    </footer>
  );
}
