import ArrowLeft from "lucide-react/icons/arrow-left";
import { isRouteErrorResponse, useSearchParams } from "react-router";
import { reactionFormPath } from "../../core/reaction-report.ts";
import { SignInRequired } from "../components/account/sign-in-required.tsx";
import { RouteErrorPage } from "../components/layout/missing-page.tsx";
import { InvoiceLink } from "../components/orders/invoice-link.tsx";
import { OrderActions, OrderBadge, OrderDetailSections } from "../components/orders/order-details.tsx";
import { OrderReturns } from "../components/orders/order-returns.tsx";
import { RenewalNote } from "../components/orders/renewal-note.tsx";
import { useLocale, useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { rich } from "../i18n/rich.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/account-order";

export { action, headers, loader } from "./account-order.server.ts";

// The title comes from the loader (or its 404), in the page's language: a meta function has no translator.
export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  {
    title:
      loaderData?.meta.title ??
      (isRouteErrorResponse(error) ? (error.data as { title?: string } | null)?.title : undefined),
  },
  { name: "robots", content: "noindex" },
];

/** The reaction form opened with this order, and its product when it holds only one. */
function reactionLink(order: { orderNumber: string; items: { productId: number }[] }) {
  const products = [...new Set(order.items.map((i) => i.productId))];
  return reactionFormPath({
    order: order.orderNumber,
    product: products.length === 1 ? String(products[0]) : undefined,
  });
}

/** One order: number, date, status, lines and figures, payment, shipping address and timeline. */
export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order, returns } = loaderData;
  const t = useT();
  const locale = useLocale();
  const [search] = useSearchParams();
  if (!order) return <SignInRequired message={t("orders.order.signIn")} />;
  return (
    <section className="container-shop py-10 sm:py-14">
      <Link
        to="/orders"
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-forest underline-offset-2 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> {t("orders.backToHistory")}
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div>
          {/* The number never breaks at its hyphen, so on a phone the heading is a size at which the widest
              number (eight letters such as W) fits a 390 px screen (e2e/returns-customer.spec.ts looks at 390). */}
          <h1 className="text-[1.625rem] sm:text-4xl">
            {rich(t, "orders.order.heading", {
              number: <span className="whitespace-nowrap">{order.orderNumber}</span>,
            })}
          </h1>
          <p className="mt-1 text-muted">
            {t("orders.placedOn", { date: formatDate(order.createdAt, locale) })}
            <RenewalNote isRenewal={order.isRenewal} />
          </p>
        </div>
        <OrderBadge status={order.status} />
      </div>
      <div className="mt-6 rounded-card bg-white p-4 shadow-card sm:p-6">
        <OrderDetailSections order={order} />
        <div className="mt-6">
          <OrderActions order={order}>
            <InvoiceLink orderNumber={order.orderNumber} paidAt={order.payment.paidAt} />
          </OrderActions>
        </div>
      </div>
      {returns ? <OrderReturns view={returns} claimed={search.get("claimed")} /> : null}
      <p className="mt-6 text-sm">
        {rich(t, "orders.order.reaction", {
          link: (
            <Link to={reactionLink(order)} className="font-semibold text-forest underline underline-offset-2">
              {t("orders.order.reaction.link")}
            </Link>
          ),
        })}
      </p>
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
