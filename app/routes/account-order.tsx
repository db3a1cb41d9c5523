import ArrowLeft from "lucide-react/icons/arrow-left";
import { reactionFormPath } from "../../core/reaction-report.ts";
import { SignInRequired } from "../components/account/sign-in-required.tsx";
import { RouteErrorPage } from "../components/layout/missing-page.tsx";
import { OrderActions, OrderBadge, OrderDetailSections } from "../components/orders/order-details.tsx";
import { RenewalNote } from "../components/orders/renewal-note.tsx";
import { Link } from "../i18n/link.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/account-order";

export { headers, loader } from "./account-order.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.order ? `Order ${loaderData.order.orderNumber} | MANA` : "Order | MANA" },
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
  const { order } = loaderData;
  if (!order) return <SignInRequired message="Please sign in to view this order." />;
  return (
    <section className="container-shop py-10 sm:py-14">
      <Link
        to="/orders"
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-forest underline-offset-2 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Order History
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl sm:text-4xl">
            Order <span className="whitespace-nowrap">{order.orderNumber}</span>
          </h1>
          <p className="mt-1 text-muted">
            Placed on {formatDate(order.createdAt)}
            <RenewalNote isRenewal={order.isRenewal} />
          </p>
        </div>
        <OrderBadge status={order.status} />
      </div>
      <div className="mt-6 rounded-card bg-white p-4 shadow-card sm:p-6">
        <OrderDetailSections order={order} />
        <div className="mt-6">
          <OrderActions order={order} />
        </div>
      </div>
      <p className="mt-6 text-sm">
        Had a reaction to a product in this order?{" "}
        <Link to={reactionLink(order)} className="font-semibold text-forest underline underline-offset-2">
          Report a reaction
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorPage
      error={error}
      notFound={{ title: "Order not found", text: "There is no order with this number in your account." }}
      to="/orders"
      linkLabel="Order History"
    />
  );
}
