import { useId } from "react";
import { Link } from "react-router";
import {
  OWNER_NOTE_MAX,
  REACTION_STATUS_LABELS,
  REACTION_STATUSES,
  type ReactionStatus,
} from "../../core/reaction-report.ts";
import { AuditList } from "../components/admin/audit-list.tsx";
import { ReactionStatusBadge } from "../components/admin/reaction-status-badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { inputClass } from "../components/ui/field.tsx";
import { useFormAction } from "../hooks/use-form-action.ts";
import { formatDateTime } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-reaction";

export { action, headers, loader } from "./admin-reaction.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Reaction report | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

const word = (s: unknown) =>
  typeof s === "string" && s in REACTION_STATUS_LABELS ? REACTION_STATUS_LABELS[s as ReactionStatus] : "";

/** One report of a reaction: what happened, who reported it, its status and the owner's note, its history. */
export default function AdminReaction({ loaderData }: Route.ComponentProps) {
  const { report: r, audit, may } = loaderData;
  const { fetcher, errors, pending } = useFormAction("change");
  const statusId = useId();
  const noteId = useId();
  return (
    <section className="mt-6 grid gap-6">
      <p>
        <Link
          to="/admin/reactions"
          className="text-sm font-semibold text-forest underline underline-offset-2"
        >
          All reports
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl sm:text-4xl">Reaction to {r.productName ?? "a product"}</h1>
        <ReactionStatusBadge status={r.status} />
      </div>
      <dl className="grid gap-3 rounded-card bg-white p-5 shadow-card sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold">Received</dt>
        <dd>{formatDateTime(r.createdAt)}</dd>
        <dt className="font-semibold">Product</dt>
        <dd>{r.productName ?? "Not named"}</dd>
        <dt className="font-semibold">Order</dt>
        <dd>
          {r.orderNumber ? (
            <Link to={`/admin/orders/${r.orderNumber}`} className="font-semibold text-forest underline">
              {r.orderNumber}
            </Link>
          ) : (
            "None given"
          )}
        </dd>
        <dt className="font-semibold">From</dt>
        <dd className="break-words">
          {r.name} ·{" "}
          <a href={`mailto:${r.email}`} className="text-forest underline">
            {r.email}
          </a>
          {r.phone ? ` · ${r.phone}` : ""}
          {r.userId ? " · signed in" : " · as a guest"}
        </dd>
        <dt className="font-semibold">What happened</dt>
        <dd className="whitespace-pre-line">{r.description}</dd>
      </dl>

      {may.handle ? (
        <fetcher.Form method="post" className="grid max-w-xl gap-4 rounded-card bg-sand p-5">
          <h2 className="text-xl">Handle the report</h2>
          <input type="hidden" name="intent" value="change" />
          <div className="grid gap-1.5">
            <label htmlFor={statusId} className="text-sm font-medium">
              Status
            </label>
            <select id={statusId} name="status" defaultValue={r.status} className={inputClass}>
              {REACTION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {REACTION_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={noteId} className="text-sm font-medium">
              Owner's note
            </label>
            <textarea
              id={noteId}
              name="ownerNote"
              rows={4}
              maxLength={OWNER_NOTE_MAX}
              defaultValue={r.ownerNote ?? ""}
              aria-describedby={errors?.ownerNote ? `${noteId}-error` : undefined}
              className={`${inputClass} py-2`}
            />
            {errors?.ownerNote ? (
              <p id={`${noteId}-error`} className="text-sm text-danger">
                {errors.ownerNote}
              </p>
            ) : null}
          </div>
          {errors?.form || errors?.status ? (
            <p role="alert" className="text-sm text-danger">
              {errors.form ?? errors.status}
            </p>
          ) : null}
          <Button
            type="submit"
            size="sm"
            pending={pending}
            pendingText="Saving…"
            className="justify-self-start"
          >
            Save
          </Button>
        </fetcher.Form>
      ) : r.ownerNote ? (
        <p className="whitespace-pre-line">
          <span className="font-semibold">Owner's note:</span> {r.ownerNote}
        </p>
      ) : null}

      <div>
        <h2 className="text-xl">History</h2>
        <AuditList
          entries={audit}
          empty="Nobody has changed this report yet."
          wordChange={(a) => {
            const before = a.before ?? {};
            const after = a.after ?? {};
            const parts: string[] = [];
            if (before.status !== after.status)
              parts.push(`Status: ${word(before.status)} → ${word(after.status)}`);
            if (before.ownerNote !== after.ownerNote) parts.push("Note changed");
            return parts.join(" · ") || "Saved";
          }}
        />
      </div>
    </section>
  );
}
