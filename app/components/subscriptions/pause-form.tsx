import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { addMonths } from "../../../core/subscription-rules.ts";
import { formatDate } from "../../lib/format-date.ts";
import { PauseDialogForm } from "./pause-cancel-forms.tsx";
import { productLine } from "./subscription-text.ts";
import { useRunAction } from "./use-run-action.ts";

/** Pause for 1, 2 or 3 months (it resumes by itself, the next delivery moved on) or until resumed. */
export function PauseForm({ sub, onDone }: { sub: SubscriptionView; onDone: () => void }) {
  const { run, error, pending } = useRunAction(sub, onDone);
  const next = sub.nextBillingDate ? new Date(sub.nextBillingDate) : null;
  return (
    <PauseDialogForm
      title={`Pause ${productLine(sub)}?`}
      description={<p>Nothing ships and nothing is charged while it is paused.</p>}
      detail={(m) => (next ? `Starts again on ${formatDate(addMonths(next, m))}` : undefined)}
      untilLabel="Until I resume"
      untilDetail="Starts again when you resume it here"
      error={error}
      pending={pending}
      onConfirm={(months) => run({ action: "pause", body: { months } })}
    />
  );
}
