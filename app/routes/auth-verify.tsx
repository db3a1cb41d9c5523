import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { VERIFICATION_LINK_HOURS } from "../../core/account-rules.ts";
import { AuthCard, linkClass } from "../components/auth/auth-card.tsx";
import { Button } from "../components/ui/button.tsx";
import { Link } from "../i18n/link.tsx";
import type { Route } from "./+types/auth-verify";

export { action, headers, loader } from "./auth-verify.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm Your E-mail | MANA" },
  { name: "robots", content: "noindex" },
];

/** Confirms the address from the e-mailed link, on the reader's click. */
export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, signedIn } = loaderData;
  const result = actionData?.result ?? (token ? null : "invalid");
  const pending = useNavigation().state !== "idle";
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (actionData?.result) heading.current?.focus();
  }, [actionData]);

  const next = signedIn ? (
    <Button asChild fullWidth>
      <Link to="/account">Go to My Account</Link>
    </Button>
  ) : (
    <Button asChild fullWidth>
      <Link to="/auth">Sign In</Link>
    </Button>
  );

  if (result === "verified") {
    return (
      <AuthCard title={<span className="whitespace-nowrap">E-mail confirmed</span>}>
        <div className="grid gap-4" role="status">
          <h2 ref={heading} tabIndex={-1} className="text-xl">
            Thank you, your e-mail address is verified
          </h2>
          <p>Orders you placed as a guest with this address now appear in your account too.</p>
          {next}
        </div>
      </AuthCard>
    );
  }
  if (result) {
    return (
      <AuthCard title="This link no longer works">
        <div className="grid gap-4" role="alert">
          <h2 ref={heading} tabIndex={-1} className="text-xl">
            {result === "expired" ? "The link has expired" : "The link is not valid"}
          </h2>
          <p>
            A verification link works for {VERIFICATION_LINK_HOURS} hours. Sign in and ask for a new one on
            your account page.
          </p>
          {next}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={
        <>
          Confirm your <span className="whitespace-nowrap">e-mail</span>
        </>
      }
      intro="One click confirms that this address is yours."
      after={
        <Link to="/" className={linkClass}>
          Back to the shop
        </Link>
      }
    >
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="token" value={token ?? ""} />
        <Button type="submit" fullWidth pending={pending} pendingText="Confirming...">
          Confirm My E-mail
        </Button>
      </Form>
    </AuthCard>
  );
}
