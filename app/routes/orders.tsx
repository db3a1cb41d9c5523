import { useState } from "react";
import { useSearchParams } from "react-router";
import { type OrderPageView, orderPagePath } from "../../core/contracts/orders.ts";
import { formatMoney } from "../../core/money.ts";
import { SignInRequired } from "../components/account/sign-in-required.tsx";
import { OrderActions, OrderBadge, OrderDetailSections } from "../components/orders/order-details.tsx";
import { RenewalNote } from "../components/orders/renewal-note.tsx";
import { Button } from "../components/ui/button.tsx";
import { useLocale, useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/orders";

export { headers, loader } from "./orders.server.ts";

// The title comes from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "robots", content: "noindex" },
];

function OrderCard({ order, open }: { order: OrderPageView; open: boolean }) {
  const t = useT();
  const locale = useLocale();
  const [details, setDetails] = useState(open);
  const detailsId = `order-${order.orderNumber}-details`;
  return (
    <li id={`order-${order.orderNumber}`} className="rounded-card bg-white p-6 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg">{t("orders.list.orderHeading", { number: order.orderNumber })}</h2>
          <p className="text-sm text-muted">
            {t("orders.placedOn", { date: formatDate(order.createdAt, locale) })}
            <RenewalNote isRenewal={order.isRenewal} />
          </p>
        </div>
        <div className="flex items-center gap-3">
          <OrderBadge status={order.status} />
          <p className="font-semibold">{formatMoney(order.totals.totalCents, order.totals.currency)}</p>
        </div>
      </div>
      <ul className="mt-4 divide-y divide-sand-deep text-sm">
        {order.items.map((i) => (
          <li
            key={`${i.productId}-${i.isSubscription}-${i.bundleId ?? ""}`}
            className="flex justify-between gap-3 py-2"
          >
            <span>
              {i.productName} × {i.quantity}
            </span>
            <span>{formatMoney(i.lineCents, order.totals.currency)}</span>
          </li>
        ))}
      </ul>
      {details ? (
        <div id={detailsId} className="mt-4">
          <OrderDetailSections order={order} headingLevel={3} />
        </div>
      ) : null}
      <div className="mt-4">
        <OrderActions order={order}>
          <Button
            variant="outline"
            size="sm"
            aria-expanded={details}
            aria-controls={detailsId}
            onClick={() => setDetails((d) => !d)}
          >
            {t("orders.list.viewDetails")}
          </Button>
          {details ? (
            <Button asChild variant="ghost" size="sm" className="text-forest underline underline-offset-2">
              <Link to={orderPagePath(order.orderNumber)}>
                {t("orders.list.orderPage")}
                <span className="sr-only">
                  {" "}
                  {t("orders.list.orderPageFor", { number: order.orderNumber })}
                </span>
              </Link>
            </Button>
          ) : null}
        </OrderActions>
      </div>
    </li>
  );
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const t = useT();
  if (!loaderData.signedIn) return <SignInRequired message={t("orders.list.signIn")} />;
  const { orders } = loaderData;
  const focus = params.get("order");
  return (
    <section className="container-shop py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">{t("orders.list.heading")}</h1>
      <p className="mt-2 text-muted">{t("orders.list.intro")}</p>
      <div className="mt-8">
        {orders.length === 0 ? (
          <div className="rounded-card bg-white p-10 text-center shadow-card">
            <p className="font-display text-2xl text-forest">{t("orders.list.empty")}</p>
            <Button asChild size="md-wide" className="mt-4">
              <Link to="/">{t("orders.list.startShopping")}</Link>
            </Button>
          </div>
        ) : (
          <ul className="grid gap-4">
            {orders.map((o) => (
              <OrderCard key={o.orderNumber} order={o} open={focus === o.orderNumber} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
