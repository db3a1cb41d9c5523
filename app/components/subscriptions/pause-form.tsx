import { useId, useState } from "react";
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { addMonths, PAUSE_MONTHS } from "../../../core/subscription-rules.ts";
import { formatDate } from "../../lib/format-date.ts";
import { ActionForm } from "../ui/action-dialog.tsx";
import { ChoiceGroup, ChoiceOption } from "./choice-option.tsx";
import { productLine } from "./subscription-text.ts";
import { useRunAction } from "./use-run-action.ts";

type PauseChoice = (typeof PAUSE_MONTHS)[number] | null;

/** Pause for 1, 2 or 3 months (it resumes by itself, the next delivery moved on) or until resumed. */
export function PauseForm({ sub, onDone }: { sub: SubscriptionView; onDone: () => void }) {
  const { run, error, pending } = useRunAction(sub, onDone);
  const [months, setMonths] = useState<PauseChoice>(1);
  const name = useId();
  const next = sub.nextBillingDate ? new Date(sub.nextBillingDate) : null;
  return (
    <ActionForm
      title={`Pause ${productLine(sub)}?`}
      description={<p>Nothing ships and nothing is charged while it is paused.</p>}
      error={error}
      confirmLabel="Pause subscription"
      pendingText="Pausing..."
      pending={pending}
      onConfirm={() => run({ action: "pause", body: { months } })}
    >
      <ChoiceGroup legend="Pause for">
        {PAUSE_MONTHS.map((m) => (
          <ChoiceOption
            key={m}
            name={name}
            checked={months === m}
            onChange={() => setMonths(m)}
            detail={next ? `Starts again on ${formatDate(addMonths(next, m))}` : undefined}
          >
            {m === 1 ? "1 month" : `${m} months`}
          </ChoiceOption>
        ))}
        <ChoiceOption
          name={name}
          checked={months === null}
          onChange={() => setMonths(null)}
          detail="Starts again when you resume it here"
        >
          Until I resume
        </ChoiceOption>
      </ChoiceGroup>
    </ActionForm>
  );
}
