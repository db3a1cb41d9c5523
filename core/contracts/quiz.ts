import { z } from "zod";
import { isQuizAnswers, type QuizAnswers, type QuizResult } from "../quiz.ts";

/**
 * POST /api/quiz: the quiz's answers (core/quiz.ts) and the customer's explicit consent to keep them
 * (docs/decisions/053-quiz.md). Anything but `consent: true` is refused: the answers are health data.
 */
export const saveQuizBody = z.object({
  answers: z.custom<QuizAnswers>(
    isQuizAnswers,
    "answers must be the quiz's seven answers: goals (1 to 3 outcomes), sleep, energy, stress, training, takes (product ids) and format",
  ),
  consent: z.literal(true, {
    error: "consent must be true: answers are saved only when you tick 'Save my answers to my account'",
  }),
});
export type SaveQuizBody = z.infer<typeof saveQuizBody>;

/** A saved set of answers, with what they recommend (names from the catalogue). */
export interface SavedQuiz {
  answers: QuizAnswers;
  consentedAt: string;
  updatedAt: string;
  result: QuizResult;
  /** The recommended products, in the result's order. */
  products: { id: number; slug: string; name: string }[];
  /** The products the customer said they take already (left out of the recommendation). */
  taken: { id: number; slug: string; name: string }[];
  /** The curated stack the picks are, if any. */
  stack: { id: number; slug: string; name: string } | null;
}

/** GET, POST and DELETE /api/quiz answer with the customer's saved answers, or null without any. */
export interface QuizSavedResponse {
  saved: SavedQuiz | null;
}
