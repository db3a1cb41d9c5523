import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type {
  AdminSubscriptionAction,
  AdminSubscriptionDetail,
} from "../../../core/contracts/admin-subscriptions.ts";
import { CANCEL_REASONS, PAUSE_MONTHS } from "../../../core/subscription-rules.ts";
import { toast } from "../../hooks/use-toast.ts";
import { apiRequest, readApiError } from "../../lib/api.ts";
import { formatDate } from "../../lib/format-date.ts";
import { useRefocusWhenGone } from "../../lib/return-focus.ts";
import { ChoiceGroup, ChoiceOption } from "../subscriptions/choice-option.tsx";
import { cancelRunsUntil } from "../subscriptions/subscription-text.ts";
import { ActionDialog, ActionForm } from "../ui/action-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { inputClass } from "../ui/field.tsx";

const LABELS: Record<AdminSubscriptionAction, string> = {
  pause: "Pause",
  resume: "Resume",
  cancel: "Cancel subscription",
};

const DONE: Record<AdminSubscriptionAction, string> = {
  pause: "Subscription paused",
  resume: "Subscription resumed",
  cancel: "Subscription cancelled",
};

const OFFLINE = "We couldn't reach the shop. Check your connection and try again.";

/**
 * The owner's buttons for a subscription (those its status allows), each confirmed in a dialog. The
 * dialog shows the server's refusal in place; after a change the page's data is read again before the
 * dialog closes, and focus goes back to the button that opened it, or to the first button there is now.
 */
export function SubscriptionActions({ sub }: { sub: AdminSubscriptionDetail }) {
  const [open, setOpen] = useState<AdminSubscriptionAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const openers = useRef<Partial<Record<AdminSubscriptionAction, HTMLButtonElement | null>>>({});
  const group = useRef<HTMLDivElement>(null);
  const lastOpened = useRef<AdminSubscriptionAction | null>(null);
  const revalidator = useRevalidator();
  useRefocusWhenGone(group, sub.actions.join());

  async function run(action: AdminSubscriptionAction, body: Record<string, unknown>) {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await apiRequest("POST", `/api/admin/subscriptions/${sub.id}/${action}`, body);
      await revalidator.revalidate();
      toast({ title: DONE[action], description: `${sub.email} gets an e-mail saying so.` });
      setOpen(null);
    } catch (err) {
      const failure = readApiError(err);
      // Changed elsewhere meanwhile: the page shows the truth behind the dialog.
      if (failure?.status === 409 || failure?.status === 404) void revalidator.revalidate();
      setError(failure ? (failure.message ?? "Something went wrong. Try again in a moment.") : OFFLINE);
    } finally {
      setPending(false);
    }
  }

  if (sub.actions.length === 0)
    return <p className="text-sm text-muted">A cancelled subscription has nothing left to change.</p>;

  return (
    <>
      <div ref={group} className="flex flex-wrap gap-3">
        {sub.actions.map((action) => (
          <Button
            key={action}
            ref={(el) => {
              openers.current[action] = el;
            }}
            variant={action === "cancel" ? "destructive" : "secondary"}
            className={action === "cancel" ? "border border-danger" : undefined}
            aria-haspopup="dialog"
            onClick={() => {
              lastOpened.current = action;
              setError(null);
              setOpen(action);
            }}
          >
            {LABELS[action]}
          </Button>
        ))}
      </div>
      <ActionDialog
        open={open !== null}
        onClose={() => {
          if (!pending) setOpen(null);
        }}
        opener={() => (lastOpened.current ? (openers.current[lastOpened.current] ?? null) : null)}
        fallback={() => group.current?.querySelector("button") ?? null}
      >
        {open === "pause" ? (
          <PauseForm
            sub={sub}
            error={error}
            pending={pending}
            onConfirm={(months) => run("pause", { months })}
          />
        ) : open === "resume" ? (
          <ActionForm
            title={`Resume ${sub.productName} for ${sub.email}?`}
            description={
              <p>
                Deliveries and charges start again on the date planned, or tomorrow if that date has passed.
                The customer gets an e-mail saying so.
              </p>
            }
            error={error}
            confirmLabel="Resume subscription"
            pendingText="Resuming..."
            pending={pending}
            onConfirm={() => run("resume", {})}
          />
        ) : open === "cancel" ? (
          <CancelForm
            sub={sub}
            error={error}
            pending={pending}
            onConfirm={(reason) => run("cancel", { reason })}
          />
        ) : null}
      </ActionDialog>
    </>
  );
}

type PauseChoice = (typeof PAUSE_MONTHS)[number] | null;

function PauseForm({
  sub,
  error,
  pending,
  onConfirm,
}: {
  sub: AdminSubscriptionDetail;
  error: string | null;
  pending: boolean;
  onConfirm: (months: PauseChoice) => void;
}) {
  const [months, setMonths] = useState<PauseChoice>(1);
  const name = useId();
  return (
    <ActionForm
      title={`Pause ${sub.productName} for ${sub.email}?`}
      description={
        <p>Nothing ships and nothing is charged while it is paused. The customer gets an e-mail saying so.</p>
      }
      error={error}
      confirmLabel="Pause subscription"
      pendingText="Pausing..."
      pending={pending}
      onConfirm={() => onConfirm(months)}
    >
      <ChoiceGroup legend="Pause for">
        {PAUSE_MONTHS.map((m) => (
          <ChoiceOption
            key={m}
            name={name}
            checked={months === m}
            onChange={() => setMonths(m)}
            detail="Then it starts again by itself"
          >
            {m === 1 ? "1 month" : `${m} months`}
          </ChoiceOption>
        ))}
        <ChoiceOption
          name={name}
          checked={months === null}
          onChange={() => setMonths(null)}
          detail="Until you or the customer resume it"
        >
          Until resumed
        </ChoiceOption>
      </ChoiceGroup>
    </ActionForm>
  );
}

type Reason = (typeof CANCEL_REASONS)[number];

function CancelForm({
  sub,
  error,
  pending,
  onConfirm,
}: {
  sub: AdminSubscriptionDetail;
  error: string | null;
  pending: boolean;
  onConfirm: (reason: Reason | null) => void;
}) {
  const [reason, setReason] = useState<Reason | "">("");
  const id = useId();
  const runsOn = cancelRunsUntil(sub);
  return (
    <ActionForm
      title={`Cancel ${sub.productName} for ${sub.email}?`}
      description={
        <p>
          {runsOn ? (
            <>
              It ends at the end of the period paid for, on{" "}
              <strong className="text-ink">{formatDate(runsOn)}</strong>.
            </>
          ) : (
            "It ends today."
          )}{" "}
          Nothing more is charged, and the customer gets an e-mail saying so. This cannot be undone.
        </p>
      }
      error={error}
      keepLabel="Keep subscription"
      confirmLabel="Cancel subscription"
      pendingText="Cancelling..."
      pending={pending}
      destructive
      onConfirm={() => onConfirm(reason || null)}
    >
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          Reason the customer gave (optional)
        </label>
        <select
          id={id}
          value={reason}
          onChange={(e) => setReason(e.target.value as Reason | "")}
          className={inputClass}
        >
          <option value="">None given</option>
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
