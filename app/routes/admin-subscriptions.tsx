import { Link } from "react-router";
import { formatMoney } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { SUBSCRIPTION_STATUSES } from "../../core/subscription-rules.ts";
import { ListPager, ListSummary } from "../components/admin/list-pager.tsx";
import { ListSearch, ListSelect } from "../components/admin/list-search.tsx";
import { listCell as cell, ListTable, listLink } from "../components/admin/list-table.tsx";
import { RenewalConsentsDownload } from "../components/admin/renewal-consents-download.tsx";
import { everyMonths, statusLabel } from "../components/subscriptions/subscription-text.ts";
import { StatusBadge } from "../components/ui/status-badge.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-subscriptions";

export { headers, loader } from "./admin-subscriptions.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Subscriptions | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

/** Every subscription, newest first: filtered by status, searched by the customer's e-mail or the product. */
export default function AdminSubscriptions({ loaderData }: Route.ComponentProps) {
  const { query, list, problem } = loaderData;
  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Subscriptions</h1>
      <p className="mt-2 max-w-prose text-muted">
        Open one to pause, resume or cancel it for the customer: they get the same e-mail as when they do it
        themselves.
      </p>

      <ListSearch
        id="subscriptions-q"
        label="Customer e-mail or product"
        name="Subscriptions"
        value={query.q}
        submit="Search"
        problem={problem}
      >
        <ListSelect
          id="subscriptions-status"
          name="status"
          label="Status"
          value={query.status}
          any="All"
          options={SUBSCRIPTION_STATUSES}
          text={statusLabel}
        />
      </ListSearch>

      <ListSummary
        total={list.total}
        noun={["subscription", "subscriptions"]}
        empty="No subscriptions yet. A subscription starts when a customer checks out with “Subscribe” chosen."
        path="/admin/subscriptions"
        query={query}
      />

      {list.subscriptions.length > 0 ? (
        // At phone width the table keeps the subscription, its status and next billing; the rest is on its page.
        <ListTable
          caption="Subscriptions, newest first"
          layout="table-fixed sm:table-auto"
          columns={[
            { label: "Subscription", className: "w-[48%] sm:w-auto" },
            { label: "Status" },
            { label: "Amount", className: "hidden text-right sm:table-cell" },
            { label: "Next billing" },
            { label: "Started", className: "hidden md:table-cell" },
          ]}
        >
          {list.subscriptions.map((s) => (
            <tr key={s.id} className="align-top">
              <th scope="row" className={`${cell} font-normal`}>
                <Link to={`/admin/subscriptions/${s.id}`} className={listLink}>
                  {s.quantity > 1 ? `${s.quantity}x ${s.productName}` : s.productName}
                </Link>
                <span className="mt-0.5 block break-all text-muted">{s.email}</span>
              </th>
              <td className={cell}>
                <StatusBadge status={s.status} label={statusLabel(s.status)} />
              </td>
              <td className={`${cell} hidden text-right tabular-nums sm:table-cell`}>
                {formatMoney(s.amountCents, storedCurrency(s.currency))}
                <span className="block text-muted">{everyMonths(s.intervalMonths)}</span>
              </td>
              <td className={cell}>{s.nextBillingDate ? formatDate(s.nextBillingDate) : "—"}</td>
              <td className={`${cell} hidden md:table-cell`}>{formatDate(s.createdAt)}</td>
            </tr>
          ))}
        </ListTable>
      ) : null}

      <ListPager
        label="Pages of subscriptions"
        path="/admin/subscriptions"
        query={query}
        page={list.page}
        pages={list.pages}
      />

      <RenewalConsentsDownload />
    </section>
  );
}
