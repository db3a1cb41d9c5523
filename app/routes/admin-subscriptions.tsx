import { useId } from "react";
import { Form, Link } from "react-router";
import { formatMoney } from "../../core/money.ts";
import { SUBSCRIPTION_STATUSES } from "../../core/subscription-rules.ts";
import { SubscriptionStatusBadge } from "../components/admin/subscription-status-badge.tsx";
import { everyMonths, statusLabel } from "../components/subscriptions/subscription-text.ts";
import { Button } from "../components/ui/button.tsx";
import { inputClass } from "../components/ui/field.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-subscriptions";

export { headers, loader } from "./admin-subscriptions.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Subscriptions | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

const linkClass = "font-medium text-forest underline underline-offset-2";

/** Every subscription, newest first: filtered by status, searched by the customer's e-mail or the product. */
export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { subscriptions, total, page, pages, query } = loaderData;
  const id = useId();
  const pageLink = (n: number) => {
    const params = new URLSearchParams();
    if (query.status !== "all") params.set("status", query.status);
    if (query.q) params.set("q", query.q);
    if (n > 1) params.set("page", String(n));
    const text = params.toString();
    return text ? `/admin/subscriptions?${text}` : "/admin/subscriptions";
  };
  const filtered = query.q !== "" || query.status !== "all";
  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Subscriptions</h1>
      <p className="mt-2 max-w-prose text-muted">
        Open one to pause, resume or cancel it for the customer: they get the same e-mail as when they do it
        themselves.
      </p>

      {/* A plain GET form: the filter and the search are in the address, and work without JavaScript. */}
      <Form
        method="get"
        action="/admin/subscriptions"
        role="search"
        aria-label="Subscriptions"
        className="mt-6 grid gap-3 rounded-card bg-white p-4 shadow-card sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      >
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-status`} className="text-sm font-medium text-ink">
            Status
          </label>
          <select id={`${id}-status`} name="status" defaultValue={query.status} className={inputClass}>
            <option value="all">All</option>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-ink">
            Customer e-mail or product
          </label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={100}
            className={inputClass}
          />
        </div>
        <Button type="submit" size="md-wide">
          Search
        </Button>
      </Form>

      <p className="mt-6 text-sm text-muted" aria-live="polite">
        {total === 1 ? "1 subscription" : `${total} subscriptions`}
        {filtered ? " match" : ""}
        {pages > 1 ? ` · page ${page} of ${pages}` : ""}
      </p>

      {subscriptions.length === 0 ? (
        <div className="mt-3 rounded-card bg-white p-6 shadow-card">
          <p className="font-semibold">{filtered ? "No subscriptions match." : "No subscriptions yet."}</p>
          <p className="mt-1 text-sm text-muted">
            {filtered ? (
              <Link to="/admin/subscriptions" className={linkClass}>
                Show every subscription
              </Link>
            ) : (
              "A subscription starts when a customer checks out with “Subscribe” chosen."
            )}
          </p>
        </div>
      ) : (
        // At phone width the table keeps the subscription, its status and next billing; the rest is on its page.
        <div className="mt-3 rounded-card bg-white shadow-card">
          <table className="w-full table-fixed text-left text-sm sm:table-auto">
            <caption className="sr-only">Subscriptions, newest first</caption>
            <thead className="border-b border-sand-deep">
              <tr>
                <th scope="col" className="w-[48%] px-2 py-3 font-semibold sm:w-auto sm:px-4">
                  Subscription
                </th>
                <th scope="col" className="px-2 py-3 font-semibold sm:px-4">
                  Status
                </th>
                <th scope="col" className="hidden px-2 py-3 text-right font-semibold sm:table-cell sm:px-4">
                  Amount
                </th>
                <th scope="col" className="px-2 py-3 font-semibold sm:px-4">
                  Next billing
                </th>
                <th scope="col" className="hidden px-2 py-3 font-semibold md:table-cell md:px-4">
                  Started
                </th>
              </tr>
            </thead>
            <tbody>
              {subscriptions.map((s) => (
                <tr key={s.id} className="border-b border-sand-deep align-top last:border-0">
                  <th scope="row" className="px-2 py-3 font-normal sm:px-4">
                    <Link to={`/admin/subscriptions/${s.id}`} className={linkClass}>
                      {s.quantity > 1 ? `${s.quantity}x ${s.productName}` : s.productName}
                    </Link>
                    <span className="mt-0.5 block break-all text-muted">{s.email}</span>
                  </th>
                  <td className="px-2 py-3 sm:px-4">
                    <SubscriptionStatusBadge status={s.status} />
                  </td>
                  <td className="hidden px-2 py-3 text-right tabular-nums sm:table-cell sm:px-4">
                    {formatMoney(s.amountCents)}
                    <span className="block text-muted">{everyMonths(s.intervalMonths)}</span>
                  </td>
                  <td className="px-2 py-3 sm:px-4">
                    {s.nextBillingDate ? formatDate(s.nextBillingDate) : "—"}
                  </td>
                  <td className="hidden px-2 py-3 md:table-cell md:px-4">{formatDate(s.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Button asChild variant="outline" size="sm-wide">
              <Link to={pageLink(page - 1)} rel="prev">
                Previous page
              </Link>
            </Button>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Button asChild variant="outline" size="sm-wide">
              <Link to={pageLink(page + 1)} rel="next">
                Next page
              </Link>
            </Button>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
