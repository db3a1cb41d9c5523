import type { ReactNode } from "react";

/**
 * The shop's one badge: a word or two in a pill, tinted in a colour that says the same (never by colour
 * alone). The fills and texts are theme tokens (app.css, dark-theme.css), each pair at least 6.5:1.
 */
const TONES = {
  green: "bg-status-green text-status-green-ink",
  blue: "bg-status-blue text-status-blue-ink",
  yellow: "bg-status-yellow text-status-yellow-ink",
  red: "bg-status-red text-status-red-ink",
  grey: "bg-status-grey text-status-grey-ink",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({
  tone,
  capitalize = false,
  children,
}: {
  tone: BadgeTone;
  /** Shows a raw status word ("shipped") with a capital. */
  capitalize?: boolean;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}${capitalize ? " capitalize" : ""}`}
    >
      {children}
    </span>
  );
}

/**
 * The colour of an order's or a subscription's status, the same on every page and the dashboard:
 * delivered and active green (paid too); processing and shipped blue; pending and paused yellow;
 * cancelled red, and a failed renewal (past_due) with it; anything else grey.
 */
export function statusTone(status: string): BadgeTone {
  switch (status) {
    case "delivered":
    case "active":
    case "paid":
      return "green";
    case "processing":
    case "shipped":
      return "blue";
    case "pending":
    case "paused":
      return "yellow";
    case "cancelled":
    case "past_due":
      return "red";
    default:
      return "grey";
  }
}

/**
 * An order's or a subscription's status as a badge. Without `label` the status word itself is shown,
 * capitalised (orders); subscriptions pass their words ("Payment failed"). `icon` goes before the text.
 */
export function StatusBadge({ status, label, icon }: { status: string; label?: string; icon?: ReactNode }) {
  return (
    <Badge tone={statusTone(status)} capitalize={label === undefined}>
      {icon}
      {label ?? status}
    </Badge>
  );
}
