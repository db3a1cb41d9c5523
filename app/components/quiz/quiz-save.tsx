import { useId, useState } from "react";
import type { QuizSavedResponse } from "../../../core/contracts/quiz.ts";
import type { QuizAnswers } from "../../../core/quiz.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { apiRequest } from "../../lib/api.ts";
import { useMutation } from "../../lib/query.ts";
import { useSessionProbe } from "../../lib/session-probe.ts";

/**
 * The choice to keep the answers (docs/decisions/053-quiz.md): a separate, unticked box for a signed-in
 * customer; ticking it saves them to the account (POST /api/quiz with consent), unticking it deletes them
 * again. A signed-out shopper is told the answers are not kept and how to save them.
 */
export function QuizSave({ answers }: { answers: QuizAnswers }) {
  const t = useT();
  const session = useSessionProbe();
  // The box shows the shopper's choice at once; an answer that fails puts it back.
  const [saved, setSaved] = useState(false);
  const [status, setStatus] = useState<{ key: string; failed: boolean } | null>(null);
  const boxId = useId();
  const textId = useId();
  // Saves and deletes run one after another (a quick tick and untick end as the box shows); the box is never
  // disabled meanwhile, so it keeps the keyboard's focus.
  const save = useMutation({
    scope: { id: "quiz-save" },
    mutationFn: (keep: boolean) =>
      keep
        ? apiRequest<QuizSavedResponse>("POST", "/api/quiz", { answers, consent: true })
        : apiRequest<QuizSavedResponse>("DELETE", "/api/quiz"),
    onSuccess: (answer) => {
      const kept = answer.saved !== null;
      setSaved(kept);
      setStatus({ key: kept ? "quiz.save.saved" : "quiz.save.removed", failed: false });
    },
    onError: (_err, keep) => {
      setSaved(!keep);
      setStatus({ key: keep ? "quiz.save.failed" : "quiz.save.removeFailed", failed: true });
    },
  });

  return (
    <section aria-labelledby="quiz-save" className="rounded-card border-2 border-sand-deep p-5 sm:p-6">
      <h3 id="quiz-save" className="text-xl">
        {t("quiz.save.title")}
      </h3>
      {session.data === true ? (
        <>
          <p id={textId} className="mt-2 text-sm text-muted">
            {t("quiz.save.text")}
          </p>
          <div className="mt-4 flex items-start gap-3">
            <input
              id={boxId}
              type="checkbox"
              checked={saved}
              aria-busy={save.isPending || undefined}
              aria-describedby={textId}
              onChange={(e) => {
                const keep = e.currentTarget.checked;
                setSaved(keep);
                save.mutate(keep);
              }}
              className="mt-0.5 size-5 shrink-0 accent-forest"
            />
            <label htmlFor={boxId} className="font-semibold">
              {t("quiz.save.label")}
            </label>
          </div>
        </>
      ) : session.data === false ? (
        <p className="mt-2 text-sm">
          {t("quiz.save.signedOut")}{" "}
          <Link to="/auth" className="font-semibold text-forest underline underline-offset-2">
            {t("quiz.save.signIn")}
          </Link>
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("quiz.save.checking")}</p>
      )}
      <p
        role="status"
        className={status ? `mt-3 text-sm ${status.failed ? "font-semibold text-danger" : ""}` : ""}
      >
        {status ? t(status.key) : ""}
        {status && !status.failed && saved ? (
          <>
            {" "}
            <Link to="/account" className="font-semibold text-forest underline underline-offset-2">
              {t("quiz.save.accountLink")}
            </Link>
          </>
        ) : null}
      </p>
    </section>
  );
}
