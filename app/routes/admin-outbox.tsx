import { Link } from "react-router";
import { OUTBOX_CHANNELS, OUTBOX_STATUSES } from "../../core/contracts/admin-outbox.ts";
import { ListPager, ListSummary } from "../components/admin/list-pager.tsx";
import { ListSearch, ListSelect } from "../components/admin/list-search.tsx";
import { listCell as cell, ListTable, listLink } from "../components/admin/list-table.tsx";
import { channelName, OutboxStatus } from "../components/admin/outbox-status.tsx";
import { formatDateTime } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-outbox";

export { headers, loader } from "./admin-outbox.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Outbox | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

/** Every e-mail and SMS the shop sent or stored, newest first: filters, search by recipient, pages. */
export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { query, list, problem } = loaderData;
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
        <ListSelect
          id="outbox-channel"
          name="channel"
          label="Channel"
          value={query.channel}
          any="E-mail and SMS"
          options={OUTBOX_CHANNELS}
          text={channelName}
        />
        <ListSelect
          id="outbox-status"
          name="status"
          label="Status"
          value={query.status}
          any="Any status"
          options={OUTBOX_STATUSES}
        />
      </ListSearch>

      <ListSummary
        total={list.total}
        noun={["message", "messages"]}
        empty="The shop has not sent any message yet."
        path="/admin/outbox"
        query={query}
      />

      {list.messages.length > 0 ? (
        <ListTable
          caption="Messages, newest first"
          columns={[
            { label: "Message", className: "w-[62%] sm:w-auto" },
            { label: "To", className: "hidden md:table-cell" },
            { label: "Sent", className: "hidden sm:table-cell" },
            { label: "Status" },
          ]}
        >
          {list.messages.map((m) => (
            <tr key={m.id}>
              <td className={cell}>
                <Link to={`/admin/outbox/${m.id}`} className={`${listLink} break-words`}>
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
        </ListTable>
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
