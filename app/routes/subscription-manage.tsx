import { useEffect, useRef, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useFetcher, useLocation } from "react-router";
import type { SubscriptionView } from "../../core/contracts/subscriptions.ts";
import { AccountActionPath } from "../components/account/account-action.ts";
import { linkClass } from "../components/auth/auth-card.tsx";
import { SubscriptionCard, subscriptionTitleId } from "../components/subscriptions/subscription-card.tsx";
import { type DialogTarget, SubscriptionDialog } from "../components/subscriptions/subscription-dialog.tsx";
import { Button } from "../components/ui/button.tsx";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { rich } from "../i18n/rich.tsx";
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

// The title comes from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "robots", content: "noindex" },
];

/**
 * A subscription's own page, opened from the link in its e-mails without signing in (decision 043):
 * what it sends and costs, its status and next date, and Pause, Resume, Skip and Cancel, each confirmed in
 * the account page's dialogs and posted to this page's action. An expired link offers a fresh one.
 */
export default function SubscriptionManagePage({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <section className="container-shop max-w-3xl py-10 sm:py-14">
      {loaderData.state === "expired" ? (
        <ExpiredLink productName={loaderData.productName} />
      ) : (
        <AccountActionPath.Provider value={pathname}>
          <h1 className="text-3xl">{t("subscriptions.manage.heading")}</h1>
          <p className="mt-2 text-muted">{t("subscriptions.manage.intro")}</p>
          <ManagedSubscription
            sub={loaderData.subscription}
            productSlug={loaderData.productSlug}
            stackName={loaderData.stackName}
          />
          <p className="mt-6 text-sm text-muted">
            {rich(t, "subscriptions.manage.more", {
              account: (
                <Link to="/account/subscriptions" className={linkClass}>
                  {t("subscriptions.manage.more.account")}
                </Link>
              ),
              contact: (
                <Link to="/contact" className={linkClass}>
                  {t("subscriptions.manage.more.contact")}
                </Link>
              ),
            })}
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
  const t = useT();
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  return (
    <div className="mt-6">
      {/* The card's title is a third-level heading, as under the account page's "Your subscriptions". */}
      <h2 className="sr-only">{t("subscriptions.manage.cardHeading")}</h2>
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
  const t = useT();
  const fetcher = useFetcher<ManageLinkAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) status.current?.focus();
  }, [answer]);
  return (
    <div className="rounded-card bg-white p-6 shadow-card sm:p-8">
      <h1 className="text-3xl">{t("subscriptions.expired.heading")}</h1>
      <p className="mt-3 text-ink">{t("subscriptions.expired.text", { productName })}</p>
      {answer?.ok ? (
        <div
          ref={status}
          tabIndex={-1}
          role="status"
          className="mt-5 rounded-xl border border-verdant p-4 text-ink"
        >
          {t("subscriptions.expired.sent")}
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
            pendingText={t("subscriptions.expired.sending")}
            onClick={() =>
              void fetcher.submit({ intent: "manage-link" }, { method: "post", encType: "application/json" })
            }
          >
            {t("subscriptions.expired.send")}
          </Button>
        </>
      )}
      <p className="mt-6 text-sm">
        <Link to="/" className={linkClass}>
          {t("subscriptions.expired.back")}
        </Link>
      </p>
    </div>
  );
}
