/** Product reviews from verified buyers: what a review may say, and how the API and pages show them. */
import { z } from "zod";

export const REVIEWS_PAGE_SIZE = 5;
/** The anchor of the review form on a product's page (the invitation e-mail links to it). */
export const WRITE_REVIEW_ANCHOR = "write-review";
export const REVIEW_TITLE = { min: 3, max: 100 } as const;
export const REVIEW_BODY = { min: 20, max: 2000 } as const;

export const REVIEW_STATUSES = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Why a shopper reports a review, as the form offers them. */
export const REPORT_REASONS = {
  spam: "Spam or advertising",
  offensive: "Offensive or abusive",
  "off-topic": "Not about this product",
  personal: "Shares personal information",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

// Control characters other than tab and line breaks (the text's own paragraphs stay).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused are control characters
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/**
 * A link in any form readers could follow or copy: http(s)://, www., or a bare domain such as
 * "example.com" or "shop.example.co.uk/path" (a word, a dot, then two or more letters, not followed by a
 * letter or digit). "3.5 stars" or "e.g. this" are not domains.
 */
const LINK = /(https?:\/\/|\bwww\.|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(?![a-z0-9]))/i;

/** Why a review text cannot be kept, or null when it can. */
export function reviewTextProblem(text: string): string | null {
  if (CONTROL.test(text)) return "must not contain control characters";
  if (LINK.test(text)) return "must not contain links or web addresses";
  return null;
}

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

/** A product's card line: average and count of published reviews. */
export interface CardRating {
  average: number;
  count: number;
}

/** The average as people read it: one decimal, "4.0" not "4". */
export const formatAverage = (average: number) => average.toFixed(1);

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

export const adminReviewMoveBody = z.strictObject({
  status: z.enum(["published", "hidden"], { error: "status is published or hidden" }),
});

export const reviewSettingsBody = z.strictObject({
  autoPublish: z.boolean({ error: "autoPublish is true or false" }),
});
