import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { Dialog } from "radix-ui";
import { Button } from "../ui/button.tsx";
import { HeaderAccount } from "./header-account.tsx";
import { NavLink } from "./nav-link.tsx";
import { navLinks } from "./nav-links.ts";

/** The small-screen side sheet of the header's nav (loaded on first use from header.tsx). */
export function MobileMenuSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="ghost-inverse" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu className="size-6" aria-hidden />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/50 data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 site-chrome on-forest flex w-[min(20rem,85vw)] flex-col gap-6 bg-forest p-6 text-cream shadow-xl data-[state=open]:animate-slide-in-right">
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-display text-xl text-cream">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost-inverse" size="icon" aria-label="Close menu">
                <X className="size-6" aria-hidden />
              </Button>
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
                    onNavigate={() => onOpenChange(false)}
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
            <HeaderAccount variant="sheet" onNavigate={() => onOpenChange(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
