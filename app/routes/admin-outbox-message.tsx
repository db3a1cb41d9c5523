import { Link } from "react-router";
import { channelName, OutboxStatus } from "../components/admin/outbox-status.tsx";
import { formatDateTime } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-outbox-message";

export { headers, loader } from "./admin-outbox-message.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.message.subject ?? "Message"} | MANA dashboard` },
  { name: "robots", content: "noindex" },
];

/**
 * One message as the shop sent it, in its plain-text part: React renders it as text, so nothing in it (a
 * name a customer typed, say) can run in the dashboard, and the HTML part is never put into the page.
 */
export default function AdminOutboxMessage({ loaderData }: Route.ComponentProps) {
  const m = loaderData.message;
  return (
    <article className="mt-6">
      <p className="text-sm">
        <Link to="/admin/outbox" className="font-semibold text-forest underline underline-offset-2">
          ← Outbox
        </Link>
      </p>
      <h1 className="mt-2 text-2xl break-words sm:text-3xl">
        {m.subject ?? `${channelName(m.channel)} message`}
      </h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">To</dt>
        <dd className="min-w-0 break-all">{m.to}</dd>
        <dt className="text-muted">Channel</dt>
        <dd>{channelName(m.channel)}</dd>
        <dt className="text-muted">Written</dt>
        <dd>{formatDateTime(m.createdAt)}</dd>
        <dt className="text-muted">Status</dt>
        <dd>
          <OutboxStatus status={m.status} />
        </dd>
      </dl>
      <section aria-label="Message text" className="mt-6 rounded-card bg-white p-4 shadow-card sm:p-6">
        <pre className="font-sans text-sm whitespace-pre-wrap break-words">{m.text}</pre>
        {m.hasHtml ? (
          <p className="mt-4 border-t border-sand-deep pt-3 text-xs text-muted">
            The e-mail also had an HTML part with the same words; the plain text is shown here.
          </p>
        ) : null}
      </section>
    </article>
  );
}
