import { Link } from "react-router";
import { REACTION_STATUS_LABELS, REACTION_STATUSES } from "../../core/reaction-report.ts";
import { ListPager } from "../components/admin/list-pager.tsx";
import { ListTable, listCell, listLink } from "../components/admin/list-table.tsx";
import { ReactionStatusBadge } from "../components/admin/reaction-status-badge.tsx";
import { formatDateTime } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-reactions";

export { headers, loader } from "./admin-reactions.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Reactions | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

const TABS = [
  { status: undefined, label: "All" },
  ...REACTION_STATUSES.map((s) => ({ status: s, label: REACTION_STATUS_LABELS[s] })),
];

/** Reports of reactions to a product, newest first, each with its status; a page per report. */
export default function AdminReactions({ loaderData }: Route.ComponentProps) {
  const { query, list, problem, ownerEmail } = loaderData;
  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Reactions</h1>
      <p className="mt-2 max-w-prose text-muted">
        Reports of reactions to a product, from the form on the shop and from reviews. Read a new one the day
        it comes: a serious adverse event goes to the FDA within 15 business days. Reports are kept six years
        and cannot be deleted (decision 044).
      </p>
      {ownerEmail ? null : (
        <p
          role="status"
          className="mt-3 max-w-prose rounded-card bg-status-yellow p-3 text-sm text-status-yellow-ink"
        >
          No shop address is configured (SUPPORT_EMAIL), so new reports are not e-mailed to anyone: check this
          page.
        </p>
      )}
      <nav aria-label="Reports by status" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((t) => (
            <li key={t.label}>
              <Link
                to={t.status ? `/admin/reactions?status=${t.status}` : "/admin/reactions"}
                aria-current={query.status === t.status ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${
                  query.status === t.status
                    ? "bg-forest text-cream"
                    : "border border-forest/30 text-forest hover:bg-sand"
                }`}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      {list.reports.length === 0 ? (
        <p className="mt-6 text-muted">
          No report {query.status ? `is ${REACTION_STATUS_LABELS[query.status].toLowerCase()}` : "yet"}.
        </p>
      ) : (
        <div className="mt-6">
          <ListTable
            caption="Reports of reactions, newest first"
            columns={[
              { label: "Received", className: "w-[30%] sm:w-[22%]" },
              { label: "Product", className: "w-[35%] sm:w-[24%]" },
              { label: "From", className: "hidden sm:table-cell" },
              { label: "Status", className: "w-[35%] sm:w-[16%]" },
            ]}
          >
            {list.reports.map((r) => (
              <tr key={r.id} className="border-b border-sand-deep/60 last:border-0">
                <td className={listCell}>
                  <Link to={`/admin/reactions/${r.id}`} className={listLink}>
                    {formatDateTime(r.createdAt)}
                  </Link>
                </td>
                <td className={`${listCell} break-words`}>{r.productName ?? "Not named"}</td>
                <td className={`${listCell} hidden break-words sm:table-cell`}>
                  {r.name}
                  <span className="block text-muted">{r.email}</span>
                </td>
                <td className={listCell}>
                  <ReactionStatusBadge status={r.status} />
                </td>
              </tr>
            ))}
          </ListTable>
        </div>
      )}
      <ListPager
        label="Pages of reports"
        path="/admin/reactions"
        query={{ status: query.status ?? "" }}
        page={list.page}
        pages={list.pages}
      />
    </section>
  );
}
