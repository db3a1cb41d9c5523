import { asc, eq, sql } from "drizzle-orm";
import type { SavedQuiz } from "../../core/contracts/quiz.ts";
import { isQuizAnswers, type QuizAnswers, recommend } from "../../core/quiz.ts";
import type { Catalogue } from "../catalogue.ts";
import type { Db } from "../db/client.ts";
import { quizAnswers, stacks } from "../db/schema.ts";

/**
 * A customer's saved quiz answers (docs/decisions/053-quiz.md): kept only with their consent, one row per
 * customer, replaced on each save and deleted in one click (or with the account: the key cascades).
 */

/** Saves (or replaces) the customer's answers; the caller has checked the consent. */
export async function saveQuizAnswers(db: Db, userId: string, answers: QuizAnswers, now = new Date()) {
  await db
    .insert(quizAnswers)
    .values({ userId, answers, consentedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: quizAnswers.userId,
      set: { answers, consentedAt: now, updatedAt: sql`now()` },
    });
}

/** Deletes the customer's answers; whether there were any. */
export async function deleteQuizAnswers(db: Db, userId: string): Promise<boolean> {
  const gone = await db
    .delete(quizAnswers)
    .where(eq(quizAnswers.userId, userId))
    .returning({ userId: quizAnswers.userId });
  return gone.length > 0;
}

/** The customer's saved answers with what they recommend, or null without any. */
export async function readQuizAnswers(
  db: Db,
  catalogue: Catalogue,
  userId: string,
): Promise<SavedQuiz | null> {
  const [row] = await db.select().from(quizAnswers).where(eq(quizAnswers.userId, userId));
  // A row the rules no longer read (a product or outcome gone) is shown as nothing saved.
  if (!row || !isQuizAnswers(row.answers)) return null;
  const [products, stackRows] = await Promise.all([
    catalogue.list(),
    db
      .select({ id: stacks.id, slug: stacks.slug, name: stacks.name, productIds: stacks.productIds })
      .from(stacks)
      .orderBy(asc(stacks.id)),
  ]);
  const result = recommend(row.answers, stackRows);
  const stack = stackRows.find((s) => s.id === result.stackId);
  return {
    answers: row.answers,
    consentedAt: row.consentedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    result,
    products: result.picks.flatMap((pick) => {
      const p = products.find((x) => x.id === pick.productId);
      return p ? [{ id: p.id, slug: p.slug, name: p.name }] : [];
    }),
    taken: row.answers.takes.flatMap((id) => {
      const p = products.find((x) => x.id === id);
      return p ? [{ id: p.id, slug: p.slug, name: p.name }] : [];
    }),
    stack: stack ? { id: stack.id, slug: stack.slug, name: stack.name } : null,
  };
}
