import { REACTION_STATUS_LABELS, type ReactionStatus } from "../../../core/reaction-report.ts";
import { Badge, type BadgeTone } from "../ui/status-badge.tsx";

const TONE: Record<ReactionStatus, BadgeTone> = { new: "red", in_review: "yellow", closed: "grey" };

/** A report's status in words and tint: new, in review, closed. */
export function ReactionStatusBadge({ status }: { status: ReactionStatus }) {
  return <Badge tone={TONE[status]}>{REACTION_STATUS_LABELS[status]}</Badge>;
}
