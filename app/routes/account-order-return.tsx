import ArrowLeft from "lucide-react/icons/arrow-left";
import { isRouteErrorResponse } from "react-router";
import { SignInRequired } from "../components/account/sign-in-required.tsx";
import { RouteErrorPage } from "../components/layout/missing-page.tsx";
import { guaranteeClosedText } from "../components/orders/order-returns.tsx";
import { ReturnClaimForm } from "../components/orders/return-claim-form.tsx";
import { useLocale, useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/account-order-return";

export { action, headers, loader } from "./account-order-return.server.ts";

// The title comes from the loader (or its 404), in the page's language: a meta function has no translator.
export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  {
    title:
      loaderData?.meta.title ??
      (isRouteErrorResponse(error) ? (error.data as { title?: string } | null)?.title : undefined),
  },
  { name: "robots", content: "noindex" },
];

/**
 * The claim of the 60-day guarantee on one order (docs/decisions/055-returns.md): the form while the
 * guarantee is open, else why no claim is possible.
 */
export default function AccountOrderReturn({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  if (!loaderData.signedIn) return <SignInRequired message={t("orders.order.signIn")} />;
  const { view, orderPath } = loaderData;
  const { guarantee } = view;
  return (
    <section className="container-shop py-10 sm:py-14">
      <Link
        to={orderPath}
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-forest underline-offset-2 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> {t("returns.claim.back", { number: view.orderNumber })}
      </Link>
      <h1 className="mt-2 text-3xl sm:text-4xl">{t("returns.claim.heading")}</h1>
      {guarantee.open ? (
        <p className="mt-2 max-w-2xl text-muted">{t("returns.claim.intro", { number: view.orderNumber })}</p>
      ) : null}
      <div className="mt-6 max-w-2xl rounded-card bg-white p-4 shadow-card sm:p-6">
        {guarantee.open ? (
          <>
            <p className="mb-5 text-sm font-semibold text-ink">
              {t("returns.claim.until", { date: formatDate(guarantee.until, locale) })}
            </p>
            <ReturnClaimForm view={view} refunds={loaderData.refunds} />
          </>
        ) : (
          <div data-testid="claim-unavailable">
            <h2 className="font-display text-xl text-forest">{t("returns.claim.unavailable")}</h2>
            <p className="mt-2">{guaranteeClosedText(t, locale, view, guarantee.why, guarantee.until)}</p>
          </div>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <RouteErrorPage
      error={error}
      notFound={{ title: t("orders.order.notFound"), text: t("orders.order.notFoundText") }}
      to="/orders"
      linkLabel={t("orders.backToHistory")}
    />
  );
}
