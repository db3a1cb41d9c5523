import type { AdminReturnView, ReturnReason, ReturnStatus } from "../../../core/contracts/returns.ts";
import { Badge, type BadgeTone } from "../ui/status-badge.tsx";

/** A return's reason as the dashboard says it (English only; the customer's pages say it in their language). */
export const RETURN_REASON_WORDS: Record<ReturnReason, string> = {
  no_difference: "Noticed no difference",
  side_effect: "Side effect or did not agree",
  taste_or_texture: "Taste or texture",
  damaged: "Arrived damaged",
  wrong_item: "Wrong item sent",
  changed_mind: "Changed their mind",
  other: "Other",
};

/** A return's reason in words; a withdrawal needs none (the law asks for no reason). */
export function reasonWords(r: Pick<AdminReturnView, "kind" | "reason">): string {
  return r.kind === "withdrawal" ? "Withdrawal (no reason needed)" : RETURN_REASON_WORDS[r.reason];
}

export const RETURN_STATUS_WORDS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  received: "Received",
  refunded: "Refunded",
  declined: "Declined",
};

const TONE: Record<ReturnStatus, BadgeTone> = {
  requested: "yellow",
  approved: "blue",
  received: "blue",
  refunded: "green",
  declined: "grey",
};

/** A return's status in words and tint: waiting on the owner (yellow), under way (blue), done. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <Badge tone={TONE[status]}>{RETURN_STATUS_WORDS[status]}</Badge>;
}

/** Keep the product or send it back: what the customer asked and, once approved, what the owner decided. */
export function keepWords(r: Pick<AdminReturnView, "keep" | "returnNeeded">): string {
  if (r.returnNeeded === true) return "Send back";
  if (r.returnNeeded === false) return "Keeps it";
  return r.keep ? "Keeps it" : "Send back";
}

/** Where the refund goes, in the owner's words. */
export const refundToWords = (to: AdminReturnView["refundTo"]) =>
  to === "credit" ? "store credit" : "the card";

/** How long ago a return was made, from the moment the page was read (`now`, the server's clock). */
export function ageWords(createdAt: string, now: string): string {
  const ms = new Date(now).getTime() - new Date(createdAt).getTime();
  const hours = Math.max(0, Math.floor(ms / 3_600_000));
  if (hours < 1) return "Under an hour";
  if (hours < 24) return hours === 1 ? "1 hour" : `${hours} hours`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "1 day" : `${days} days`;
}
