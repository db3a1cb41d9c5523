import { useEffect, useRef, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useFetcher, useLocation } from "react-router";
import type { SubscriptionView } from "../../core/contracts/subscriptions.ts";
import { AccountActionPath } from "../components/account/account-action.ts";
import { linkClass } from "../components/auth/auth-card.tsx";
import { SubscriptionCard, subscriptionTitleId } from "../components/subscriptions/subscription-card.tsx";
import { type DialogTarget, SubscriptionDialog } from "../components/subscriptions/subscription-dialog.tsx";
import { Button } from "../components/ui/button.tsx";
import { Link } from "../i18n/link.tsx";
import { wasRefused } from "../lib/page-action.ts";
import type { Route } from "./+types/subscription-manage";
import type { ManageLinkAnswer } from "./subscription-manage.server.ts";

export { action, headers, loader } from "./subscription-manage.server.ts";

/** A preview writes nothing (and a refusal wrote nothing): the page is not read again for it. */
export function shouldRevalidate({
  json,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = (json as { intent?: unknown } | undefined)?.intent;
  if (intent === "subscription-preview" || intent === "manage-link") return false;
  return wasRefused(actionResult) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [
  { title: "Your subscription | MANA" },
  { name: "robots", content: "noindex" },
];

/**
 * A subscription's own page, opened from the link in its e-mails without signing in (decision 043):
 * what it sends and costs, its status and next date, and Pause, Resume, Skip and Cancel, each confirmed in
 * the account page's dialogs and posted to this page's action. An expired link offers a fresh one.
 */
export default function SubscriptionManagePage({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <section className="container-shop max-w-3xl py-10 sm:py-14">
      {loaderData.state === "expired" ? (
        <ExpiredLink productName={loaderData.productName} />
      ) : (
        <AccountActionPath.Provider value={pathname}>
          <h1 className="text-3xl">Your subscription</h1>
          <p className="mt-2 text-muted">
            Pause, skip or cancel it here, no account needed. Once it is cancelled, nothing more is charged.
          </p>
          <ManagedSubscription
            sub={loaderData.subscription}
            productSlug={loaderData.productSlug}
            stackName={loaderData.stackName}
          />
          <p className="mt-6 text-sm text-muted">
            To change how often it comes, how many, the address or the card, open{" "}
            <Link to="/account/subscriptions" className={linkClass}>
              your account's subscriptions
            </Link>{" "}
            if you bought it signed in, or{" "}
            <Link to="/contact" className={linkClass}>
              write to us
            </Link>
            .
          </p>
        </AccountActionPath.Provider>
      )}
    </section>
  );
}

function ManagedSubscription({
  sub,
  productSlug,
  stackName,
}: {
  sub: SubscriptionView;
  productSlug: string | undefined;
  stackName: string | undefined;
}) {
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  return (
    <div className="mt-6">
      {/* The card's title is a third-level heading, as under the account page's "Your subscriptions". */}
      <h2 className="sr-only">What it is and what you can do</h2>
      <SubscriptionCard
        sub={sub}
        stackName={stackName}
        productSlug={productSlug}
        onOpen={(kind, el) => {
          opener.current = el;
          setTarget({ kind, sub });
        }}
        onUpdateCard={() => undefined}
        updatingCard={false}
      />
      <SubscriptionDialog
        target={target}
        addresses={[]}
        products={[]}
        onClose={() => setTarget(null)}
        opener={() => opener.current}
        fallback={() => document.getElementById(subscriptionTitleId(sub.id))}
      />
    </div>
  );
}

/** A signed link past its time: a button e-mails a fresh one to the subscription's own address. */
function ExpiredLink({ productName }: { productName: string }) {
  const fetcher = useFetcher<ManageLinkAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) status.current?.focus();
  }, [answer]);
  return (
    <div className="rounded-card bg-white p-6 shadow-card sm:p-8">
      <h1 className="text-3xl">This link has expired</h1>
      <p className="mt-3 text-ink">
        Links to manage a subscription work for a while, then stop, so an old e-mail cannot be used to change
        your {productName} subscription. We can e-mail a new link to the address this subscription belongs to.
      </p>
      {answer?.ok ? (
        <div
          ref={status}
          tabIndex={-1}
          role="status"
          className="mt-5 rounded-xl border border-verdant p-4 text-ink"
        >
          We sent a new link to this subscription's e-mail address. It may take a minute to arrive.
        </div>
      ) : (
        <>
          {answer && !answer.ok ? (
            <div
              ref={status}
              tabIndex={-1}
              role="alert"
              className="mt-5 rounded-xl border border-danger p-4 text-danger"
            >
              {answer.error.message}
            </div>
          ) : null}
          <Button
            className="mt-5"
            pending={fetcher.state !== "idle"}
            pendingText="Sending..."
            onClick={() =>
              void fetcher.submit({ intent: "manage-link" }, { method: "post", encType: "application/json" })
            }
          >
            E-mail me a new link
          </Button>
        </>
      )}
      <p className="mt-6 text-sm">
        <Link to="/" className={linkClass}>
          Back to the shop
        </Link>
      </p>
    </div>
  );
}
