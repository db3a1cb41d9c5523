import { linkClass } from "../components/auth/auth-card.tsx";
import { type TokenOutcome, TokenPage } from "../components/newsletter/token-page.tsx";
import { Link } from "../i18n/link.tsx";
import type { Route } from "./+types/newsletter-unsubscribe";

export { action, headers, loader } from "./newsletter-unsubscribe.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe | MANA" },
  { name: "robots", content: "noindex" },
];

/** The newsletter's unsubscribe link opens this page; its button unsubscribes. */
export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { email } = loaderData;
  let outcome: TokenOutcome | null = null;
  if (!email || actionData?.unsubscribed === false) {
    outcome = {
      done: false,
      heading: "This unsubscribe link is not valid",
      body: (
        <p>
          Use the link at the end of one of our letters, complete as it came, or{" "}
          <Link to="/contact" className={linkClass}>
            write to us
          </Link>{" "}
          and we will take you off the list.
        </p>
      ),
    };
  } else if (actionData?.unsubscribed || loaderData.unsubscribed) {
    outcome = {
      done: true,
      heading: "You are unsubscribed",
      body: (
        <>
          <p>
            <strong className="break-all">{email}</strong> will get no more letters from MANA. Order e-mails
            still reach you when you buy.
          </p>
          <p className="text-sm text-muted">
            Changed your mind? Subscribe again from the form on our home page.
          </p>
        </>
      ),
    };
  }
  return (
    <TokenPage
      title="Unsubscribe"
      intro="Sorry to see you go."
      token={loaderData.token}
      answer={actionData}
      outcome={outcome}
      question={
        <>
          Stop the MANA letter for <strong className="break-all">{email}</strong>?
        </>
      }
      submitLabel="Unsubscribe"
      pendingText="Unsubscribing..."
    />
  );
}
