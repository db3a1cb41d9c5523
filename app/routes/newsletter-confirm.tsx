import { type TokenOutcome, TokenPage } from "../components/newsletter/token-page.tsx";
import type { Route } from "./+types/newsletter-confirm";

export { action, headers, loader } from "./newsletter-confirm.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your subscription | MANA" },
  { name: "robots", content: "noindex" },
];

/** The newsletter's confirmation link opens this page; its button subscribes (decision 026). */
export default function ConfirmSubscriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  let outcome: TokenOutcome | null = null;
  if (actionData?.confirmed) {
    outcome = {
      done: true,
      heading: "You are subscribed",
      body: (
        <p>
          The MANA letter will reach <strong className="break-all">{actionData.email}</strong>, about twice a
          month. Every letter ends with a link to unsubscribe.
        </p>
      ),
    };
  } else if (!loaderData.email || actionData?.confirmed === false) {
    outcome = {
      done: false,
      heading: "This confirmation link is not valid",
      body: (
        <p>
          It may have been used already (then you are subscribed), or it is more than three days old. To
          subscribe, sign up again from the form on our home page and follow the new link.
        </p>
      ),
    };
  }
  return (
    <TokenPage
      title="Newsletter"
      intro="One step left."
      token={loaderData.token}
      answer={actionData}
      outcome={outcome}
      question={
        <>
          Send the MANA letter to <strong className="break-all">{loaderData.email}</strong>?
        </>
      }
      submitLabel="Confirm subscription"
      pendingText="Confirming..."
    />
  );
}
