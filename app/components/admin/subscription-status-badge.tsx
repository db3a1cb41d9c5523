import { statusLabel } from "../subscriptions/subscription-text.ts";

const LOOK: Record<string, string> = {
  active: "border-verdant text-verdant",
  paused: "border-gold text-gold",
  past_due: "border-danger text-danger",
  cancelled: "border-sand-deep text-muted",
};

/** A subscription's status in words (never by colour alone): Active, Paused, Payment failed, Cancelled. */
export function SubscriptionStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border-2 bg-white px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        LOOK[status] ?? LOOK.cancelled
      }`}
    >
      {statusLabel(status)}
    </span>
  );
}
