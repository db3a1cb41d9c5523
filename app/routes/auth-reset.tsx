import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { RESET_LINK_HOURS } from "../../core/account-rules.ts";
import { AuthCard, linkClass } from "../components/auth/auth-card.tsx";
import { isInvalidToken, passwordRefusal, resetFailure } from "../components/auth/auth-errors.ts";
import { NewPasswordField } from "../components/auth/email-forms.tsx";
import { Button } from "../components/ui/button.tsx";
import { toast } from "../hooks/use-toast.ts";
import { Link } from "../i18n/link.tsx";
import { authClient } from "../lib/auth-client.ts";
import type { Route } from "./+types/auth-reset";

export { headers, loader } from "./auth-reset.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a New Password | MANA" },
  { name: "robots", content: "noindex" },
];

/** A link that cannot be used (expired, used, or never issued): say so, and offer a new one. */
function UnusableLink() {
  return (
    <AuthCard
      title="This link no longer works"
      after={
        <Link to="/auth" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      <div className="grid gap-4">
        <p>
          A password-reset link works once, for {RESET_LINK_HOURS} hour. This one has expired, has already
          been used, or is incomplete.
        </p>
        <Button asChild fullWidth>
          <Link to="/auth/forgot">Request a New Link</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

/** Choose a new password from the e-mailed link; afterwards every session of the account has ended. */
export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
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
      else if (passwordRefusal(failure)) setError(passwordRefusal(failure));
      else toast(resetFailure(failure));
      return;
    }
    // Every session of the account ended with the reset, this browser's too.
    authClient.$store.notify("$sessionSignal");
    toast({
      title: "Password changed",
      description: "Sign in with your new password. Every device that was signed in has been signed out.",
    });
    navigate("/auth", { replace: true });
  }

  return (
    <AuthCard
      title="Choose a new password"
      intro="Once it is set, every device signed in to your account is signed out."
      after={
        <Link to="/auth" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      <form className="grid gap-4" onSubmit={submit} aria-busy={busy}>
        <NewPasswordField
          id="reset-password"
          label="New password"
          value={password}
          onChange={setPassword}
          disabled={busy}
          error={error}
        />
        <Button type="submit" fullWidth pending={busy} pendingText="Saving...">
          Set New Password
        </Button>
      </form>
    </AuthCard>
  );
}
