import { useEffect, useId, useRef, useState } from "react";
import type { QuizQuestion as Question } from "../../../core/quiz.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { QUESTION_WORDS } from "./quiz-words.ts";

export interface QuizOption {
  value: string;
  label: string;
}

/**
 * One question on its own screen: its words as the fieldset's legend (a heading, focused when the screen
 * appears after Back or Next), its answers as radio buttons or checkboxes with their labels, and Back and
 * Next. Enter in an answer submits the form, as Next does; a missing answer is said under the question
 * and the first answer takes the focus.
 */
export function QuizQuestion({
  question,
  kind,
  options,
  chosen,
  onChange,
  valid,
  error,
  onBack,
  onNext,
  last,
  focusOnMount,
}: {
  question: Question;
  kind: "radio" | "checkbox";
  options: QuizOption[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  /** Whether the chosen answers let the shopper go on. */
  valid: boolean;
  /** The message key said when they cannot. */
  error: string;
  onBack: (() => void) | null;
  onNext: () => void;
  last: boolean;
  focusOnMount: boolean;
}) {
  const t = useT();
  const words = QUESTION_WORDS[question];
  const heading = useRef<HTMLHeadingElement>(null);
  const firstInput = useRef<HTMLInputElement>(null);
  const [showError, setShowError] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const name = useId();

  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  const describedBy = [words.hint ? hintId : null, showError ? errorId : null].filter(Boolean).join(" ");
  const toggle = (value: string, checked: boolean) => {
    setShowError(false);
    if (kind === "radio") onChange([value]);
    else onChange(checked ? [...chosen, value] : chosen.filter((v) => v !== value));
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) {
          setShowError(true);
          firstInput.current?.focus();
          return;
        }
        onNext();
      }}
    >
      <fieldset aria-describedby={describedBy || undefined}>
        <legend className="w-full">
          <h2
            ref={heading}
            tabIndex={-1}
            className="text-2xl outline-none focus-visible:underline sm:text-3xl"
            data-testid="quiz-question"
          >
            {t(words.question)}
          </h2>
        </legend>
        {words.hint ? (
          <p id={hintId} className="mt-2 text-muted">
            {t(words.hint)}
          </p>
        ) : null}
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          {options.map((o, i) => {
            const checked = chosen.includes(o.value);
            return (
              <label
                key={o.value}
                className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 bg-white px-4 py-3 ${
                  checked ? "border-forest" : "border-sand-deep"
                }`}
              >
                <input
                  ref={i === 0 ? firstInput : undefined}
                  type={kind}
                  name={name}
                  value={o.value}
                  checked={checked}
                  aria-invalid={showError || undefined}
                  onChange={(e) => toggle(o.value, e.currentTarget.checked)}
                  className="size-5 shrink-0 accent-forest"
                />
                <span>{o.label}</span>
              </label>
            );
          })}
        </div>
        {showError ? (
          <p id={errorId} role="alert" className="mt-3 font-semibold text-danger">
            {t(error)}
          </p>
        ) : null}
      </fieldset>
      <div className="mt-8 flex flex-wrap justify-between gap-3">
        {onBack ? (
          <Button type="button" variant="outline" size="md-wide" onClick={onBack}>
            {t("quiz.back")}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" size="lg">
          {t(last ? "quiz.seeResult" : "quiz.next")}
        </Button>
      </div>
    </form>
  );
}
