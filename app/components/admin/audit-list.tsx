import type { AdminAuditView } from "../../../core/contracts/admin-products.ts";
import { formatDateTime } from "../../lib/format-date.ts";

/**
 * What the dashboard's people changed on one product, order or subscription, newest first: when and who on
 * one line, what on the next (`wordChange` words the change for its kind of record).
 */
export function AuditList({
  entries,
  wordChange,
  empty,
}: {
  entries: AdminAuditView[];
  wordChange: (entry: AdminAuditView) => string;
  /** Said when nobody has changed it yet. */
  empty: string;
}) {
  if (entries.length === 0) return <p className="mt-2 text-sm text-muted">{empty}</p>;
  return (
    <ol className="mt-2 grid gap-2 text-sm">
      {entries.map((a) => (
        <li key={a.id} className="rounded-xl bg-sand p-3">
          <p className="font-medium break-all">
            <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time> · {a.actor}
          </p>
          <p className="mt-1 text-muted">{wordChange(a)}</p>
        </li>
      ))}
    </ol>
  );
}
