import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { formatDate } from "../../lib/format-date.ts";
import { StackLeaveNote, useChangePreview } from "./change-preview.tsx";
import { CancelDialogForm } from "./pause-cancel-forms.tsx";
import { cancelRunsUntil, productLine } from "./subscription-text.ts";
import { useRunAction } from "./use-run-action.ts";

/**
 * Cancel, with an optional reason. An active subscription runs to the end of the period already paid for
 * (its next billing date); a paused or unpaid one ends at once.
 */
export function CancelForm({ sub, onDone }: { sub: SubscriptionView; onDone: () => void }) {
  const { run, error, pending } = useRunAction(sub, onDone);
  const runsOn = cancelRunsUntil(sub);
  // A stack's line: the server's prices for the stack's other lines once this one has left.
  const preview = useChangePreview(sub, "cancel", sub.bundleId ? {} : null);
  return (
    <CancelDialogForm
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
      reasonLabel="Why are you cancelling? (optional)"
      noReasonLabel="I'd rather not say"
      error={error}
      pending={pending}
      onConfirm={(reason) => run({ action: "cancel", body: { reason } })}
    >
      {preview.data ? <StackLeaveNote others={preview.data.others} /> : null}
    </CancelDialogForm>
  );
}
