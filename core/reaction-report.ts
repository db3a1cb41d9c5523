/**
 * A report of a reaction to a product (decision 044): the form's limits, its statuses, and the form's
 * address with what it may be opened with (the product page, an order page, a flagged review).
 */

export const REACTION_FORM_PATH = "/report-a-reaction";
export const REACTION_DESCRIPTION = { min: 10, max: 4000 } as const;
export const REACTION_NAME_MAX = 100;

export const REACTION_STATUSES = ["new", "in_review", "closed"] as const;
export type ReactionStatus = (typeof REACTION_STATUSES)[number];
export const REACTION_STATUS_LABELS: Record<ReactionStatus, string> = {
  new: "New",
  in_review: "In review",
  closed: "Closed",
};
export const OWNER_NOTE_MAX = 4000;

/** What the reporter agrees to, shown above the button and kept with the report's acknowledgment. */
export const REACTION_CONSENT =
  "We keep this report, your contact details and any order it names for six years, as US law asks of a supplement distributor, even if you delete your account. The MANA team reads it, may contact you about it, and may share it with the US Food and Drug Administration. We never publish it.";

export interface ReactionFormPrefill {
  product?: string;
  order?: string;
  name?: string;
  email?: string;
  description?: string;
}

/** The form's address, opened with the fields given (a product's slug, an order number…). */
export function reactionFormPath(prefill: ReactionFormPrefill = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(prefill)) if (value) query.set(key, value);
  const q = query.toString();
  return q ? `${REACTION_FORM_PATH}?${q}` : REACTION_FORM_PATH;
}
