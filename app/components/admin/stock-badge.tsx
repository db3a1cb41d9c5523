import type { StockState } from "../../../core/contracts/admin-products.ts";

const LOOK: Record<StockState, { label: string; className: string }> = {
  in: { label: "In stock", className: "border-verdant text-verdant" },
  low: { label: "Low stock", className: "border-gold text-gold" },
  out: { label: "Out of stock", className: "border-danger text-danger" },
};

/** The product's stock state in words (never by colour alone). */
export function StockBadge({ state }: { state: StockState }) {
  const look = LOOK[state];
  return (
    <span
      className={`inline-flex items-center rounded-full border-2 bg-white px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${look.className}`}
    >
      {look.label}
    </span>
  );
}
