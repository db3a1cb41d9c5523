import { useRef, useState } from "react";
import type {
  AdminSubscriptionAction,
  AdminSubscriptionDetail,
} from "../../../core/contracts/admin-subscriptions.ts";
import { firstError, useFormAction } from "../../hooks/use-form-action.ts";
import { toast } from "../../hooks/use-toast.ts";
import { formatDate } from "../../lib/format-date.ts";
import { useRefocusWhenGone } from "../../lib/return-focus.ts";
import { CancelDialogForm, PauseDialogForm } from "../subscriptions/pause-cancel-forms.tsx";
import { cancelRunsUntil } from "../subscriptions/subscription-text.ts";
import { ActionDialog, ActionForm } from "../ui/action-dialog.tsx";
import { Button } from "../ui/button.tsx";

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

/**
 * The owner's buttons for a subscription (those its status allows), each confirmed in a dialog whose form
 * posts to the page's action (`intent`). The dialog shows the action's refusal in place; after a change the
 * page's data is read again before the dialog closes, and focus goes back to the button that opened it, or
 * to the first button there is now.
 */
export function SubscriptionActions({ sub }: { sub: AdminSubscriptionDetail }) {
  const [open, setOpen] = useState<AdminSubscriptionAction | null>(null);
  const openers = useRef<Partial<Record<AdminSubscriptionAction, HTMLButtonElement | null>>>({});
  const group = useRef<HTMLDivElement>(null);
  const lastOpened = useRef<AdminSubscriptionAction | null>(null);
  const pending = useRef(false);
  useRefocusWhenGone(group, sub.actions.join());

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
          if (!pending.current) setOpen(null);
        }}
        opener={() => (lastOpened.current ? (openers.current[lastOpened.current] ?? null) : null)}
        fallback={() => group.current?.querySelector("button") ?? null}
      >
        {open ? (
          <ActionDialogForm
            action={open}
            sub={sub}
            pending={pending}
            onDone={() => {
              toast({ title: DONE[open], description: `${sub.email} gets an e-mail saying so.` });
              setOpen(null);
            }}
          />
        ) : null}
      </ActionDialog>
    </>
  );
}

/** The open dialog's form, posted by its own fetcher; `pending` tells the dialog not to close meanwhile. */
function ActionDialogForm({
  action,
  sub,
  pending: running,
  onDone,
}: {
  action: AdminSubscriptionAction;
  sub: AdminSubscriptionDetail;
  pending: React.RefObject<boolean>;
  onDone: () => void;
}) {
  const { fetcher, errors, pending } = useFormAction(action, onDone);
  running.current = pending;
  const intent = <input type="hidden" name="intent" value={action} />;
  if (action === "pause")
    return (
      <PauseDialogForm
        title={`Pause ${sub.productName} for ${sub.email}?`}
        description={
          <p>
            Nothing ships and nothing is charged while it is paused. The customer gets an e-mail saying so.
          </p>
        }
        detail={() => "Then it starts again by itself"}
        untilLabel="Until resumed"
        untilDetail="Until you or the customer resume it"
        error={firstError(errors, ["months"])}
        pending={pending}
        onConfirm={(_, form) => fetcher.submit(form)}
        hidden={intent}
      />
    );
  if (action === "cancel") {
    const runsOn = cancelRunsUntil(sub);
    return (
      <CancelDialogForm
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
        reasonLabel="Reason the customer gave (optional)"
        noReasonLabel="None given"
        error={firstError(errors, ["reason"])}
        pending={pending}
        onConfirm={(_, form) => fetcher.submit(form)}
        hidden={intent}
      />
    );
  }
  return (
    <ActionForm
      title={`Resume ${sub.productName} for ${sub.email}?`}
      description={
        <p>
          Deliveries and charges start again on the date planned, or tomorrow if that date has passed. The
          customer gets an e-mail saying so.
        </p>
      }
      error={firstError(errors, [])}
      confirmLabel="Resume subscription"
      pendingText="Resuming..."
      pending={pending}
      onConfirm={(form) => fetcher.submit(form)}
      hidden={intent}
    />
  );
}
