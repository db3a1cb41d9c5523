/** What a review may say, and the names the pages and the API share: kept apart from the reviews contract
 * (core/contracts/reviews.ts) so the product page does not carry its schema library. */

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

/**
 * The only reasons the team may hide a review for (16 CFR §465.7: a review is not suppressed for its
 * rating or for being negative). The rating is never one of them; decision 044 and
 * content/legal/review-policy.md say the same to shoppers.
 */
export const HIDE_REASONS = {
  "off-topic": "Off-topic",
  "personal-information": "Shares personal information",
  offensive: "Offensive or abusive",
  "medical-claim": "Makes a medical claim",
  "not-about-product": "Not about the product",
  spam: "Spam or advertising",
} as const;
export type HideReason = keyof typeof HIDE_REASONS;
export const HIDE_REASON_KEYS = Object.keys(HIDE_REASONS) as HideReason[];

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
