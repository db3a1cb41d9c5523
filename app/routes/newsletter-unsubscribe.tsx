import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AuthCard, linkClass } from "../components/auth/auth-card.tsx";
import { Button } from "../components/ui/button.tsx";
import type { Route } from "./+types/newsletter-unsubscribe";

export { action, headers, loader } from "./newsletter-unsubscribe.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe | MANA" },
  { name: "robots", content: "noindex" },
];

const backToShop = (
  <Link to="/" className={linkClass}>
    Back to the shop
  </Link>
);

/** The newsletter's unsubscribe link opens this page; its button unsubscribes. */
export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { email } = loaderData;
  const pending = useNavigation().state !== "idle";
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (actionData) heading.current?.focus();
  }, [actionData]);

  if (!email || actionData?.unsubscribed === false) {
    return (
      <AuthCard title="Unsubscribe" after={backToShop}>
        <div className="grid gap-3" role="alert">
          <h2 ref={heading} tabIndex={-1} className="text-xl">
            This unsubscribe link is not valid
          </h2>
          <p>
            Use the link at the end of one of our letters, complete as it came, or{" "}
            <Link to="/contact" className={linkClass}>
              write to us
            </Link>{" "}
            and we will take you off the list.
          </p>
        </div>
      </AuthCard>
    );
  }
  if (actionData?.unsubscribed || loaderData.unsubscribed) {
    return (
      <AuthCard title="Unsubscribe" after={backToShop}>
        <div className="grid gap-3" role="status">
          <h2 ref={heading} tabIndex={-1} className="text-xl">
            You are unsubscribed
          </h2>
          <p>
            <strong className="break-all">{email}</strong> will get no more letters from MANA. Order e-mails
            still reach you when you buy.
          </p>
          <p className="text-sm text-muted">
            Changed your mind? Subscribe again from the form on our home page.
          </p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Unsubscribe" intro="Sorry to see you go." after={backToShop}>
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="token" value={loaderData.token ?? ""} />
        <p>
          Stop the MANA letter for <strong className="break-all">{email}</strong>?
        </p>
        <Button type="submit" fullWidth pending={pending} pendingText="Unsubscribing...">
          Unsubscribe
        </Button>
      </Form>
    </AuthCard>
  );
}
