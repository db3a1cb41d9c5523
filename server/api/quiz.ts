import { Hono } from "hono";
import { type QuizSavedResponse, saveQuizBody } from "../../core/contracts/quiz.ts";
import type { AppServices } from "../context.ts";
import { requireUser } from "../http/require-user.ts";
import { readJsonBody } from "../http/validate.ts";
import { deleteQuizAnswers, readQuizAnswers, saveQuizAnswers } from "../quiz/saved-answers.ts";

/**
 * The signed-in customer's saved quiz answers under /api/quiz (docs/decisions/053-quiz.md): POST saves them
 * with `consent: true` (400 without it or with answers the quiz could not give), GET reads them, DELETE
 * deletes them. A guest gets 401: the quiz itself keeps nothing; the session names the account, never the
 * request, so nobody reaches another customer's answers.
 */
export function quizApi(services: AppServices) {
  const db = services.database.db;
  const signedIn = requireUser(services, "Please sign in to save your quiz answers to your account.");
  const saved = async (userId: string): Promise<QuizSavedResponse> => ({
    saved: await readQuizAnswers(db, services.catalogue, userId),
  });

  // Every answer is no-store (server/api/index.ts): health data is never kept by a cache on the way.
  return new Hono()
    .get("/", signedIn, async (c) => c.json(await saved(c.var.user.id)))
    .post("/", signedIn, async (c) => {
      const body = await readJsonBody(c, saveQuizBody);
      await saveQuizAnswers(db, c.var.user.id, body.answers);
      return c.json(await saved(c.var.user.id));
    })
    .delete("/", signedIn, async (c) => {
      await deleteQuizAnswers(db, c.var.user.id);
      return c.json(await saved(c.var.user.id));
    });
}
