import Heart from "lucide-react/icons/heart";
import LayoutDashboard from "lucide-react/icons/layout-dashboard";
import LogOut from "lucide-react/icons/log-out";
import Package from "lucide-react/icons/package";
import Settings from "lucide-react/icons/settings";
import User from "lucide-react/icons/user";
import { DropdownMenu } from "radix-ui";
import { useNavigate } from "react-router";
import { accountContactOf } from "../../../core/placeholder-email.ts";
import { toast } from "../../hooks/use-toast.ts";
import { type Translator, useT } from "../../i18n/i18n.tsx";
import { Link, useLocalePath } from "../../i18n/link.tsx";
import { authClient, displayNameOf, initialsOf } from "../../lib/auth-client.ts";
import { SignedOutLinks } from "./signed-out-links.tsx";

/** Signs out and reports it with the sign-out toasts, in the page's words (`t`). Returns whether it worked. */
export async function signOutWithToast(t: Translator["t"]): Promise<boolean> {
  try {
    const { error } = await authClient.signOut();
    if (error) throw error;
    toast({ title: t("shell.account.signedOut"), description: t("shell.account.signedOutDetail") });
    return true;
  } catch {
    toast({
      title: t("shell.account.signOutFailed"),
      description: t("shell.account.signOutFailedDetail"),
      variant: "destructive",
    });
    return false;
  }
}

const itemClass =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm text-ink data-[highlighted]:bg-sand";

/**
 * The header's account corner: Sign In and Get Started when signed out, the
 * avatar menu when signed in. `variant="sheet"` is the mobile side sheet's version.
 */
export function AccountMenu({
  variant = "bar",
  onNavigate,
}: {
  variant?: "bar" | "sheet";
  onNavigate?: () => void;
}) {
  const { data, isPending } = authClient.useSession();
  const navigate = useNavigate();
  const t = useT();
  const home = useLocalePath()("/");
  const user = data?.user ?? null;

  if (isPending && !user) {
    return variant === "bar" ? <div className="hidden h-11 w-40 sm:block" aria-hidden /> : null;
  }

  if (!user) return <SignedOutLinks variant={variant} onNavigate={onNavigate} />;

  const name = displayNameOf(user);
  const initials = initialsOf(user);
  // The e-mail, or the phone number for an account created by phone sign-in (never its placeholder);
  // not repeated when the name already says it (a phone account is named after its number).
  const contact = accountContactOf(user);
  const subtitle = contact && contact !== name ? contact : null;
  // The shop's team also gets the dashboard; the server checks the role again on every /admin request.
  const role = (user as { role?: string | null }).role;
  const onTeam = role === "admin" || role === "staff";

  if (variant === "sheet") {
    const links = [
      { to: "/account", label: t("shell.account.myAccount") },
      { to: "/orders", label: t("shell.account.orders") },
      { to: "/wishlist", label: t("shell.account.wishlist") },
      { to: "/preferences", label: t("shell.account.preferences") },
      ...(onTeam ? [{ to: "/admin", label: t("shell.account.dashboard") }] : []),
    ];
    return (
      <div className="flex flex-col gap-1">
        {contact ? <p className="px-3 text-sm text-cream/80">{contact}</p> : null}
        {links.map((l) => (
          <Link
            key={l.to}
            to={l.to}
            onClick={onNavigate}
            className="flex min-h-11 items-center rounded-md px-3 text-base text-cream hover:bg-white/10"
          >
            {l.label}
          </Link>
        ))}
        <button
          type="button"
          onClick={async () => {
            onNavigate?.();
            if (await signOutWithToast(t)) navigate(home);
          }}
          className="flex min-h-11 items-center rounded-md px-3 text-left text-base text-cream hover:bg-white/10"
        >
          {t("shell.account.signOut")}
        </button>
      </div>
    );
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="hidden size-11 items-center justify-center rounded-full bg-cream font-semibold text-forest hover:bg-sand sm:inline-flex"
        aria-label={t("shell.account.menuFor", { name })}
        data-testid="avatar"
      >
        {user.image ? (
          <img src={user.image} alt="" width={44} height={44} className="size-11 rounded-full object-cover" />
        ) : (
          <span aria-hidden>{initials}</span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-card border border-sand-deep bg-white p-2 text-ink shadow-card data-[state=open]:animate-fade-in"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <p className="truncate font-semibold text-forest">{name}</p>
            {subtitle ? <p className="truncate text-sm text-muted">{subtitle}</p> : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-sand-deep" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account">
              <User className="size-4" aria-hidden /> {t("shell.account.myAccount")}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/orders">
              <Package className="size-4" aria-hidden /> {t("shell.account.orders")}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/wishlist">
              <Heart className="size-4" aria-hidden /> {t("shell.account.wishlist")}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/preferences">
              <Settings className="size-4" aria-hidden /> {t("shell.account.preferences")}
            </Link>
          </DropdownMenu.Item>
          {onTeam ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/admin">
                <LayoutDashboard className="size-4" aria-hidden /> {t("shell.account.dashboard")}
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-sand-deep" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={async () => {
              if (await signOutWithToast(t)) navigate(home);
            }}
          >
            <LogOut className="size-4" aria-hidden /> {t("shell.account.signOut")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
