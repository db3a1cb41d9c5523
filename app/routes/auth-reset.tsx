import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { RESET_LINK_HOURS } from "../../core/account-rules.ts";
import { AuthCard, linkClass } from "../components/auth/auth-card.tsx";
import { isInvalidToken, passwordRefusal, resetFailure } from "../components/auth/auth-errors.ts";
import { NewPasswordField } from "../components/auth/email-forms.tsx";
import { Button } from "../components/ui/button.tsx";
import { toast } from "../hooks/use-toast.ts";
import { useT } from "../i18n/i18n.tsx";
import { Link, useLocalePath } from "../i18n/link.tsx";
import { authClient } from "../lib/auth-client.ts";
import type { Route } from "./+types/auth-reset";

export { headers, loader } from "./auth-reset.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** A link that cannot be used (expired, used, or never issued): say so, and offer a new one. */
function UnusableLink() {
  const t = useT();
  return (
    <AuthCard
      title={t("auth.linkUnusable")}
      after={
        <Link to="/auth" className={linkClass}>
          {t("auth.backToSignIn")}
        </Link>
      }
    >
      <div className="grid gap-4">
        <p>{t("auth.reset.unusable", { hours: RESET_LINK_HOURS })}</p>
        <Button asChild fullWidth>
          <Link to="/auth/forgot">{t("auth.reset.requestNew")}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

/** Choose a new password from the e-mailed link; afterwards every session of the account has ended. */
export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const toLocale = useLocalePath();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unusable, setUnusable] = useState(loaderData.token === null);

  // A refused password keeps what was typed and takes the focus back to the field, its reason beside it.
  useEffect(() => {
    if (error) document.getElementById("reset-password")?.focus();
  }, [error]);

  if (unusable || !loaderData.token) return <UnusableLink />;
  const token = loaderData.token;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const { error: failure } = await authClient.resetPassword({ newPassword: password, token });
    if (failure) {
      setBusy(false);
      if (isInvalidToken(failure)) setUnusable(true);
      else if (passwordRefusal(failure, t)) setError(passwordRefusal(failure, t));
      else toast(resetFailure(failure, t));
      return;
    }
    // Every session of the account ended with the reset, this browser's too.
    authClient.$store.notify("$sessionSignal");
    toast({ title: t("auth.reset.done.title"), description: t("auth.reset.done.description") });
    navigate(toLocale("/auth"), { replace: true });
  }

  return (
    <AuthCard
      title={t("auth.reset.title")}
      intro={t("auth.reset.intro")}
      after={
        <Link to="/auth" className={linkClass}>
          {t("auth.backToSignIn")}
        </Link>
      }
    >
      <form className="grid gap-4" onSubmit={submit} aria-busy={busy}>
        <NewPasswordField
          id="reset-password"
          label={t("auth.reset.newPassword")}
          value={password}
          onChange={setPassword}
          disabled={busy}
          error={error}
        />
        <Button type="submit" fullWidth pending={busy} pendingText={t("auth.reset.saving")}>
          {t("auth.reset.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
