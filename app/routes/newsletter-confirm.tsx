import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AuthCard, linkClass } from "../components/auth/auth-card.tsx";
import { Button } from "../components/ui/button.tsx";
import type { Route } from "./+types/newsletter-confirm";

export { action, headers, loader } from "./newsletter-confirm.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your subscription | MANA" },
  { name: "robots", content: "noindex" },
];

const backToShop = (
  <Link to="/" className={linkClass}>
    Back to the shop
  </Link>
);

/** The newsletter's confirmation link opens this page; its button subscribes (decision 026). */
export default function ConfirmSubscriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state !== "idle";
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (actionData) heading.current?.focus();
  }, [actionData]);

  if (actionData?.confirmed) {
    return (
      <AuthCard title="Newsletter" after={backToShop}>
        <div className="grid gap-3" role="status">
          <h2 ref={heading} tabIndex={-1} className="text-xl">
            You are subscribed
          </h2>
          <p>
            The MANA letter will reach <strong className="break-all">{actionData.email}</strong>, about twice
            a month. Every letter ends with a link to unsubscribe.
          </p>
        </div>
      </AuthCard>
    );
  }
  if (!loaderData.email || actionData?.confirmed === false) {
    return (
      <AuthCard title="Newsletter" after={backToShop}>
        <div className="grid gap-3" role="alert">
          <h2 ref={heading} tabIndex={-1} className="text-xl">
            This confirmation link is not valid
          </h2>
          <p>
            It may have been used already (then you are subscribed), or it is more than three days old. To
            subscribe, sign up again from the form on our home page and follow the new link.
          </p>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Newsletter" intro="One step left." after={backToShop}>
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="token" value={loaderData.token ?? ""} />
        <p>
          Send the MANA letter to <strong className="break-all">{loaderData.email}</strong>?
        </p>
        <Button type="submit" fullWidth pending={pending} pendingText="Confirming...">
          Confirm subscription
        </Button>
      </Form>
    </AuthCard>
  );
}
