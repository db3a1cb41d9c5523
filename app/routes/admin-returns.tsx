import { Link } from "react-router";
import { RETURN_STATUSES } from "../../core/contracts/returns.ts";
import { formatMoney } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { ListTable, listCell, listLink } from "../components/admin/list-table.tsx";
import {
  ageWords,
  keepWords,
  RETURN_STATUS_WORDS,
  ReturnStatusBadge,
  reasonWords,
} from "../components/admin/return-words.tsx";
import { Button } from "../components/ui/button.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-returns";

export { headers, loader } from "./admin-returns.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Returns | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

/** The filters: the open returns (requested, approved, received) first, then each status, then all. */
type Tab = { status: string; param: string | null; label: string };
const OPEN: Tab = { status: "open", param: null, label: "Open" };
const TABS: Tab[] = [
  OPEN,
  ...RETURN_STATUSES.map((s) => ({ status: s, param: s, label: RETURN_STATUS_WORDS[s] })),
  { status: "", param: "all", label: "All" },
];

function queueHref(param: string | null, page = 1): string {
  const params = new URLSearchParams();
  if (param) params.set("status", param);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/returns?${search}` : "/admin/returns";
}

const EMPTY: Record<string, string> = {
  open: "No open returns. Claims customers make from their orders appear here.",
  "": "No returns yet. Claims customers make from their orders appear here.",
};

/** The returns queue (decision 055): newest first, filtered by status, a page per return. */
export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { query, list, problem, now } = loaderData;
  const tab = TABS.find((t) => t.status === query.status) ?? OPEN;
  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Returns</h1>
      <p className="mt-2 max-w-prose text-muted">
        Claims under the 60-day guarantee and withdrawals from EU and UK customers. Approve or decline each
        one, then refund it once it is back (or at once when the customer keeps the product). A withdrawal
        must be refunded within 14 days.
      </p>
      <nav aria-label="Returns by status" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((t) => (
            <li key={t.label}>
              <Link
                to={queueHref(t.param)}
                aria-current={tab === t ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${
                  tab === t ? "bg-forest text-cream" : "border border-forest/30 text-forest hover:bg-sand"
                }`}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {problem ? (
        <p role="alert" className="mt-4 rounded-xl border border-danger p-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <p className="mt-6 text-sm text-muted" aria-live="polite">
        {list.total === 0
          ? (EMPTY[query.status] ??
            `No ${RETURN_STATUS_WORDS[query.status as "requested"].toLowerCase()} returns.`)
          : `${list.total} ${list.total === 1 ? "return" : "returns"}${tab.status === "" ? "" : ` ${tab.label.toLowerCase()}`}.`}
      </p>
      {list.returns.length > 0 ? (
        <ListTable
          caption={`${tab.label} returns, newest first`}
          columns={[
            { label: "Return", className: "w-[48%] sm:w-[26%]" },
            { label: "Customer", className: "hidden md:table-cell" },
            { label: "Reason", className: "hidden sm:table-cell sm:w-[24%]" },
            { label: "Status", className: "w-[26%] sm:w-[15%]" },
            { label: "Amount", className: "w-[26%] text-right sm:w-[14%]" },
          ]}
        >
          {list.returns.map((r) => (
            <tr key={r.id}>
              <td className={`${listCell} break-words`}>
                <Link to={`/admin/returns/${r.id}`} className={listLink}>
                  {r.number}
                </Link>
                <span className="block text-xs text-muted">
                  Order{" "}
                  <Link to={`/admin/orders/${r.orderNumber}`} className="text-forest underline">
                    {r.orderNumber}
                  </Link>
                </span>
                {r.kind === "withdrawal" ? (
                  <span className="mt-1 block text-xs font-semibold text-danger">Withdrawal · 14 days</span>
                ) : null}
                <span className="block break-all text-xs text-muted md:hidden">
                  {r.customerName ?? r.email}
                </span>
                <span className="block text-xs text-muted sm:hidden">
                  {reasonWords(r)} · {keepWords(r)}
                </span>
              </td>
              <td className={`${listCell} hidden break-words md:table-cell`}>
                <span className="block text-ink">{r.customerName ?? "—"}</span>
                <span className="block break-all text-xs text-muted">{r.email}</span>
              </td>
              <td className={`${listCell} hidden sm:table-cell`}>
                {reasonWords(r)}
                <span className="block text-xs text-muted">{keepWords(r)}</span>
              </td>
              <td className={listCell}>
                <ReturnStatusBadge status={r.status} />
                <span className="mt-1 block text-xs text-muted" title={formatDate(r.createdAt)}>
                  {ageWords(r.createdAt, now)}
                </span>
              </td>
              <td className={`${listCell} text-right tabular-nums`}>
                {formatMoney(r.refundCents, storedCurrency(r.currency))}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {list.pages > 1 ? (
        <nav aria-label="Pages of returns" className="mt-4 flex flex-wrap items-center justify-between gap-3">
          {list.page > 1 ? (
            <Button asChild variant="secondary" size="md">
              <Link to={queueHref(tab.param, list.page - 1)} rel="prev">
                Previous page
              </Link>
            </Button>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted">
            Page {list.page} of {list.pages}
          </span>
          {list.page < list.pages ? (
            <Button asChild variant="secondary" size="md">
              <Link to={queueHref(tab.param, list.page + 1)} rel="next">
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
