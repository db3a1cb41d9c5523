import { Form, Link } from "react-router";
import { formatMoney } from "../../core/money.ts";
import { ORDER_STATUSES } from "../../core/order-status.ts";
import { OrderBadge } from "../components/orders/order-details.tsx";
import { Button } from "../components/ui/button.tsx";
import { inputClass } from "../components/ui/field.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-orders";

export { headers, loader } from "./admin-orders.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Orders | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

const cell = "px-2 py-3 sm:px-4";

/** Every order, newest first: search, filters (a plain GET form, so it works without JavaScript) and pages. */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { query, list, problem } = loaderData;
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...query, page: String(page) }))
      if (v && v !== "1") params.set(k, String(v));
    const text = params.toString();
    return text ? `?${text}` : ".";
  };
  const filtered = Boolean(query.q || (query.status && query.status !== "all") || query.from || query.to);
  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Orders</h1>

      <Form
        method="get"
        className="mt-6 grid gap-3 rounded-card bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
      >
        <div className="grid gap-1.5">
          <label htmlFor="orders-q" className="text-sm font-medium text-ink">
            Search
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={100}
            placeholder="Order number, e-mail or name"
            className={inputClass}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="orders-status" className="text-sm font-medium text-ink">
            Status
          </label>
          <select
            id="orders-status"
            name="status"
            defaultValue={query.status || "all"}
            className={inputClass}
          >
            <option value="all">Any status</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]?.toUpperCase()}
                {s.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="orders-from" className="text-sm font-medium text-ink">
            Placed from
          </label>
          <input id="orders-from" name="from" type="date" defaultValue={query.from} className={inputClass} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="orders-to" className="text-sm font-medium text-ink">
            Placed to
          </label>
          <input id="orders-to" name="to" type="date" defaultValue={query.to} className={inputClass} />
        </div>
        <Button type="submit" size="md">
          Show orders
        </Button>
      </Form>

      {problem ? (
        <p role="alert" className="mt-4 rounded-xl border border-danger p-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}

      <p className="mt-6 text-sm text-muted" aria-live="polite">
        {list.total === 0
          ? filtered
            ? "No orders match this search."
            : "No orders yet. They appear here as soon as a customer checks out."
          : `${list.total} order${list.total === 1 ? "" : "s"}${filtered ? " match" : ""}${list.pages > 1 ? `, page ${list.page} of ${list.pages}` : ""}.`}
        {filtered ? (
          <>
            {" "}
            <Link to="/admin/orders" className="font-semibold text-forest underline">
              Clear the search
            </Link>
          </>
        ) : null}
      </p>

      {list.orders.length > 0 ? (
        <div className="mt-3 rounded-card bg-white shadow-card">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Orders, newest first</caption>
            <thead className="border-b border-sand-deep">
              <tr>
                <th scope="col" className={`${cell} font-semibold`}>
                  Order
                </th>
                <th scope="col" className={`${cell} hidden font-semibold md:table-cell`}>
                  Customer
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  Status
                </th>
                <th scope="col" className={`${cell} text-right font-semibold`}>
                  Total
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-deep">
              {list.orders.map((o) => (
                <tr key={o.orderNumber}>
                  <td className={cell}>
                    <Link
                      to={`/admin/orders/${o.orderNumber}`}
                      className="inline-flex min-h-6 font-semibold text-forest underline underline-offset-2"
                    >
                      {o.orderNumber}
                    </Link>
                    <span className="block text-xs text-muted">
                      {formatDate(o.createdAt)}
                      {o.isRenewal ? " · renewal" : ""}
                    </span>
                    <span className="block break-all text-xs text-muted md:hidden">{o.name ?? o.email}</span>
                  </td>
                  <td className={`${cell} hidden md:table-cell`}>
                    <span className="block text-ink">{o.name ?? "—"}</span>
                    <span className="block break-all text-xs text-muted">{o.email}</span>
                  </td>
                  <td className={cell}>
                    <OrderBadge status={o.status} />
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>
                    {formatMoney(o.totalCents)}
                    {o.refundedCents > 0 ? (
                      <span className="block text-xs text-muted">
                        {formatMoney(o.refundedCents)} refunded
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {list.pages > 1 ? (
        <nav aria-label="Pages of orders" className="mt-4 flex items-center justify-between gap-3">
          {list.page > 1 ? (
            <Button asChild variant="secondary" size="md">
              <Link to={pageLink(list.page - 1)}>Newer orders</Link>
            </Button>
          ) : (
            <span />
          )}
          {list.page < list.pages ? (
            <Button asChild variant="secondary" size="md">
              <Link to={pageLink(list.page + 1)}>Older orders</Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
