import Menu from "lucide-react/icons/menu";
import { useT } from "../../i18n/i18n.tsx";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../ui/dialog.tsx";
import { CurrencySwitcher } from "./currency-switcher.tsx";
import { HeaderAccount } from "./header-account.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
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
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="ghost-inverse" size="icon" className="lg:hidden" aria-label={t("shell.menu.open")}>
          <Menu className="size-6" aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent
        placement="right"
        className="site-chrome on-forest w-[min(20rem,85vw)] gap-6 bg-forest p-6 text-cream"
      >
        <div className="flex items-center justify-between">
          <DialogTitle className="font-display text-xl text-cream">{t("shell.menu.title")}</DialogTitle>
          <DialogCloseButton label={t("shell.menu.close")} variant="ghost-inverse" iconClassName="size-6" />
        </div>
        <DialogDescription className="sr-only">{t("shell.menu.description")}</DialogDescription>
        <nav aria-label={t("shell.menu.navLabel")}>
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
                  {t(l.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher />
        <CurrencySwitcher className="mt-4" />
        <div className="mt-auto">
          <HeaderAccount variant="sheet" onNavigate={() => onOpenChange(false)} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
