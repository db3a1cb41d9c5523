import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { RESET_LINK_HOURS } from "../../core/account-rules.ts";
import { AuthCard, linkClass } from "../components/auth/auth-card.tsx";
import { resetRequestFailure } from "../components/auth/auth-errors.ts";
import { EmailField } from "../components/auth/email-forms.tsx";
import { Button } from "../components/ui/button.tsx";
import { toast } from "../hooks/use-toast.ts";
import { Link } from "../i18n/link.tsx";
import { authClient } from "../lib/auth-client.ts";
import type { Route } from "./+types/auth-forgot";

export { headers } from "./auth-forgot.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Forgot Password | MANA" },
  { name: "robots", content: "noindex" },
];

/**
 * Asks for a password-reset link. The answer is the same whether or not an account uses the address:
 * the page never tells a stranger who has an account here.
 */
export default function ForgotPasswordPage() {
  const location = useLocation();
  const typed = (location.state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof typed === "string" ? typed : "");
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sentTo) sentHeading.current?.focus();
  }, [sentTo]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const address = email.trim();
    const { error } = await authClient.requestPasswordReset({ email: address });
    setBusy(false);
    if (error) {
      toast(resetRequestFailure(error));
      return;
    }
    setSentTo(address);
  }

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the e-mail of your account and we will send you a link to choose a new one."
      after={
        <>
          Remembered it?{" "}
          <Link to="/auth" className={linkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      {sentTo ? (
        <div className="grid gap-3" role="status">
          <h2 ref={sentHeading} tabIndex={-1} className="text-xl">
            Check your e-mail
          </h2>
          <p>
            If an account uses <strong className="break-all">{sentTo}</strong>, we have sent it a link to
            choose a new password. The link works once, for {RESET_LINK_HOURS} hour.
          </p>
          <p className="text-sm text-muted">
            Nothing there after a few minutes? Check your spam folder, or{" "}
            <button type="button" className={`${linkClass} min-h-11`} onClick={() => setSentTo(null)}>
              try again
            </button>
            .
          </p>
        </div>
      ) : (
        <form className="grid gap-4" onSubmit={submit} aria-busy={busy}>
          <EmailField id="forgot-email" value={email} onChange={setEmail} disabled={busy} />
          <Button type="submit" fullWidth pending={busy} pendingText="Sending...">
            Send Reset Link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
