import { Link } from "react-router";
import type { OrderView, SubscriptionView } from "../../../core/contracts/orders.ts";
import { formatMoney, toCents } from "../../../core/money.ts";
import { formatDate } from "../../lib/format-date.ts";
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

/** Orders tab (spec point 2, Account page). */
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
        <Link
          to="/products"
          className="mt-4 inline-flex min-h-11 items-center rounded-full bg-forest px-5 font-semibold text-cream hover:bg-forest-deep"
        >
          Start Shopping
        </Link>
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

const inertButton =
  "inline-flex min-h-11 items-center rounded-full border border-forest/30 px-4 text-sm font-semibold text-forest hover:bg-sand";

/** Subscriptions tab: Pause and Modify when active, Resume when paused, Cancel always (no behaviour yet, spec). */
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
        <Link
          to="/#products"
          className="mt-4 inline-flex min-h-11 items-center rounded-full bg-forest px-5 font-semibold text-cream hover:bg-forest-deep"
        >
          Explore Subscriptions
        </Link>
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
                <button type="button" className={inertButton}>
                  Pause
                </button>
                <button type="button" className={inertButton}>
                  Modify
                </button>
              </>
            ) : null}
            {s.status === "paused" ? (
              <button type="button" className={inertButton}>
                Resume
              </button>
            ) : null}
            <button type="button" className={inertButton}>
              Cancel
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
