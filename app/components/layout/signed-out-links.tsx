import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { Button } from "../ui/button.tsx";

/** The header's Sign In and Get Started links for a visitor without a session; `sheet` is the mobile menu's. */
export function SignedOutLinks({
  variant = "bar",
  onNavigate,
}: {
  variant?: "bar" | "sheet";
  onNavigate?: () => void;
}) {
  const t = useT();
  if (variant === "sheet") {
    return (
      <div className="flex flex-col gap-2">
        <Link
          to="/auth"
          onClick={onNavigate}
          className="flex min-h-11 items-center justify-center rounded-full border border-cream/40 text-cream"
        >
          {t("shell.account.signIn")}
        </Link>
        <Button asChild variant="inverse">
          <Link to="/auth?tab=signup" onClick={onNavigate}>
            {t("shell.account.getStarted")}
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="hidden items-center gap-2 sm:flex">
      <Link
        to="/auth"
        className="whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-cream/85 transition-colors hover:bg-white/10 hover:text-cream"
      >
        {t("shell.account.signIn")}
      </Link>
      <Button asChild variant="inverse" size="sm" className="whitespace-nowrap">
        <Link to="/auth?tab=signup">{t("shell.account.getStarted")}</Link>
      </Button>
    </div>
  );
}
