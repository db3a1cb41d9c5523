import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { VERIFICATION_LINK_HOURS } from "../../core/account-rules.ts";
import { AuthCard, linkClass } from "../components/auth/auth-card.tsx";
import { Button } from "../components/ui/button.tsx";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { rich } from "../i18n/rich.tsx";
import type { Route } from "./+types/auth-verify";

export { action, headers, loader } from "./auth-verify.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** Confirms the address from the e-mailed link, on the reader's click. */
export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { token, signedIn } = loaderData;
  const result = actionData?.result ?? (token ? null : "invalid");
  const pending = useNavigation().state !== "idle";
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (actionData?.result) heading.current?.focus();
  }, [actionData]);

  const next = signedIn ? (
    <Button asChild fullWidth>
      <Link to="/account">{t("auth.verify.toAccount")}</Link>
    </Button>
  ) : (
    <Button asChild fullWidth>
      <Link to="/auth">{t("auth.signIn")}</Link>
    </Button>
  );

  if (result === "verified") {
    return (
      <AuthCard title={<span className="whitespace-nowrap">{t("auth.verify.confirmed")}</span>}>
        <div className="grid gap-4" role="status">
          <h2 ref={heading} tabIndex={-1} className="text-xl">
            {t("auth.verify.thanks")}
          </h2>
          <p>{t("auth.verify.guestOrders")}</p>
          {next}
        </div>
      </AuthCard>
    );
  }
  if (result) {
    return (
      <AuthCard title={t("auth.linkUnusable")}>
        <div className="grid gap-4" role="alert">
          <h2 ref={heading} tabIndex={-1} className="text-xl">
            {result === "expired" ? t("auth.verify.expired") : t("auth.verify.invalid")}
          </h2>
          <p>{t("auth.verify.askAgain", { hours: VERIFICATION_LINK_HOURS })}</p>
          {next}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={rich(t, "auth.verify.title", {
        email: <span className="whitespace-nowrap">{t("auth.verify.title.email")}</span>,
      })}
      intro={t("auth.verify.intro")}
      after={
        <Link to="/" className={linkClass}>
          {t("auth.backToShop")}
        </Link>
      }
    >
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="token" value={token ?? ""} />
        <Button type="submit" fullWidth pending={pending} pendingText={t("auth.verify.confirming")}>
          {t("auth.verify.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}
