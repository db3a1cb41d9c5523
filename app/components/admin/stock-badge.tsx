import type { StockState } from "../../../core/contracts/admin-products.ts";
import { Badge, type BadgeTone } from "../ui/status-badge.tsx";

const LOOK: Record<StockState, { label: string; tone: BadgeTone }> = {
  in: { label: "In stock", tone: "green" },
  low: { label: "Low stock", tone: "yellow" },
  out: { label: "Out of stock", tone: "red" },
};

/** The product's stock state in words (never by colour alone). */
export function StockBadge({ state }: { state: StockState }) {
  const look = LOOK[state];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
