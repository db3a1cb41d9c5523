/**
 * The rules of returns (docs/decisions/055-returns.md), pure: the 60-day guarantee's and the EU/UK 14-day
 * withdrawal's windows, how many of each order line can still be claimed, and what a claim refunds. The
 * server (server/returns/claims.ts) reads the rows and the clock and asks these.
 */
import {
  GUARANTEE_DAYS,
  type ReturnReason,
  type ReturnStatus,
  type ReturnUnavailable,
  WITHDRAWAL_DAYS,
} from "./contracts/returns.ts";
import type { Market } from "./markets.ts";

const DAY_MS = 86_400_000;

/**
 * The last moment of a window of `days` from a delivery: the end (23:59:59.999 UTC) of the day `days` after
 * the delivery's day in UTC. Delivered on 1 March: the 60-day guarantee is open through 30 April.
 */
export function windowEnd(deliveredAt: Date, days: number): Date {
  const dayStart = Date.UTC(
    deliveredAt.getUTCFullYear(),
    deliveredAt.getUTCMonth(),
    deliveredAt.getUTCDate(),
  );
  return new Date(dayStart + (days + 1) * DAY_MS - 1);
}

/** What the windows need of an order. */
export interface ReturnOrderFacts {
  paidAt: Date | null;
  deliveredAt: Date | null;
  /** The order's status (paid, shipped, delivered, cancelled, refunded…). */
  status: string;
  /** The shipping address's country (ISO alpha-2), or null for an order placed before addresses. */
  country: string | null;
}

export type WindowState =
  | { open: true; until: string }
  | { open: false; why: ReturnUnavailable; until: string | null };

function windowState(order: ReturnOrderFacts, days: number, now: Date, anythingLeft: boolean): WindowState {
  if (!order.paidAt || order.status === "cancelled") return { open: false, why: "not_paid", until: null };
  if (!order.deliveredAt) return { open: false, why: "not_delivered", until: null };
  const end = windowEnd(order.deliveredAt, days);
  const until = end.toISOString();
  if (now.getTime() > end.getTime()) return { open: false, why: "window_closed", until };
  if (!anythingLeft) return { open: false, why: "nothing_left", until };
  return { open: true, until };
}

/** The 60-day guarantee: open from the delivery through the end of the 60th day after it (UTC). */
export function guaranteeWindow(order: ReturnOrderFacts, now: Date, anythingLeft = true): WindowState {
  return windowState(order, GUARANTEE_DAYS, now, anythingLeft);
}

/**
 * Whether an order has the right of withdrawal at all: its shipping country is in an enabled EU or UK market
 * (decision 051: the owner's markets, the EU with the countries chosen for it).
 */
export function hasWithdrawalRight(country: string | null, enabled: readonly Market[]): boolean {
  if (!country) return false;
  const code = country.toUpperCase();
  return enabled.some((m) => (m.id === "eu" || m.id === "uk") && m.countries.includes(code));
}

/**
 * The 14-day right of withdrawal: null for an order outside the enabled EU and UK markets (no such right),
 * else open from the delivery through the end of the 14th day after it (UTC).
 */
export function withdrawalWindow(
  order: ReturnOrderFacts,
  enabled: readonly Market[],
  now: Date,
  anythingLeft = true,
): WindowState | null {
  if (!hasWithdrawalRight(order.country, enabled)) return null;
  return windowState(order, WITHDRAWAL_DAYS, now, anythingLeft);
}

/** The statuses whose quantities count against what can still be claimed: every one but a declined return. */
export function countsAgainstLines(status: ReturnStatus | string): boolean {
  return status !== "declined";
}

export interface ClaimableLine {
  id: string;
  quantity: number;
}

export interface ExistingReturn {
  status: ReturnStatus | string;
  lines: { orderLineId: string; quantity: number }[];
}

/** How many of each line can still be claimed: ordered, minus the quantities of returns not declined. */
export function claimableQuantities(
  lines: readonly ClaimableLine[],
  returns: readonly ExistingReturn[],
): Map<string, number> {
  const claimed = new Map<string, number>();
  for (const r of returns) {
    if (!countsAgainstLines(r.status)) continue;
    for (const l of r.lines) claimed.set(l.orderLineId, (claimed.get(l.orderLineId) ?? 0) + l.quantity);
  }
  return new Map(lines.map((l) => [l.id, Math.max(0, l.quantity - (claimed.get(l.id) ?? 0))]));
}

/** What a claim's refund needs of an order line. */
export interface RefundLine {
  id: string;
  quantity: number;
  lineTotalCents: number;
  /** The line's share of its stack's saving (core/pricing.ts): not paid, so not refunded. */
  savingCents: number;
  codeDiscountCents: number;
}

/** What a claim's refund needs of the order. */
export interface RefundOrder {
  /** Taxes added at checkout (a VAT the prices contained is already in the lines). */
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  /** What is refunded of it already (refunds not failed). */
  refundedCents: number;
}

export interface ClaimRefund {
  lines: { lineId: string; quantity: number; refundCents: number }[];
  /** The order's shipping, given back with a withdrawal of everything still claimable; 0 otherwise. */
  shippingCents: number;
  /** The sum, capped at what is left to refund on the order. */
  refundCents: number;
}

/** A line's paid share: its total less its stack saving and its share of the discount code; never below 0. */
export function paidShare(line: RefundLine): number {
  return Math.max(0, line.lineTotalCents - line.savingCents - line.codeDiscountCents);
}

/**
 * What a claim refunds (decision 055): for each claimed line its paid share plus its share of the added tax
 * in proportion to the paid shares of all the order's lines, times quantity / ordered, rounded down to the
 * cent; a withdrawal of everything still claimable adds the order's shipping; the sum is capped at what is
 * left to refund on the order. `claim` is assumed checked (lines of `lines`, quantities claimable).
 */
export function claimRefund(
  order: RefundOrder,
  lines: readonly RefundLine[],
  claim: readonly { lineId: string; quantity: number }[],
  options: { withShipping?: boolean } = {},
): ClaimRefund {
  const paidTotal = lines.reduce((sum, l) => sum + paidShare(l), 0);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const out = claim.map((c) => {
    const line = byId.get(c.lineId);
    if (!line || line.quantity <= 0) return { lineId: c.lineId, quantity: c.quantity, refundCents: 0 };
    const paid = paidShare(line);
    // (paid + tax × paid / paidTotal) × qty / ordered, in whole numbers until the one rounding down.
    const numerator = paidTotal > 0 ? paid * (paidTotal + order.taxCents) * c.quantity : 0;
    const denominator = paidTotal > 0 ? paidTotal * line.quantity : 1;
    return { lineId: c.lineId, quantity: c.quantity, refundCents: Math.floor(numerator / denominator) };
  });
  const shippingCents = options.withShipping ? order.shippingCents : 0;
  const sum = out.reduce((s, l) => s + l.refundCents, 0) + shippingCents;
  const left = Math.max(0, order.totalCents - order.refundedCents);
  return { lines: out, shippingCents, refundCents: Math.min(sum, left) };
}

/** Whether the customer may keep the product for this reason: only when the reason needs no return. */
export function keepAllowed(
  reason: ReturnReason,
  reasons: readonly { reason: ReturnReason; returnRequired: boolean }[],
): boolean {
  const found = reasons.find((r) => r.reason === reason);
  // A reason the owner's list does not name is treated as needing the product back.
  return found ? !found.returnRequired : false;
}
