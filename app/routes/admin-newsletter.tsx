import { ListPager, ListSummary } from "../components/admin/list-pager.tsx";
import { ListSearch } from "../components/admin/list-search.tsx";
import { listCell as cell, ListTable } from "../components/admin/list-table.tsx";
import { Badge } from "../components/ui/status-badge.tsx";
import { formatDate, formatDateTime } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-newsletter";

export { headers, loader } from "./admin-newsletter.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

/** Newsletter sign-ups, newest first, with their consent: search by e-mail, pages and the CSV. */
export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { query, list, problem } = loaderData;
  return (
    <section className="mt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl sm:text-4xl">Newsletter</h1>
        <a
          href="/api/admin/newsletter.csv"
          download
          className="inline-flex min-h-11 items-center font-semibold text-forest underline underline-offset-2"
        >
          Download all subscribers (CSV)
        </a>
      </div>
      <p className="mt-2 max-w-prose text-muted">
        Everyone who signed up, with the time they gave consent. Someone who unsubscribed stays listed so the
        shop remembers not to write to them.
      </p>

      <ListSearch
        id="newsletter-q"
        label="Search subscribers"
        placeholder="E-mail"
        value={query.q}
        submit="Search"
        problem={problem}
      />

      <ListSummary
        total={list.total}
        noun={["subscriber", "subscribers"]}
        empty="No one has signed up for the newsletter yet."
        path="/admin/newsletter"
        query={query}
      />

      {list.subscribers.length > 0 ? (
        <ListTable
          caption="Newsletter subscribers, newest first"
          columns={[
            { label: "E-mail", className: "w-[58%] sm:w-auto" },
            { label: "Status" },
            { label: "Consent given", className: "hidden sm:table-cell" },
          ]}
        >
          {list.subscribers.map((s) => (
            <tr key={s.email}>
              <td className={`${cell} break-all`}>
                {s.email}
                <span className="block text-xs text-muted sm:hidden">
                  {s.consentAt ? `Consent ${formatDateTime(s.consentAt)}` : "No consent time recorded"}
                </span>
              </td>
              <td className={cell}>
                {s.status === "subscribed" ? (
                  <Badge tone="green">Subscribed</Badge>
                ) : (
                  <Badge tone="grey">Unsubscribed</Badge>
                )}
                {s.unsubscribedAt ? (
                  <span className="mt-1 block text-xs text-muted">{formatDate(s.unsubscribedAt)}</span>
                ) : null}
              </td>
              <td className={`${cell} hidden sm:table-cell`}>
                {s.consentAt ? formatDateTime(s.consentAt) : <span className="text-muted">Not recorded</span>}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}

      <ListPager
        label="Pages of subscribers"
        path="/admin/newsletter"
        query={query}
        page={list.page}
        pages={list.pages}
      />
    </section>
  );
}
