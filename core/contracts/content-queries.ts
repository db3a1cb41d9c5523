/** The query strings and bodies the content API (/api/content) accepts. */
import { z } from "zod";
import { ARTICLE_TYPES } from "../article-types.ts";
import { LOCALES } from "../i18n/locales.ts";
import { findOutcome } from "../outcomes.ts";

export const ARTICLE_LIMIT_DEFAULT = 50;
export const ARTICLE_LIMIT_MAX = 100;
export const SEARCH_MAX_LENGTH = 200;

export const contentId = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, "must be a positive whole number")
  .transform(Number);
export const contentSlug = z.string().max(200);

export const articlesQuery = z.strictObject({
  type: z.enum(ARTICLE_TYPES).optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,7}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1).max(ARTICLE_LIMIT_MAX))
    .optional(),
});
export const expertsQuery = z.strictObject({ featured: z.enum(["true", "false"]).optional() });
export const searchQuery = z.strictObject({
  q: z.string().max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`).default(""),
  /** The page's language: its words are searched and the articles come back in it (English without). */
  lang: z.enum(LOCALES).default("en"),
});
export const recommendationsQuery = z.strictObject({ articleId: contentId });
export const stacksQuery = z.strictObject({
  outcome: z
    .string()
    .max(100)
    .optional()
    .transform((v, ctx) => {
      if (!v || v === "null") return undefined;
      const outcome = findOutcome(v);
      if (!outcome) {
        ctx.addIssue({ code: "custom", message: "unknown outcome" });
        return z.NEVER;
      }
      return outcome.id;
    }),
});
/** Ids are PostgreSQL integers: a larger number would fail in the database (a 5xx), not match nothing. */
const dbId = z.number().int().positive().max(2_147_483_647);
export const trackBody = z.discriminatedUnion("eventType", [
  z.strictObject({ articleId: dbId, eventType: z.literal("view") }),
  z.strictObject({
    articleId: dbId,
    eventType: z.literal("product_click"),
    productId: dbId,
  }),
]);
