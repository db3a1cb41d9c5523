import { Link } from "react-router";
import { spentWords } from "../../core/contracts/admin-customers.ts";
import { ListPager, ListSummary } from "../components/admin/list-pager.tsx";
import { ListSearch } from "../components/admin/list-search.tsx";
import { listCell as cell, ListTable, listLink } from "../components/admin/list-table.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-customers";

export { headers, loader } from "./admin-customers.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Customers | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

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
        empty="No accounts yet. Customers appear here when they create an account."
        path="/admin/customers"
        query={query}
      />

      {list.customers.length > 0 ? (
        <ListTable
          caption="Customers, newest first"
          columns={[
            { label: "Customer", className: "w-[55%] sm:w-auto" },
            { label: "Joined", className: "hidden md:table-cell" },
            { label: "Orders", className: "text-right" },
            { label: "Spent", className: "text-right" },
          ]}
        >
          {list.customers.map((c) => (
            <tr key={c.id}>
              <td className={cell}>
                <Link to={`/admin/customers/${encodeURIComponent(c.id)}`} className={`${listLink} break-all`}>
                  {c.name || c.email}
                </Link>
                <span className="block text-xs break-all text-muted">{c.email}</span>
                <span className="block text-xs text-muted md:hidden">Joined {formatDate(c.joinedAt)}</span>
              </td>
              <td className={`${cell} hidden md:table-cell`}>{formatDate(c.joinedAt)}</td>
              <td className={`${cell} text-right tabular-nums`}>{c.orderCount}</td>
              <td className={`${cell} text-right tabular-nums`}>{spentWords(c.spent)}</td>
            </tr>
          ))}
        </ListTable>
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
