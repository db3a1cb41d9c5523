import { useId, useRef, useState } from "react";
import type { ReportReason } from "../../../core/review-rules.ts";
import { useT } from "../../i18n/i18n.tsx";
import { apiErrorOf, apiRequest, serverMessage } from "../../lib/api.ts";
import { Button } from "../ui/button.tsx";
import { inputClass } from "../ui/field.tsx";

/** Each reason's words (core/review-rules.ts REPORT_REASONS lists them), in the page's language. */
const REASONS: Record<ReportReason, string> = {
  spam: "shop.reviews.reason.spam",
  offensive: "shop.reviews.reason.offensive",
  "off-topic": "shop.reviews.reason.offTopic",
  personal: "shop.reviews.reason.personal",
};

/** "Report" on someone else's review: a reason from the list, sent once; the focus returns to the button. */
export function ReportReview({ reviewId }: { reviewId: string }) {
  const id = useId();
  const t = useT();
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
      setDone(t("shop.reviews.report.done"));
      setOpen(false);
    } catch (err) {
      const failure = apiErrorOf(err);
      if (failure?.status === 409) {
        setDone(failure.message);
        setOpen(false);
      } else setError(serverMessage(err, t("shop.reviews.unreachable")));
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
        {t("shop.reviews.report.open")}
      </Button>
    );
  return (
    <form onSubmit={send} className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium">
          {t("shop.reviews.report.why")}
        </label>
        <select
          id={`${id}-reason`}
          className={`${inputClass} w-auto`}
          value={reason}
          onChange={(e) => setReason(e.target.value as ReportReason)}
          // biome-ignore lint/a11y/noAutofocus: the form opens on the reader's click; the focus follows it
          autoFocus
        >
          {Object.entries(REASONS).map(([value, key]) => (
            <option key={value} value={value}>
              {t(key)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" size="sm" pending={pending} pendingText={t("shop.reviews.sending")}>
        {t("shop.reviews.report.send")}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={close}>
        {t("shop.reviews.cancel")}
      </Button>
      {error ? (
        <p role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}
