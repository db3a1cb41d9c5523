import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../core/i18n/locales.ts";
import { OUTCOME_IDS } from "../../../core/outcomes.ts";
import {
  ENERGY,
  FORMAT,
  QUIZ_PRODUCTS,
  QUIZ_QUESTIONS,
  type QuizAnswers,
  type QuizReason,
  SLEEP,
  STRESS,
  TRAINING,
} from "../../../core/quiz.ts";
import { requestTranslator } from "../../i18n/catalogue.server.ts";
import { answerText, reasonText, SUPPORTS } from "./quiz-words.ts";

/** Every reason core/quiz.ts can give. */
const REASONS: QuizReason[] = [
  ...OUTCOME_IDS.map((goal) => ({ kind: "goal", goal }) as const),
  ...SLEEP.map((value) => ({ kind: "sleep", value }) as const),
  ...ENERGY.map((value) => ({ kind: "energy", value }) as const),
  ...STRESS.map((value) => ({ kind: "stress", value }) as const),
  ...TRAINING.map((value) => ({ kind: "training", value }) as const),
];

describe.each(LOCALES)("the quiz's words in %s", (locale) => {
  const { t } = requestTranslator(locale, new Set());
  // A missing message comes back as its key.
  const worded = (text: string) => expect(text).not.toMatch(/^(quiz|stacks)\.[A-Za-z.]+$/);

  it("words every reason, each differently", () => {
    const texts = REASONS.map((r) => reasonText(t, r));
    for (const text of texts) worded(text);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("says what each product supports", () => {
    for (const id of Object.values(QUIZ_PRODUCTS)) worded(t(SUPPORTS[id] ?? "missing"));
  });

  it("words every answer of every question", () => {
    const names = (id: number) => `product ${id}`;
    const base: QuizAnswers = {
      goals: [...OUTCOME_IDS.slice(0, 3)],
      sleep: "well",
      energy: "steady",
      stress: "rarely",
      training: "rarely",
      takes: [],
      format: "either",
    };
    const variants: QuizAnswers[] = [
      base,
      ...SLEEP.map((sleep) => ({ ...base, sleep })),
      ...ENERGY.map((energy) => ({ ...base, energy })),
      ...STRESS.map((stress) => ({ ...base, stress })),
      ...TRAINING.map((training) => ({ ...base, training })),
      ...FORMAT.map((format) => ({ ...base, format })),
      { ...base, takes: [1, 3] },
    ];
    for (const answers of variants)
      for (const q of QUIZ_QUESTIONS)
        for (const part of answerText(t, q, answers, names).split(", ")) worded(part);
    expect(answerText(t, "takes", { ...base, takes: [1, 3] }, names)).toBe("product 1, product 3");
  });
});
