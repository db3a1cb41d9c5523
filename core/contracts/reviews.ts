/** Product reviews from verified buyers: what a review may say, and how the API and pages show them. */
import { z } from "zod";
import {
  HIDE_REASON_KEYS,
  type HideReason,
  REPORT_REASONS,
  REVIEW_BODY,
  REVIEW_STATUSES,
  REVIEW_TITLE,
  type ReportReason,
  type ReviewStatus,
  reviewTextProblem,
} from "../review-rules.ts";

// The rules and the card's rating live where pages that need no schema library can import them.
export * from "../rating.ts";
export * from "../review-rules.ts";

const reviewText = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine((value, ctx) => {
      const problem = reviewTextProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: `${label} ${problem}` });
    });

export const reviewBody = z.strictObject({
  rating: z
    .number({ error: "rating is a whole number from 1 to 5" })
    .int("rating is a whole number from 1 to 5")
    .min(1, "rating is a whole number from 1 to 5")
    .max(5, "rating is a whole number from 1 to 5"),
  title: reviewText("title", REVIEW_TITLE),
  body: reviewText("text", REVIEW_BODY),
});
export type ReviewInput = z.infer<typeof reviewBody>;

export const reviewReportBody = z.strictObject({
  reason: z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], {
    error: `reason is one of ${Object.keys(REPORT_REASONS).join(", ")}`,
  }),
});

export const reviewsPageQuery = z.strictObject({
  page: z.coerce
    .number({ error: "page is a whole number from 1" })
    .int("page is a whole number from 1")
    .min(1, "page is a whole number from 1")
    .max(100_000, "page is at most 100000")
    .optional()
    .default(1),
});

/** A published review as anyone sees it. */
export interface PublicReview {
  id: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  /** ISO date-time the review was written. */
  createdAt: string;
}

/** The viewer's own review, whatever its state. */
export interface OwnReview extends PublicReview {
  status: ReviewStatus;
}

export interface RatingSummary {
  /** Average of published ratings to one decimal; null without any. */
  average: number | null;
  count: number;
  /** Published reviews per star, 5 down to 1. */
  stars: { stars: number; count: number }[];
}

/** What the signed-in viewer may do about a product's reviews. */
export type ReviewViewer =
  | { kind: "signed-out" }
  | { kind: "not-buyer" }
  | { kind: "may-review" }
  | { kind: "reviewed"; review: OwnReview };

export interface ProductReviewsResponse {
  summary: RatingSummary;
  reviews: PublicReview[];
  page: number;
  pages: number;
}

/** Dashboard list query for /admin/reviews. */
export const adminReviewsQuery = z.strictObject({
  status: z
    .enum(REVIEW_STATUSES, { error: "status is pending, published or hidden" })
    .optional()
    .default("pending"),
  page: reviewsPageQuery.shape.page,
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuery>;

export interface AdminReviewItem {
  id: string;
  productId: number;
  productName: string;
  productSlug: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  authorEmail: string;
  status: ReviewStatus;
  createdAt: string;
  reportCount: number;
  reportReasons: ReportReason[];
  /** Why the team hid it; null unless hidden. */
  hiddenReason: HideReason | null;
  /** Who last published or hid it (their e-mail); null until someone did. */
  moderatedBy: string | null;
  /** The text reads like a report of a reaction (core/reaction-words.ts). */
  reactionFlag: boolean;
}

export interface AdminReviewsResponse {
  reviews: AdminReviewItem[];
  total: number;
  page: number;
  pages: number;
  /** Reviews waiting, whatever list is shown. */
  pendingCount: number;
  autoPublish: boolean;
}

const hideReasonList = HIDE_REASON_KEYS.join(", ");

/**
 * Publish, or hide with one of HIDE_REASONS (a reason is required to hide, and refused when publishing).
 */
export const adminReviewMoveBody = z
  .strictObject({
    status: z.enum(["published", "hidden"], { error: "status is published or hidden" }),
    reason: z
      .enum(HIDE_REASON_KEYS as [HideReason, ...HideReason[]], {
        error: `reason must be one of ${hideReasonList} (a review is never hidden for its rating)`,
      })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === "hidden" && !v.reason)
      ctx.addIssue({
        code: "custom",
        path: ["reason"],
        message: `reason is required to hide a review: one of ${hideReasonList}`,
      });
    if (v.status === "published" && v.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "reason is only given to hide a review" });
  });
export type AdminReviewMove = z.infer<typeof adminReviewMoveBody>;

export const reviewSettingsBody = z.strictObject({
  autoPublish: z.boolean({ error: "autoPublish is true or false" }),
});
