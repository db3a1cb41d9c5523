import CircleCheck from "lucide-react/icons/circle-check";
import Clock from "lucide-react/icons/clock";
import Mail from "lucide-react/icons/mail";
import Package from "lucide-react/icons/package";
import RefreshCw from "lucide-react/icons/refresh-cw";
import { useEffect } from "react";
import { orderPagePath } from "../../core/contracts/orders.ts";
import { ShipsTo } from "../components/address/ships-to.tsx";
import { OrderSummary } from "../components/checkout/order-summary.tsx";
import { Button } from "../components/ui/button.tsx";
import { useT } from "../i18n/i18n.tsx";
import { Link } from "../i18n/link.tsx";
import { useQueryClient } from "../lib/query.ts";
import type { Route } from "./+types/success";

export { headers, loader } from "./success.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.head.title },
  { name: "robots", content: "noindex" },
];

/**
 * /success: the reference is the session id's last 8 characters; once the payment is confirmed (and the
 * order is this visitor's) the order number leads, with the order itself.
 */
export default function Success({ loaderData }: Route.ComponentProps) {
  const { reference, order } = loaderData;
  const queryClient = useQueryClient();
  const t = useT();

  // The cart (its products and its gift cards to buy) shows empty on the success page when a session id
  // is present. The server emptied it when the payment was confirmed; the refetch shows what it holds.
  useEffect(() => {
    if (!reference) return;
    for (const key of [["/api/cart"], ["/api/cart/gift-card-lines"]]) {
      queryClient.setQueryData(key, []);
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }, [reference, queryClient]);

  if (!reference) {
    return (
      <section className="container-shop py-20 text-center">
        <h1 className="text-3xl">{t("checkout.success.noOrderTitle")}</h1>
        <p className="mt-4 text-muted">{t("checkout.success.noOrderText")}</p>
        <Button asChild size="md-wide" className="mt-8">
          <Link to="/">{t("checkout.success.continueShopping")}</Link>
        </Button>
      </section>
    );
  }

  return (
    <section className="container-shop py-12 sm:py-16">
      <div className="mx-auto max-w-2xl">
        <div className="text-center">
          {order ? (
            <CircleCheck aria-hidden className="mx-auto size-14 text-verdant" />
          ) : (
            <Clock aria-hidden className="mx-auto size-14 text-gold" />
          )}
          <h1 className="mt-4 text-3xl sm:text-4xl">
            {order ? t("checkout.success.thanks") : t("checkout.success.notConfirmedTitle")}
          </h1>
          {order ? (
            <>
              <p className="mt-4 text-muted">{t("checkout.success.orderNumber")}</p>
              <p className="font-mono text-2xl font-semibold tracking-wider text-forest sm:text-3xl">
                {order.orderNumber}
              </p>
              <p className="mt-2 text-sm text-muted">
                {t("checkout.success.reference")}{" "}
                <span className="font-mono tracking-wider">{reference}</span>
              </p>
            </>
          ) : (
            <p className="mt-3 text-muted">
              {t("checkout.success.reference")}{" "}
              <strong className="font-mono text-ink tracking-wider">{reference}</strong>
            </p>
          )}
        </div>

        {order ? (
          <>
            <div className="mt-8">
              <OrderSummary
                summary={order.summary}
                title={t("checkout.success.yourOrder")}
                currency={loaderData.currency ?? "USD"}
              />
            </div>
            {order.shippingAddress ? <ShipsTo address={order.shippingAddress} className="mt-6" /> : null}
            <section
              aria-labelledby="next-steps"
              className="mt-6 rounded-card bg-white p-5 shadow-card sm:p-6"
            >
              <h2 id="next-steps" className="text-xl">
                {t("checkout.success.nextTitle")}
              </h2>
              <ul className="mt-4 grid gap-4">
                <li className="flex gap-3">
                  <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-verdant" />
                  <span>
                    {order.email
                      ? t("checkout.success.emailOnItsWay", { email: order.email })
                      : t("checkout.success.savedInAccount")}
                  </span>
                </li>
                <li className="flex gap-3">
                  <Package aria-hidden className="mt-0.5 size-5 shrink-0 text-verdant" />
                  <span>{t("checkout.success.packing")}</span>
                </li>
                {order.hasSubscriptions ? (
                  <li className="flex gap-3">
                    <RefreshCw aria-hidden className="mt-0.5 size-5 shrink-0 text-verdant" />
                    <span>{t("checkout.success.renews")}</span>
                  </li>
                ) : null}
              </ul>
            </section>
          </>
        ) : (
          <div className="mt-8 rounded-card bg-sand p-6 text-center shadow-card">
            <p>{t("checkout.success.notReceived")}</p>
            <p className="mt-2 text-muted">{t("checkout.success.followUp")}</p>
          </div>
        )}

        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {order?.inAccount ? (
            <Button asChild variant="secondary" size="md-wide">
              <Link to={orderPagePath(order.orderNumber)}>{t("checkout.success.viewOrder")}</Link>
            </Button>
          ) : null}
          <Button asChild size="md-wide">
            <Link to="/">{t("checkout.success.continueShopping")}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
