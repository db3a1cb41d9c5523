import { useId, useState } from "react";
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { CANCEL_REASONS } from "../../../core/subscription-rules.ts";
import { formatDate } from "../../lib/format-date.ts";
import { ActionForm } from "../ui/action-dialog.tsx";
import { inputClass } from "../ui/field.tsx";
import { StackLeaveNote, useChangePreview } from "./change-preview.tsx";
import { cancelRunsUntil, productLine } from "./subscription-text.ts";
import { useRunAction } from "./use-run-action.ts";

type Reason = (typeof CANCEL_REASONS)[number];

/**
 * Cancel, with an optional reason. An active subscription runs to the end of the period already paid for
 * (its next billing date); a paused or unpaid one ends at once.
 */
export function CancelForm({ sub, onDone }: { sub: SubscriptionView; onDone: () => void }) {
  const { run, error, pending } = useRunAction(sub, onDone);
  const [reason, setReason] = useState<Reason | "">("");
  const id = useId();
  const runsOn = cancelRunsUntil(sub);
  // A stack's line: the server's prices for the stack's other lines once this one has left.
  const preview = useChangePreview(sub, "cancel", sub.bundleId ? {} : null);
  return (
    <ActionForm
      title={`Cancel ${productLine(sub)}?`}
      description={
        runsOn ? (
          <p>
            It ends at the end of the period you have paid for, on{" "}
            <strong className="text-ink">{formatDate(runsOn)}</strong>. Nothing is charged after that.
          </p>
        ) : (
          <p>It ends today. Nothing more ships or is charged.</p>
        )
      }
      error={error}
      keepLabel="Keep subscription"
      confirmLabel="Cancel subscription"
      pendingText="Cancelling..."
      pending={pending}
      destructive
      onConfirm={() => run({ action: "cancel", body: { reason: reason || null } })}
    >
      {preview.data ? <StackLeaveNote others={preview.data.others} /> : null}
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          Why are you cancelling? (optional)
        </label>
        <select
          id={id}
          value={reason}
          onChange={(e) => setReason(e.target.value as Reason | "")}
          className={inputClass}
        >
          <option value="">I'd rather not say</option>
          {CANCEL_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
    </ActionForm>
  );
}
