import { Menu, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import { CartButton } from "../shop/cart-button.tsx";
import { HeaderAccount } from "./header-account.tsx";
import { NavLink } from "./nav-link.tsx";
import { navLinks } from "./nav-links.ts";

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md" aria-label="MANA home">
      <img src="/images/logo-mark.svg" alt="" width={32} height={32} className="size-8" />
      <span className="font-display text-2xl font-semibold tracking-[0.18em] text-cream">MANA</span>
    </Link>
  );
}

const linkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-cream/85 transition-colors hover:bg-white/10 hover:text-cream";

/** Sticky site header (spec point 2, Header). On small screens the nav moves into a side sheet. */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 bg-forest/95 text-cream shadow-sm backdrop-blur supports-[backdrop-filter]:bg-forest/90">
      <div className="container-shop flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((l) => (
              <li key={l.label}>
                <NavLink
                  to={l.to}
                  section={"section" in l ? l.section : undefined}
                  className={linkClass}
                  activeClassName="rounded-md bg-cream px-3 py-2 text-sm font-semibold text-forest"
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <CartButton />
          <HeaderAccount />
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger
              className="inline-flex size-11 items-center justify-center rounded-full text-cream hover:bg-white/10 lg:hidden"
              aria-label="Open menu"
            >
              <Menu className="size-6" aria-hidden />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50 data-[state=open]:animate-fade-in" />
              <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 bg-forest p-6 text-cream shadow-xl data-[state=open]:animate-slide-in-right">
                <div className="flex items-center justify-between">
                  <Dialog.Title className="font-display text-xl text-cream">Menu</Dialog.Title>
                  <Dialog.Close
                    className="inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10"
                    aria-label="Close menu"
                  >
                    <X className="size-6" aria-hidden />
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
                <nav aria-label="Mobile">
                  <ul className="flex flex-col gap-1">
                    {navLinks.map((l) => (
                      <li key={l.label}>
                        <NavLink
                          to={l.to}
                          section={"section" in l ? l.section : undefined}
                          onNavigate={() => setMenuOpen(false)}
                          className="flex min-h-11 items-center rounded-md px-3 text-base text-cream hover:bg-white/10"
                          activeClassName="flex min-h-11 items-center rounded-md bg-cream px-3 text-base font-semibold text-forest"
                        >
                          {l.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </nav>
                <div className="mt-auto">
                  <HeaderAccount variant="sheet" onNavigate={() => setMenuOpen(false)} />
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>
      </div>
    </header>
  );
}
