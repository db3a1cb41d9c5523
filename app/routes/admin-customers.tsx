import { Link } from "react-router";
import { formatMoney } from "../../core/money.ts";
import { ListPager, ListSummary } from "../components/admin/list-pager.tsx";
import { ListSearch } from "../components/admin/list-search.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-customers";

export { headers, loader } from "./admin-customers.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Customers | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

const cell = "px-2 py-3 sm:px-4";

/** Every account, newest first: search by e-mail or name, pages, and the CSV of all of them. */
export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { query, list, problem, mayExport } = loaderData;
  return (
    <section className="mt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl sm:text-4xl">Customers</h1>
        {mayExport ? (
          <a
            href="/api/admin/customers.csv"
            download
            className="inline-flex min-h-11 items-center font-semibold text-forest underline underline-offset-2"
          >
            Download all customers (CSV)
          </a>
        ) : null}
      </div>

      <ListSearch
        id="customers-q"
        label="Search customers"
        placeholder="E-mail or name"
        value={query.q}
        submit="Search"
        problem={problem}
      />

      <ListSummary
        total={list.total}
        noun={["customer", "customers"]}
        filtered={Boolean(query.q)}
        empty="No accounts yet. Customers appear here when they create an account."
        clearTo="/admin/customers"
      />

      {list.customers.length > 0 ? (
        <div className="mt-3 rounded-card bg-white shadow-card">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Customers, newest first</caption>
            <thead className="border-b border-sand-deep">
              <tr>
                <th scope="col" className={`${cell} w-[55%] font-semibold sm:w-auto`}>
                  Customer
                </th>
                <th scope="col" className={`${cell} hidden font-semibold md:table-cell`}>
                  Joined
                </th>
                <th scope="col" className={`${cell} text-right font-semibold`}>
                  Orders
                </th>
                <th scope="col" className={`${cell} text-right font-semibold`}>
                  Spent
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-deep">
              {list.customers.map((c) => (
                <tr key={c.id}>
                  <td className={cell}>
                    <Link
                      to={`/admin/customers/${encodeURIComponent(c.id)}`}
                      className="inline-flex min-h-6 font-semibold break-all text-forest underline underline-offset-2"
                    >
                      {c.name || c.email}
                    </Link>
                    <span className="block text-xs break-all text-muted">{c.email}</span>
                    <span className="block text-xs text-muted md:hidden">
                      Joined {formatDate(c.joinedAt)}
                    </span>
                  </td>
                  <td className={`${cell} hidden md:table-cell`}>{formatDate(c.joinedAt)}</td>
                  <td className={`${cell} text-right tabular-nums`}>{c.orderCount}</td>
                  <td className={`${cell} text-right tabular-nums`}>{formatMoney(c.spentCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <ListPager
        label="Pages of customers"
        path="/admin/customers"
        query={query}
        page={list.page}
        pages={list.pages}
      />
    </section>
  );
}
