import { useRef, useState } from "react";
import type { AdminCodeView } from "../../../core/contracts/admin-codes.ts";
import type { CodeStatus } from "../../../core/discount-code.ts";
import { firstError, useFormAction } from "../../hooks/use-form-action.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useRefocusWhenGone } from "../../lib/return-focus.ts";
import { ActionDialog, ActionForm } from "../ui/action-dialog.tsx";
import { Button } from "../ui/button.tsx";

const DONE: Record<CodeStatus, string> = {
  active: "is active again",
  paused: "is paused",
  ended: "has ended",
};

/**
 * An admin's buttons for one code: Pause or Resume (posted at once: either can be undone) and End, asked
 * in a dialog first since an ended code is never active again. Each posts `intent` status to the page's
 * action; the list is read again after it, and focus stays on the code's buttons (Pause becomes Resume).
 */
export function CodeActions({ code }: { code: AdminCodeView }) {
  const name = code.terms.code;
  const group = useRef<HTMLDivElement>(null);
  const endButton = useRef<HTMLButtonElement>(null);
  const [ending, setEnding] = useState(false);
  const running = useRef(false);
  // Once the post went through, the list was read again: the code's status is the new one.
  const toggle = useFormAction("status", () => toast({ title: `${name} ${DONE[code.status]}` }));
  const next: CodeStatus = code.status === "active" ? "paused" : "active";
  useRefocusWhenGone(group, code.status);
  const endedNote = useRef<HTMLParagraphElement>(null);

  // This code's own answer (a post without JavaScript is answered above the list).
  const error = firstError(toggle.fetcher.data?.errors ?? null, ["status", "id"]);
  return (
    <div ref={group} className="grid gap-2">
      {code.status === "ended" ? (
        // Where focus goes once the code has ended and its buttons are gone.
        <p ref={endedNote} tabIndex={-1} className="text-sm text-muted">
          Ended: shoppers can no longer use it.
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <toggle.fetcher.Form method="post">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="id" value={code.id} />
            <Button
              type="submit"
              size="sm"
              variant="secondary"
              name="status"
              value={next}
              pending={toggle.pending}
              pendingText={next === "paused" ? "Pausing…" : "Resuming…"}
              aria-label={`${next === "paused" ? "Pause" : "Resume"} ${name}`}
            >
              {next === "paused" ? "Pause" : "Resume"}
            </Button>
          </toggle.fetcher.Form>
          <Button
            ref={endButton}
            size="sm"
            variant="destructive"
            className="border border-danger"
            aria-haspopup="dialog"
            aria-label={`End ${name}`}
            onClick={() => setEnding(true)}
          >
            End
          </Button>
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <ActionDialog
        open={ending}
        onClose={() => {
          if (!running.current) setEnding(false);
        }}
        opener={() => endButton.current}
        fallback={() => group.current?.querySelector("button") ?? endedNote.current}
      >
        {ending ? <EndForm code={code} running={running} onDone={() => setEnding(false)} /> : null}
      </ActionDialog>
    </div>
  );
}

/** The End dialog's form, posted by its own fetcher; `running` keeps the dialog open meanwhile. */
function EndForm({
  code,
  running,
  onDone,
}: {
  code: AdminCodeView;
  running: React.RefObject<boolean>;
  onDone: () => void;
}) {
  const name = code.terms.code;
  const { fetcher, pending } = useFormAction("status", () => {
    toast({ title: `${name} has ended`, description: "Shoppers can no longer use it." });
    onDone();
  });
  running.current = pending;
  return (
    <ActionForm
      title={`End ${name}?`}
      description={
        <p>
          Shoppers can no longer apply it or check out with it. Orders already placed keep their discount. An
          ended code cannot be turned on again: to stop it for a while, pause it instead.
        </p>
      }
      hidden={
        <>
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="id" value={code.id} />
          <input type="hidden" name="status" value="ended" />
        </>
      }
      error={firstError(fetcher.data?.errors ?? null, ["status", "id"])}
      keepLabel="Keep the code"
      confirmLabel={`End ${name}`}
      pendingText="Ending…"
      pending={pending}
      destructive
      onConfirm={(form) => fetcher.submit(form)}
    />
  );
}
