import { useState } from "react";
import { OUTCOME_IDS } from "../../core/outcomes.ts";
import {
  ENERGY,
  FORMAT,
  isQuizAnswers,
  QUIZ_QUESTIONS,
  type QuizQuestion as Question,
  type QuizAnswers,
  SLEEP,
  STRESS,
  TRAINING,
} from "../../core/quiz.ts";
import { type QuizOption, QuizQuestion } from "../components/quiz/quiz-question.tsx";
import { QuizResult } from "../components/quiz/quiz-result.tsx";
import {
  ENERGY_WORDS,
  FORMAT_WORDS,
  GOAL_LABELS,
  SLEEP_WORDS,
  STRESS_WORDS,
  TRAINING_WORDS,
} from "../components/quiz/quiz-words.ts";
import { useT } from "../i18n/i18n.tsx";
import type { Route } from "./+types/quiz";

export { loader } from "./quiz.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "description", content: loaderData?.meta.description },
];

/** The answers as the screens hold them: each question's chosen values, as strings. */
type Draft = Record<Question, string[]>;
const EMPTY: Draft = { goals: [], sleep: [], energy: [], stress: [], training: [], takes: [], format: [] };

function answersOf(draft: Draft): QuizAnswers | null {
  const one = (q: Question) => draft[q][0];
  const answers = {
    goals: draft.goals,
    sleep: one("sleep"),
    energy: one("energy"),
    stress: one("stress"),
    training: one("training"),
    takes: draft.takes.map(Number),
    format: one("format"),
  };
  return isQuizAnswers(answers) ? answers : null;
}

/**
 * The quiz that builds a personal stack (core/quiz.ts): seven questions, one a screen, then the result.
 * The answers live in this page's state only (Back and Next keep them); nothing reaches the server unless
 * a signed-in customer ticks "Save my answers to my account" (docs/decisions/053-quiz.md).
 */
export default function QuizPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { products, stacks, reading } = loaderData;
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // The first screen keeps the page's own focus; every later one moves it to its question.
  const [moved, setMoved] = useState(false);
  const go = (to: number) => {
    setMoved(true);
    setStep(to);
  };

  const words = (values: readonly string[], keys: Record<string, string>): QuizOption[] =>
    values.map((v) => ({ value: v, label: t(keys[v] ?? v) }));
  const options: Record<Question, QuizOption[]> = {
    goals: words(OUTCOME_IDS, GOAL_LABELS),
    sleep: words(SLEEP, SLEEP_WORDS),
    energy: words(ENERGY, ENERGY_WORDS),
    stress: words(STRESS, STRESS_WORDS),
    training: words(TRAINING, TRAINING_WORDS),
    takes: products.map((p) => ({ value: String(p.id), label: p.name })),
    format: words(FORMAT, FORMAT_WORDS),
  };

  const total = QUIZ_QUESTIONS.length;
  const answers = step >= total ? answersOf(draft) : null;
  const question = QUIZ_QUESTIONS[step];

  return (
    <div className="container-shop max-w-3xl py-10 sm:py-14">
      <p className="font-semibold text-gold">{t("quiz.eyebrow")}</p>
      <h1 className="mt-2 text-4xl sm:text-5xl">{t("quiz.title")}</h1>
      <p className="mt-3 text-lg text-muted">{t("quiz.intro")}</p>
      {answers ? (
        <QuizResult
          answers={answers}
          products={products}
          stacks={stacks}
          reading={reading}
          onBack={() => go(total - 1)}
          onRestart={() => {
            setDraft(EMPTY);
            go(0);
          }}
        />
      ) : question ? (
        <div className="mt-8 rounded-card bg-white p-5 shadow-card sm:p-8">
          <Progress step={step} total={total} />
          <QuizQuestion
            key={question}
            question={question}
            kind={question === "goals" || question === "takes" ? "checkbox" : "radio"}
            options={options[question]}
            chosen={draft[question]}
            onChange={(chosen) => setDraft((d) => ({ ...d, [question]: chosen }))}
            valid={
              question === "takes"
                ? true
                : question === "goals"
                  ? draft.goals.length >= 1 && draft.goals.length <= 3
                  : draft[question].length === 1
            }
            error={question === "goals" ? "quiz.error.goals" : "quiz.error.choose"}
            onBack={step > 0 ? () => go(step - 1) : null}
            onNext={() => go(step + 1)}
            last={step === total - 1}
            focusOnMount={moved}
          />
        </div>
      ) : null}
      <p className="mt-6 text-sm text-muted">{t("quiz.privacy")}</p>
    </div>
  );
}

/** "Question 2 of 7" and a bar that says the same to assistive technology. */
function Progress({ step, total }: { step: number; total: number }) {
  const t = useT();
  const text = t("quiz.progress.step", { current: step + 1, total });
  return (
    <div className="mb-6">
      <p className="text-sm font-semibold text-muted">{text}</p>
      <div
        role="progressbar"
        aria-label={t("quiz.progress.label")}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step + 1}
        aria-valuetext={text}
        className="mt-2 h-2 overflow-hidden rounded-full bg-sand"
      >
        <div
          className="h-full rounded-full bg-forest transition-[width] motion-reduce:transition-none"
          style={{ width: `${((step + 1) / total) * 100}%` }}
        />
      </div>
    </div>
  );
}
