import ClipboardList from "lucide-react/icons/clipboard-list";
import { useRef, useState } from "react";
import type { QuizSavedResponse } from "../../../core/contracts/quiz.ts";
import { QUIZ_QUESTIONS } from "../../../core/quiz.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { apiRequest } from "../../lib/api.ts";
import { formatDate } from "../../lib/format-date.ts";
import { useMutation, useQuery, useQueryClient } from "../../lib/query.ts";
import { answerText, QUESTION_WORDS } from "../quiz/quiz-words.ts";
import { Button } from "../ui/button.tsx";

const quizKey = ["/api/quiz"] as const;

/**
 * The account's saved quiz answers (docs/decisions/053-quiz.md): what was answered, what it recommends,
 * and "Delete my answers", one click. Nothing saved: said, with the quiz's link. Read from GET /api/quiz.
 */
export function SavedQuiz() {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [deleted, setDeleted] = useState(false);
  const query = useQuery({
    queryKey: quizKey,
    queryFn: () => apiRequest<QuizSavedResponse>("GET", "/api/quiz"),
    staleTime: 0,
  });
  const remove = useMutation({
    mutationFn: () => apiRequest<QuizSavedResponse>("DELETE", "/api/quiz"),
    onSuccess: (answer) => {
      qc.setQueryData(quizKey, answer);
      setDeleted(true);
      toast({ title: t("quiz.account.deleted") });
      // The button is gone with the answers: the focus goes to the card's heading.
      heading.current?.focus();
    },
    onError: () => toast({ title: t("quiz.account.deleteFailed"), variant: "destructive" }),
  });
  const saved = query.data?.saved ?? null;
  const nameOf = (id: number) => saved?.taken.find((p) => p.id === id)?.name ?? String(id);

  return (
    <section aria-labelledby="saved-quiz" className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <h2 id="saved-quiz" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-xl">
        <ClipboardList className="size-5 text-gold" aria-hidden /> {t("quiz.account.title")}
      </h2>
      <p role="status" className="mt-2 text-sm font-semibold">
        {deleted && !saved ? t("quiz.account.deleted") : ""}
      </p>
      {query.isLoading ? null : saved ? (
        <div className="grid gap-4">
          <p className="text-sm text-muted">
            {t("quiz.account.savedOn", { date: formatDate(saved.updatedAt, locale) })}
          </p>
          <div>
            <h3 className="text-base">{t("quiz.account.recommended")}</h3>
            <ul className="mt-1 grid gap-1 text-sm">
              {saved.stack ? (
                <li>
                  <Link
                    to={`/stacks/${saved.stack.slug}`}
                    className="font-semibold text-forest underline underline-offset-2"
                  >
                    {saved.stack.name}
                  </Link>
                </li>
              ) : null}
              {saved.products.map((p) => (
                <li key={p.id}>
                  <Link to={`/products/${p.slug}`} className="text-forest underline underline-offset-2">
                    {p.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-base">{t("quiz.account.answers")}</h3>
            <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              {QUIZ_QUESTIONS.map((q) => (
                <div key={q} className="contents">
                  <dt className="text-muted">{t(QUESTION_WORDS[q].summary)}</dt>
                  <dd>{answerText(t, q, saved.answers, nameOf)}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div>
            <Button
              variant="outline"
              size="sm-wide"
              pending={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {t("quiz.account.delete")}
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted">
          {t("quiz.account.none")}{" "}
          <Link to="/quiz" className="font-semibold text-forest underline underline-offset-2">
            {t("quiz.account.take")}
          </Link>
        </p>
      )}
    </section>
  );
}
