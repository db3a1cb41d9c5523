import { Link } from "react-router";
import type { OrderView, SubscriptionView } from "../../../core/contracts/orders.ts";
import { formatMoney, toCents } from "../../../core/money.ts";
import { formatDate } from "../../lib/format-date.ts";
import { Button } from "../ui/button.tsx";
import { badgeClass } from "./account-data.ts";

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${badgeClass(status)}`}
    >
      {status}
    </span>
  );
}

function Placeholder() {
  return <div className="h-24 animate-pulse rounded-card bg-sand" aria-hidden />;
}

/** The account page's Orders tab: each order with its date, status, lines, total and a link to its details. */
export function AccountOrders({ orders, loading }: { orders: OrderView[] | undefined; loading: boolean }) {
  if (loading) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading orders">
        <Placeholder />
        <Placeholder />
      </div>
    );
  }
  if (!orders?.length) {
    return (
      <div className="rounded-card bg-white p-8 text-center shadow-card">
        <p className="font-display text-xl text-forest">No orders yet</p>
        <Button asChild className="mt-4">
          <Link to="/products">Start Shopping</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-3">
      {orders.map((o) => (
        <li key={o.id} className="rounded-card bg-white p-5 shadow-card">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="font-semibold text-forest">{o.orderNumber ?? o.id}</p>
              <p className="text-sm text-muted">{formatDate(o.createdAt)}</p>
            </div>
            <StatusBadge status={o.status} />
          </div>
          <ul className="mt-3 text-sm">
            {o.items.map((i, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id of their own here
              <li key={n}>
                {i.quantity}x {i.productName ?? i.name}
              </li>
            ))}
          </ul>
          <div className="mt-3 flex items-center justify-between">
            <p className="font-semibold">{formatMoney(o.totalCents)}</p>
            <Link
              to={`/account/orders/${o.id}`}
              className="text-sm font-semibold text-forest underline underline-offset-2"
            >
              View Details
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Subscriptions tab: Pause and Modify when active, Resume when paused, Cancel always (the buttons do nothing yet). */
export function AccountSubscriptions({
  subscriptions,
  loading,
}: {
  subscriptions: SubscriptionView[] | undefined;
  loading: boolean;
}) {
  if (loading) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading subscriptions">
        <Placeholder />
      </div>
    );
  }
  if (!subscriptions?.length) {
    return (
      <div className="rounded-card bg-white p-8 text-center shadow-card">
        <p className="font-display text-xl text-forest">No active subscriptions</p>
        <p className="mt-2 text-muted">Save 15% with monthly subscriptions</p>
        <Button asChild className="mt-4">
          <Link to="/#products">Explore Subscriptions</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-3">
      {subscriptions.map((s) => (
        <li key={s.id} className="rounded-card bg-white p-5 shadow-card">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="font-semibold text-forest">{s.productName}</p>
              <p className="text-sm">
                {formatMoney(toCents(s.amount))}/{s.interval}
              </p>
            </div>
            <StatusBadge status={s.status} />
          </div>
          <p className="mt-2 text-sm text-muted">Next billing {formatDate(s.nextBillingDate)}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {s.status === "active" ? (
              <>
                <Button variant="outline" size="sm">
                  Pause
                </Button>
                <Button variant="outline" size="sm">
                  Modify
                </Button>
              </>
            ) : null}
            {s.status === "paused" ? (
              <Button variant="outline" size="sm">
                Resume
              </Button>
            ) : null}
            <Button variant="outline" size="sm">
              Cancel
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
