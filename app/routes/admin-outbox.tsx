import { Link } from "react-router";
import { OUTBOX_CHANNELS, OUTBOX_STATUSES } from "../../core/contracts/admin-outbox.ts";
import { ListPager, ListSummary } from "../components/admin/list-pager.tsx";
import { ListSearch } from "../components/admin/list-search.tsx";
import { channelName, OutboxStatus } from "../components/admin/outbox-status.tsx";
import { inputClass } from "../components/ui/field.tsx";
import { formatDateTime } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-outbox";

export { headers, loader } from "./admin-outbox.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Outbox | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

const cell = "px-2 py-3 sm:px-4";
const capitalised = (s: string) => `${s[0]?.toUpperCase() ?? ""}${s.slice(1)}`;

/** Every e-mail and SMS the shop sent or stored, newest first: filters, search by recipient, pages. */
export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { query, list, problem } = loaderData;
  const filtered = Boolean(
    query.q || (query.channel && query.channel !== "all") || (query.status && query.status !== "all"),
  );
  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Outbox</h1>
      <p className="mt-2 max-w-prose text-muted">
        Every e-mail and text message the shop sent, or stored when no mail or SMS service is set. Sign-in
        links and codes are hidden here.
      </p>

      <ListSearch
        id="outbox-q"
        label="Search by recipient"
        placeholder="E-mail address or phone number"
        value={query.q}
        submit="Show messages"
        problem={problem}
      >
        <div className="grid gap-1.5 md:flex-[1_1_9rem]">
          <label htmlFor="outbox-channel" className="text-sm font-medium text-ink">
            Channel
          </label>
          <select
            id="outbox-channel"
            name="channel"
            defaultValue={query.channel || "all"}
            className={inputClass}
          >
            <option value="all">E-mail and SMS</option>
            {OUTBOX_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {channelName(c)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5 md:flex-[1_1_9rem]">
          <label htmlFor="outbox-status" className="text-sm font-medium text-ink">
            Status
          </label>
          <select
            id="outbox-status"
            name="status"
            defaultValue={query.status || "all"}
            className={inputClass}
          >
            <option value="all">Any status</option>
            {OUTBOX_STATUSES.map((s) => (
              <option key={s} value={s}>
                {capitalised(s)}
              </option>
            ))}
          </select>
        </div>
      </ListSearch>

      <ListSummary
        total={list.total}
        noun={["message", "messages"]}
        filtered={filtered}
        empty="The shop has not sent any message yet."
        clearTo="/admin/outbox"
      />

      {list.messages.length > 0 ? (
        <div className="mt-3 rounded-card bg-white shadow-card">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Messages, newest first</caption>
            <thead className="border-b border-sand-deep">
              <tr>
                <th scope="col" className={`${cell} w-[62%] font-semibold sm:w-auto`}>
                  Message
                </th>
                <th scope="col" className={`${cell} hidden font-semibold md:table-cell`}>
                  To
                </th>
                <th scope="col" className={`${cell} hidden font-semibold sm:table-cell`}>
                  Sent
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-deep">
              {list.messages.map((m) => (
                <tr key={m.id}>
                  <td className={cell}>
                    <Link
                      to={`/admin/outbox/${m.id}`}
                      className="inline-flex min-h-6 font-semibold break-words text-forest underline underline-offset-2"
                    >
                      {m.subject ?? `${channelName(m.channel)} to ${m.to}`}
                    </Link>
                    <span className="block text-xs text-muted">{channelName(m.channel)}</span>
                    <span className="block text-xs break-all text-muted md:hidden">{m.to}</span>
                    <span className="block text-xs text-muted sm:hidden">{formatDateTime(m.createdAt)}</span>
                  </td>
                  <td className={`${cell} hidden break-all md:table-cell`}>{m.to}</td>
                  <td className={`${cell} hidden sm:table-cell`}>{formatDateTime(m.createdAt)}</td>
                  <td className={cell}>
                    <OutboxStatus status={m.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <ListPager
        label="Pages of messages"
        path="/admin/outbox"
        query={query}
        page={list.page}
        pages={list.pages}
      />
    </section>
  );
}
