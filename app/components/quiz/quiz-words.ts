import type { OutcomeId } from "../../../core/outcomes.ts";
import {
  type ENERGY,
  type FORMAT,
  QUIZ_PRODUCTS,
  type QuizAnswers,
  type QuizQuestion,
  type QuizReason,
  type SLEEP,
  type STRESS,
  type TRAINING,
} from "../../../core/quiz.ts";
import type { Translator } from "../../i18n/i18n.tsx";

/**
 * The quiz's words by message key (app/i18n/messages/<locale>/quiz.json): every question, every answer and
 * every reason core/quiz.ts can give. Keys are written out whole so the catalogue test finds each one.
 */

/** Each outcome's label (the stacks' own words). */
export const GOAL_LABELS: Record<OutcomeId, string> = {
  "enhanced-focus": "stacks.outcome.enhancedFocus",
  "all-day-energy": "stacks.outcome.allDayEnergy",
  "stress-resilience": "stacks.outcome.stressResilience",
  "deep-sleep": "stacks.outcome.deepSleep",
  "muscle-recovery": "stacks.outcome.muscleRecovery",
};

export const QUESTION_WORDS: Record<QuizQuestion, { question: string; summary: string; hint?: string }> = {
  goals: { question: "quiz.goals.question", summary: "quiz.summary.goals", hint: "quiz.goals.hint" },
  sleep: { question: "quiz.sleep.question", summary: "quiz.summary.sleep" },
  energy: { question: "quiz.energy.question", summary: "quiz.summary.energy" },
  stress: { question: "quiz.stress.question", summary: "quiz.summary.stress" },
  training: { question: "quiz.training.question", summary: "quiz.summary.training" },
  takes: { question: "quiz.takes.question", summary: "quiz.summary.takes", hint: "quiz.takes.hint" },
  format: { question: "quiz.format.question", summary: "quiz.summary.format" },
};

export const SLEEP_WORDS: Record<(typeof SLEEP)[number], string> = {
  well: "quiz.sleep.well",
  "falling-asleep": "quiz.sleep.fallingAsleep",
  "wake-tired": "quiz.sleep.wakeTired",
};
export const ENERGY_WORDS: Record<(typeof ENERGY)[number], string> = {
  steady: "quiz.energy.steady",
  "afternoon-dip": "quiz.energy.afternoonDip",
  low: "quiz.energy.low",
};
export const STRESS_WORDS: Record<(typeof STRESS)[number], string> = {
  rarely: "quiz.stress.rarely",
  sometimes: "quiz.stress.sometimes",
  often: "quiz.stress.often",
};
export const TRAINING_WORDS: Record<(typeof TRAINING)[number], string> = {
  rarely: "quiz.training.rarely",
  weekly: "quiz.training.weekly",
  often: "quiz.training.often",
};
export const FORMAT_WORDS: Record<(typeof FORMAT)[number], string> = {
  liquid: "quiz.format.liquid",
  capsule: "quiz.format.capsule",
  either: "quiz.format.either",
};

/** Why a product fits, in the shopper's own terms: the answer that earned it points. */
const REASON_WORDS = {
  sleep: {
    well: "quiz.reason.sleep.well",
    "falling-asleep": "quiz.reason.sleep.fallingAsleep",
    "wake-tired": "quiz.reason.sleep.wakeTired",
  },
  energy: {
    steady: "quiz.reason.energy.steady",
    "afternoon-dip": "quiz.reason.energy.afternoonDip",
    low: "quiz.reason.energy.low",
  },
  stress: {
    rarely: "quiz.reason.stress.rarely",
    sometimes: "quiz.reason.stress.sometimes",
    often: "quiz.reason.stress.often",
  },
  training: {
    rarely: "quiz.reason.training.rarely",
    weekly: "quiz.reason.training.weekly",
    often: "quiz.reason.training.often",
  },
} as const satisfies {
  sleep: Record<QuizAnswers["sleep"], string>;
  energy: Record<QuizAnswers["energy"], string>;
  stress: Record<QuizAnswers["stress"], string>;
  training: Record<QuizAnswers["training"], string>;
};

export function reasonText(t: Translator["t"], reason: QuizReason): string {
  switch (reason.kind) {
    case "goal":
      return t("quiz.reason.goal", { goal: t(GOAL_LABELS[reason.goal]) });
    case "sleep":
      return t(REASON_WORDS.sleep[reason.value]);
    case "energy":
      return t(REASON_WORDS.energy[reason.value]);
    case "stress":
      return t(REASON_WORDS.stress[reason.value]);
    case "training":
      return t(REASON_WORDS.training[reason.value]);
  }
}

/**
 * What each product supports: a structure/function statement (never a disease), marked for the FDA
 * statement under the result.
 */
export const SUPPORTS: Record<number, string> = {
  [QUIZ_PRODUCTS.ginseng]: "quiz.supports.ginseng",
  [QUIZ_PRODUCTS.restore]: "quiz.supports.restore",
  [QUIZ_PRODUCTS.ashwagandha]: "quiz.supports.ashwagandha",
  [QUIZ_PRODUCTS.verdant]: "quiz.supports.verdant",
};

/** One saved or given answer in words, as the account's summary lists them. */
export function answerText(
  t: Translator["t"],
  question: QuizQuestion,
  answers: QuizAnswers,
  productName: (id: number) => string,
): string {
  switch (question) {
    case "goals":
      return answers.goals.map((g) => t(GOAL_LABELS[g])).join(", ");
    case "sleep":
      return t(SLEEP_WORDS[answers.sleep]);
    case "energy":
      return t(ENERGY_WORDS[answers.energy]);
    case "stress":
      return t(STRESS_WORDS[answers.stress]);
    case "training":
      return t(TRAINING_WORDS[answers.training]);
    case "takes":
      return answers.takes.length ? answers.takes.map(productName).join(", ") : t("quiz.summary.none");
    case "format":
      return t(FORMAT_WORDS[answers.format]);
  }
}
