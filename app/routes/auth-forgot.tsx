import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { RESET_LINK_HOURS } from "../../core/account-rules.ts";
import { AuthCard, linkClass } from "../components/auth/auth-card.tsx";
import { resetRequestFailure } from "../components/auth/auth-errors.ts";
import { EmailField } from "../components/auth/email-forms.tsx";
import { Button } from "../components/ui/button.tsx";
import { toast } from "../hooks/use-toast.ts";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { rich } from "../i18n/rich.tsx";
import { authClient } from "../lib/auth-client.ts";
import type { Route } from "./+types/auth-forgot";

export { headers, loader } from "./auth-forgot.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/**
 * Asks for a password-reset link. The answer is the same whether or not an account uses the address:
 * the page never tells a stranger who has an account here.
 */
export default function ForgotPasswordPage() {
  const t = useT();
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
      toast(resetRequestFailure(error, t));
      return;
    }
    setSentTo(address);
  }

  return (
    <AuthCard
      title={t("auth.forgot.title")}
      intro={t("auth.forgot.intro")}
      after={rich(t, "auth.forgot.remembered", {
        back: (
          <Link to="/auth" className={linkClass}>
            {t("auth.backToSignIn")}
          </Link>
        ),
      })}
    >
      {sentTo ? (
        <div className="grid gap-3" role="status">
          <h2 ref={sentHeading} tabIndex={-1} className="text-xl">
            {t("auth.forgot.sent.title")}
          </h2>
          <p>
            {rich(
              t,
              "auth.forgot.sent.text",
              { email: <strong className="break-all">{sentTo}</strong> },
              { hours: RESET_LINK_HOURS },
            )}
          </p>
          <p className="text-sm text-muted">
            {rich(t, "auth.forgot.sent.nothing", {
              retry: (
                <button type="button" className={`${linkClass} min-h-11`} onClick={() => setSentTo(null)}>
                  {t("auth.forgot.sent.retry")}
                </button>
              ),
            })}
          </p>
        </div>
      ) : (
        <form className="grid gap-4" onSubmit={submit} aria-busy={busy}>
          <EmailField id="forgot-email" value={email} onChange={setEmail} disabled={busy} />
          <Button type="submit" fullWidth pending={busy} pendingText={t("auth.forgot.sending")}>
            {t("auth.forgot.send")}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
