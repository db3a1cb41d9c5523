import { useId, useRef, useState } from "react";
import { REPORT_REASONS, type ReportReason } from "../../../core/review-rules.ts";
import { apiErrorOf, apiRequest, serverMessage } from "../../lib/api.ts";
import { Button } from "../ui/button.tsx";
import { inputClass } from "../ui/field.tsx";

/** "Report" on someone else's review: a reason from the list, sent once; the focus returns to the button. */
export function ReportReview({ reviewId }: { reviewId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>("spam");
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  function close() {
    setOpen(false);
    requestAnimationFrame(() => opener.current?.focus());
  }

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await apiRequest("POST", `/api/reviews/${reviewId}/report`, { reason });
      setDone("Thank you: the shop will look at this review.");
      setOpen(false);
    } catch (err) {
      const failure = apiErrorOf(err);
      if (failure?.status === 409) {
        setDone(failure.message);
        setOpen(false);
      } else setError(serverMessage(err, "The shop could not be reached. Try again in a moment."));
    } finally {
      setPending(false);
    }
  }

  if (done)
    return (
      <p role="status" className="text-sm text-muted">
        {done}
      </p>
    );
  if (!open)
    return (
      <Button
        ref={opener}
        variant="ghost"
        size="sm"
        className="text-muted"
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        Report
      </Button>
    );
  return (
    <form onSubmit={send} className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium">
          Why should the shop look at this review?
        </label>
        <select
          id={`${id}-reason`}
          className={`${inputClass} w-auto`}
          value={reason}
          onChange={(e) => setReason(e.target.value as ReportReason)}
          // biome-ignore lint/a11y/noAutofocus: the form opens on the reader's click; the focus follows it
          autoFocus
        >
          {Object.entries(REPORT_REASONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" size="sm" pending={pending} pendingText="Sending…">
        Send report
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={close}>
        Cancel
      </Button>
      {error ? (
        <p role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}
