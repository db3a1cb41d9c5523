import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { addMonths } from "../../../core/subscription-rules.ts";
import { formatDate } from "../../lib/format-date.ts";
import { ActionForm } from "../ui/action-dialog.tsx";
import { productLine } from "./subscription-text.ts";
import { useRunAction } from "./use-run-action.ts";

/** Resume a paused subscription: deliveries and charges start again. */
export function ResumeForm({ sub, onDone }: { sub: SubscriptionView; onDone: () => void }) {
  const { run, error, pending } = useRunAction(sub, onDone);
  return (
    <ActionForm
      title={`Resume ${productLine(sub)}?`}
      description={
        <p>
          {sub.pausedUntil
            ? `Deliveries start again. The next one is charged on ${formatDate(sub.pausedUntil)}.`
            : "Deliveries start again on your usual billing date, or tomorrow if that date has passed."}
        </p>
      }
      error={error}
      keepLabel="Keep paused"
      confirmLabel="Resume subscription"
      pendingText="Resuming..."
      pending={pending}
      onConfirm={() => run({ action: "resume", body: {} })}
    />
  );
}

/** Skip the next delivery: it is not charged, and the one after comes a full interval later. */
export function SkipForm({ sub, onDone }: { sub: SubscriptionView; onDone: () => void }) {
  const { run, error, pending } = useRunAction(sub, onDone);
  const next = sub.nextBillingDate ? new Date(sub.nextBillingDate) : null;
  return (
    <ActionForm
      title="Skip the next delivery?"
      description={
        next ? (
          <>
            <p>
              The {productLine(sub)} delivery of {formatDate(next)} is skipped and not charged.
            </p>
            <p>The one after comes on {formatDate(addMonths(next, sub.intervalMonths))}.</p>
          </>
        ) : (
          <p>The next delivery is skipped and not charged.</p>
        )
      }
      error={error}
      keepLabel="Keep delivery"
      confirmLabel="Skip delivery"
      pendingText="Skipping..."
      pending={pending}
      onConfirm={() => run({ action: "skip", body: {} })}
    />
  );
}
