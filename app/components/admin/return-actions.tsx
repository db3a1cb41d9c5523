import { useId, useRef, useState } from "react";
import type { AdminReturnView } from "../../../core/contracts/returns.ts";
import { RETURN_NOTE_MAX } from "../../../core/contracts/returns.ts";
import { formatMoney } from "../../../core/money.ts";
import { storedCurrency } from "../../../core/order-totals.ts";
import { firstError, useFormAction } from "../../hooks/use-form-action.ts";
import { ActionDialog, ActionForm } from "../ui/action-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { Field, inputClass } from "../ui/field.tsx";
import { refundToWords } from "./return-words.tsx";

/** What the refund of a return gives back now: its amount, capped at what is left to refund on the order. */
export function refundNow(r: AdminReturnView): number {
  return Math.max(0, Math.min(r.refundCents, r.orderTotalCents - r.orderRefundedCents));
}

/** What the page's status line says once a return moved to a status (the move's own buttons are gone). */
export const MOVED_WORDS: Partial<Record<AdminReturnView["status"], string>> = {
  approved: "Return approved. The customer is e-mailed.",
  received: "Marked received. The customer is e-mailed.",
  refunded: "Refunded. The customer is e-mailed.",
  declined: "Return declined. The customer is e-mailed with the reason.",
};

/**
 * The moves a return's status allows (decision 055): requested → approve (a prepaid label, or no need to
 * send it back) or decline; approved with the product coming back → mark received or decline; approved
 * without it, or received → refund (confirmed in a dialog) or decline. Each posts to the page's action,
 * whose refusal (a 409 when another owner was first) shows in the alert region.
 */
export function ReturnActions({ ret }: { ret: AdminReturnView }) {
  const approve = useFormAction("approve");
  const received = useFormAction("received");
  const [dialog, setDialog] = useState<"refund" | "decline" | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const open = (which: "refund" | "decline") => (event: React.MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setDialog(which);
  };
  const currency = storedCurrency(ret.currency);
  const canApprove = ret.status === "requested";
  const canReceive = ret.status === "approved" && ret.returnNeeded === true;
  const canRefund = (ret.status === "approved" && ret.returnNeeded === false) || ret.status === "received";
  // Kept after the page reads the return again: a move another owner made first explains why it changed.
  const error = firstError(approve.errors, ["returnNeeded", "note"]) ?? received.errors?.form ?? null;

  return (
    <section aria-labelledby="return-actions" className="rounded-card bg-white p-4 shadow-card sm:p-6">
      <h2 id="return-actions" ref={heading} tabIndex={-1} className="text-xl">
        Actions
      </h2>
      <div role="alert" className="empty:hidden">
        {error ? (
          <p className="mt-3 rounded-xl border border-danger p-3 text-sm text-danger">{error}</p>
        ) : null}
      </div>
      {canApprove ? <ApproveForm ret={ret} action={approve} /> : null}
      <div className={`mt-4 flex flex-wrap gap-3${canApprove ? " border-t border-sand-deep pt-4" : ""}`}>
        {canReceive ? (
          <received.fetcher.Form method="post">
            <input type="hidden" name="intent" value="received" />
            <Button type="submit" pending={received.pending} pendingText="Saving…">
              Mark received
            </Button>
          </received.fetcher.Form>
        ) : null}
        {canRefund ? (
          <Button onClick={open("refund")}>
            Refund {formatMoney(refundNow(ret), currency)} to {refundToWords(ret.refundTo)}…
          </Button>
        ) : null}
        <Button variant="destructive" className="border border-danger" onClick={open("decline")}>
          Decline…
        </Button>
      </div>

      <ActionDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        opener={() => opener.current}
        fallback={() => heading.current}
      >
        {dialog === "refund" ? (
          <RefundForm ret={ret} onDone={() => setDialog(null)} />
        ) : dialog === "decline" ? (
          <DeclineForm ret={ret} onDone={() => setDialog(null)} />
        ) : null}
      </ActionDialog>
    </section>
  );
}

