import type { AdminCodeView, CodeState } from "../../../core/contracts/admin-codes.ts";
import { codeConditions } from "../../../core/discount-code.ts";
import { formatDate, formatDateTime } from "../../lib/format-date.ts";
import type { BadgeTone } from "../ui/status-badge.tsx";

/** A code's state as the list shows it: the word and its badge's tone. */
export const STATE: Record<CodeState, { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "green" },
  scheduled: { label: "Not started", tone: "blue" },
  paused: { label: "Paused", tone: "yellow" },
  expired: { label: "Expired", tone: "grey" },
  used_up: { label: "Used up", tone: "grey" },
  ended: { label: "Ended", tone: "grey" },
};

const DAY_MS = 86_400_000;
const atMidnight = (iso: string) => iso.endsWith("T00:00:00.000Z");

/**
 * When a code works, in the form's own terms: a start at 00:00 UTC is its first day, an end at 00:00 UTC
 * follows its last day ("through" the day before); any other moment is shown as it is.
 */
export function codeDates(terms: { startsAt: string | null; endsAt: string | null }): string[] {
  const out: string[] = [];
  if (terms.startsAt)
    out.push(
      atMidnight(terms.startsAt)
        ? `From ${formatDate(terms.startsAt)}.`
        : `From ${formatDateTime(terms.startsAt)}.`,
    );
  if (terms.endsAt)
    out.push(
      atMidnight(terms.endsAt)
        ? `Through ${formatDate(new Date(new Date(terms.endsAt).getTime() - DAY_MS))}.`
        : `Until ${formatDateTime(terms.endsAt)}.`,
    );
  return out;
}

/**
 * Everything a code asks of an order, as the owner reads it: the conditions the shopper is shown
 * (core/discount-code.ts), with the products named, then once per customer and the dates.
 */
export function codeDetails(code: AdminCodeView, productNames: Record<number, string>): string[] {
  const ids = code.terms.productIds;
  const named = ids ? ids.map((id) => productNames[id] ?? `product ${id}`) : [];
  const shown = codeConditions(code.terms).map((line) =>
    ids && line === "On some products only." ? `Only on ${listed(named)}.` : line,
  );
  if (code.oncePerCustomer) shown.push("Once per customer.");
  return [...shown, ...codeDates(code.terms)];
}

/** "A", "A and B", "A, B and C". */
function listed(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** "3 of 100", or "3 (no limit)"; uses held by checkouts under way said apart. */
export function usesText(code: Pick<AdminCodeView, "uses" | "reserved" | "maxUses">): string {
  const used = code.maxUses === null ? `${code.uses} (no limit)` : `${code.uses} of ${code.maxUses}`;
  return code.reserved > 0 ? `${used} (+${code.reserved} in checkout)` : used;
}
