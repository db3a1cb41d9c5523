import { Link } from "react-router";
import { formatMoney } from "../../core/money.ts";
import { ORDER_STATUSES } from "../../core/order-status.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { ListPager, ListSummary } from "../components/admin/list-pager.tsx";
import { ListDate, ListSearch, ListSelect } from "../components/admin/list-search.tsx";
import { listLink } from "../components/admin/list-table.tsx";
import { OrderBadge } from "../components/orders/order-details.tsx";
import { Button } from "../components/ui/button.tsx";
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
  const { query, list, problem, mayExport } = loaderData;
  // The file holds the orders the search and filters name, with each order's taxes (server/admin/orders-csv.ts).
  const exportQuery = new URLSearchParams(
    Object.entries({ q: query.q, status: query.status, from: query.from, to: query.to }).filter(([, v]) => v),
  ).toString();
  return (
    <section className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl sm:text-4xl">Orders</h1>
        <div className="flex flex-wrap items-center gap-3">
          {mayExport ? (
            <a
              href={`/api/admin/orders/export.csv${exportQuery ? `?${exportQuery}` : ""}`}
              download
              className="inline-flex min-h-11 items-center font-semibold text-forest underline underline-offset-2"
            >
              Download these orders (CSV)
            </a>
          ) : null}
          <Button asChild variant="secondary" size="md">
            <Link to="/admin/orders/ship">Ship from a CSV file</Link>
          </Button>
        </div>
      </div>

      <ListSearch
        id="orders-q"
        label="Search"
        name="Orders"
        placeholder="Order number, e-mail or name"
        value={query.q}
        submit="Show orders"
        problem={problem}
      >
        <ListSelect
          id="orders-status"
          name="status"
          label="Status"
          value={query.status}
          any="Any status"
          options={ORDER_STATUSES}
        />
        <ListDate id="orders-from" name="from" label="Placed from" value={query.from} />
        <ListDate id="orders-to" name="to" label="Placed to" value={query.to} />
      </ListSearch>

      <ListSummary
        total={list.total}
        noun={["order", "orders"]}
        empty="No orders yet. They appear here as soon as a customer checks out."
        path="/admin/orders"
        query={query}
      />

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
                    <Link to={`/admin/orders/${o.orderNumber}`} className={listLink}>
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
                    {formatMoney(o.totalCents, storedCurrency(o.currency))}
                    {o.refundedCents > 0 ? (
                      <span className="block text-xs text-muted">
                        {formatMoney(o.refundedCents, storedCurrency(o.currency))} refunded
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <ListPager
        label="Pages of orders"
        path="/admin/orders"
        query={query}
        page={list.page}
        pages={list.pages}
      />
    </section>
  );
}