function ApproveForm({ ret, action }: { ret: AdminReturnView; action: ReturnType<typeof useFormAction> }) {
  // A product the customer keeps needs no label; one the reason needs back does.
  const [needed, setNeeded] = useState(ret.keep ? "no" : "yes");
  const noteId = useId();
  const { fetcher, errors, pending } = action;
  return (
    <fetcher.Form method="post" className="mt-4 grid gap-4" noValidate>
      <input type="hidden" name="intent" value="approve" />
      <fieldset className="grid gap-1">
        <legend className="text-base font-semibold text-ink">Approve the return</legend>
        <p className="text-sm text-muted">
          The customer asked to {ret.keep ? "keep the product" : "send the product back"}.
        </p>
        <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
          <input
            type="radio"
            name="returnNeeded"
            value="yes"
            checked={needed === "yes"}
            onChange={() => setNeeded("yes")}
            className="size-5 accent-forest"
          />
          Send a prepaid return label
        </label>
        <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
          <input
            type="radio"
            name="returnNeeded"
            value="no"
            checked={needed === "no"}
            onChange={() => setNeeded("no")}
            className="size-5 accent-forest"
          />
          No need to send it back
        </label>
      </fieldset>
      {needed === "yes" ? (
        <Field
          id={noteId}
          label="Note for the customer (optional)"
          hint="E-mailed with the approval: how to send it back, such as the prepaid label's link."
        >
          <textarea
            id={noteId}
            name="note"
            rows={3}
            maxLength={RETURN_NOTE_MAX}
            aria-describedby={`${noteId}-hint`}
            aria-invalid={errors?.note ? true : undefined}
            className={`${inputClass} py-2`}
          />
        </Field>
      ) : null}
      <Button type="submit" pending={pending} pendingText="Approving…" className="justify-self-start">
        Approve
      </Button>
    </fetcher.Form>
  );
}

function RefundForm({ ret, onDone }: { ret: AdminReturnView; onDone: () => void }) {
  const { fetcher, errors, pending } = useFormAction("refund", onDone);
  const currency = storedCurrency(ret.currency);
  const now = refundNow(ret);
  const to = ret.refundTo === "credit" ? "the customer's store credit" : "what paid the order (the card)";
  return (
    <ActionForm
      title={`Refund return ${ret.number}`}
      description={
        <>
          <p>
            {formatMoney(now, currency)} goes to {to}, as the customer chose. The customer is e-mailed.
          </p>
          {now < ret.refundCents ? (
            <p>
              The return is worth {formatMoney(ret.refundCents, currency)}, but only{" "}
              {formatMoney(now, currency)} is left to refund on order {ret.orderNumber}.
            </p>
          ) : null}
        </>
      }
      error={firstError(errors, [])}
      confirmLabel={`Refund ${formatMoney(now, currency)}`}
      pendingText="Refunding…"
      pending={pending}
      keepLabel="Do not refund"
      onConfirm={(form) => fetcher.submit(form)}
      hidden={<input type="hidden" name="intent" value="refund" />}
    />
  );
}

function DeclineForm({ ret, onDone }: { ret: AdminReturnView; onDone: () => void }) {
  const { fetcher, errors, pending } = useFormAction("decline", onDone);
  const id = useId();
  return (
    <ActionForm
      title={`Decline return ${ret.number}`}
      description={<p>Nothing is refunded. The customer is e-mailed with the reason you give.</p>}
      error={firstError(errors, ["reason"])}
      confirmLabel="Decline return"
      pendingText="Declining…"
      pending={pending}
      keepLabel="Keep it open"
      destructive
      onConfirm={(form) => fetcher.submit(form)}
      hidden={<input type="hidden" name="intent" value="decline" />}
    >
      <Field id={id} label="Reason (the customer reads it)">
        <textarea
          id={id}
          name="reason"
          rows={3}
          required
          maxLength={RETURN_NOTE_MAX}
          aria-invalid={errors?.reason ? true : undefined}
          className={`${inputClass} py-2`}
        />
      </Field>
    </ActionForm>
  );
}
