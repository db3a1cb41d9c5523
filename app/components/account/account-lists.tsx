import { type OrderPageView, orderPagePath } from "../../../core/contracts/orders.ts";
import { formatMoney } from "../../../core/money.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { rich } from "../../i18n/rich.tsx";
import { formatDate } from "../../lib/format-date.ts";
import { RenewalNote } from "../orders/renewal-note.tsx";
import { Button } from "../ui/button.tsx";
import { StatusBadge } from "../ui/status-badge.tsx";

/** The account page's Orders tab: each order with its date, status, lines, total and a link to its details. */
export function AccountOrders({ orders }: { orders: OrderPageView[] }) {
  const t = useT();
  const locale = useLocale();
  if (orders.length === 0) {
    return (
      <div className="rounded-card bg-white p-8 text-center shadow-card">
        <p className="font-display text-xl text-forest">{t("account.orders.empty")}</p>
        <Button asChild className="mt-4">
          <Link to="/products">{t("account.orders.shop")}</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-3">
      {orders.map((o) => (
        <li key={o.orderNumber} className="rounded-card bg-white p-5 shadow-card">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="font-semibold text-forest">{o.orderNumber}</p>
              <p className="text-sm text-muted">
                {formatDate(o.createdAt, locale)}
                <RenewalNote isRenewal={o.isRenewal} />
              </p>
            </div>
            <StatusBadge status={o.status} />
          </div>
          <ul className="mt-3 text-sm">
            {o.items.map((i, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id of their own here
              <li key={n}>{t("account.orders.line", { quantity: i.quantity, name: i.productName })}</li>
            ))}
          </ul>
          <div className="mt-3 flex items-center justify-between">
            <p className="font-semibold">{formatMoney(o.totals.totalCents, o.totals.currency)}</p>
            <Link
              to={orderPagePath(o.orderNumber)}
              className="text-sm font-semibold text-forest underline underline-offset-2"
            >
              {rich(t, "account.orders.viewDetails", {
                hidden: (
                  <span className="sr-only">
                    {t("account.orders.viewDetails.hidden", { orderNumber: o.orderNumber })}
                  </span>
                ),
              })}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
