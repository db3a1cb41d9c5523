/**
 * Returns and the 60-day guarantee, and the EU/UK right of withdrawal (docs/decisions/055-returns.md): the
 * customer's and the owner's calls, their bodies and what they answer. Every amount is in cents of the
 * order's currency.
 */
import { z } from "zod";

/** Why a customer claims; `content/returns.json` says per reason whether the product must come back. */
export const RETURN_REASONS = [
  "no_difference",
  "side_effect",
  "taste_or_texture",
  "damaged",
  "wrong_item",
  "changed_mind",
  "other",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** "guarantee": the 60-day money-back guarantee; "withdrawal": the EU/UK 14-day right of withdrawal. */
export const RETURN_KINDS = ["guarantee", "withdrawal"] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/**
 * requested → approved → (received →) refunded; requested | approved | received → declined.
 * A return the customer keeps the product of goes approved → refunded without "received".
 */
export const RETURN_STATUSES = ["requested", "approved", "received", "refunded", "declined"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_COMMENT_MAX = 1000;
export const RETURN_NOTE_MAX = 500;

/** The guarantee's window, from the delivery, in days. */
export const GUARANTEE_DAYS = 60;
/** The right of withdrawal's window, from the delivery, in days (EU and UK markets). */
export const WITHDRAWAL_DAYS = 14;

const quantity = z.number().int("a quantity is a whole number").min(1, "a quantity is at least 1").max(99);

/** POST /api/orders/:number/returns: the customer's guarantee claim. */
export const returnClaimBody = z.object({
  lines: z
    .array(z.object({ lineId: z.string().uuid("not a line of this order"), quantity }))
    .min(1, "pick at least one product")
    .max(50),
  reason: z.enum(RETURN_REASONS),
  comment: z.string().trim().max(RETURN_COMMENT_MAX).optional().default(""),
  /** True: the customer keeps the (opened) product; allowed only for a reason that needs no return. */
  keep: z.boolean(),
  /** Where the money goes: the card (or whatever paid), or the customer's store credit. */
  refundTo: z.enum(["original", "credit"]).optional().default("original"),
  /** Only for an order that started a subscription: keep it running, or end it now. */
  subscription: z.enum(["keep", "end"]).optional(),
});
export type ReturnClaimBody = z.infer<typeof returnClaimBody>;

/** POST /api/orders/:number/withdraw: the confirmation step of "Withdraw from contract here". */
export const withdrawalBody = z.object({
  confirm: z.literal(true, { error: "confirm the withdrawal (confirm: true)" }),
  /** Only for an order that started a subscription: keep it running (the default), or end it now. */
  subscription: z.enum(["keep", "end"]).optional(),
});

/** POST /api/admin/returns/:id/approve */
export const approveReturnBody = z.object({
  /** True: the product comes back (the note says how: a prepaid label); false: "no need to send it back". */
  returnNeeded: z.boolean(),
  note: z.string().trim().max(RETURN_NOTE_MAX).optional().default(""),
});
/** POST /api/admin/returns/:id/decline */
export const declineReturnBody = z.object({
  reason: z.string().trim().min(1, "say why the return is declined").max(RETURN_NOTE_MAX),
});
/** POST /api/admin/returns/:id/received and /refund take no body (the refund goes where the customer chose). */

/** GET /api/admin/returns?status=&page= */
export const adminReturnsQuery = z.object({
  status: z
    .enum(["", "open", ...RETURN_STATUSES])
    .optional()
    .default("open"),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export interface ReturnLineView {
  lineId: string;
  productId: number;
  productName: string;
  quantity: number;
  /** What this many of the line paid, its share of codes and taxes included. */
  refundCents: number;
}

/** A return as the customer's order page and the owner's queue show it. */
export interface ReturnView {
  id: string;
  /** "R-" and the order number's digits and a count, such as R-1042-1: what people quote. */
  number: string;
  orderNumber: string;
  kind: ReturnKind;
  status: ReturnStatus;
  reason: ReturnReason;
  comment: string;
  keep: boolean;
  refundTo: "original" | "credit";
  subscription: "keep" | "end" | null;
  /** Set on approval. */
  returnNeeded: boolean | null;
  /** The owner's note on approval (how to send it back), or the reason of a decline. */
  note: string;
  lines: ReturnLineView[];
  /** What will be (or was) refunded: the lines' share, and the shipping for a whole order withdrawn. */
  refundCents: number;
  currency: string;
  createdAt: string;
  updatedAt: string;
}

/** Why a window is closed or a claim cannot be made; the page says it in the customer's language. */
export type ReturnUnavailable =
  | "not_delivered"
  | "window_closed"
  | "nothing_left"
  | "not_paid"
  | "not_in_market";

/** GET /api/orders/:number/returns: what the customer may claim on this order, and its returns so far. */
export interface OrderReturnsView {
  orderNumber: string;
  currency: string;
  deliveredAt: string | null;
  guarantee: { open: true; until: string } | { open: false; why: ReturnUnavailable; until: string | null };
  /** Only for an order shipped to an EU or UK market's country: the 14-day right of withdrawal. */
  withdrawal:
    | { open: true; until: string }
    | { open: false; why: ReturnUnavailable; until: string | null }
    | null;
  /** The order's lines with how many can still be claimed (delivered minus open or refunded returns). */
  lines: { lineId: string; productId: number; productName: string; ordered: number; claimable: number }[];
  /** Per reason, whether the product must be sent back (`content/returns.json`). */
  reasons: { reason: ReturnReason; returnRequired: boolean }[];
  /** True when the order started a subscription that is still running: the claim asks keep or end. */
  startsSubscription: boolean;
  returns: ReturnView[];
}

/** The owner's queue row and detail. */
export interface AdminReturnView extends ReturnView {
  email: string;
  customerName: string | null;
  /** What the order paid and what is refunded already (every refund, not only this return's). */
  orderTotalCents: number;
  orderRefundedCents: number;
  deliveredAt: string | null;
}

export interface AdminReturnsResponse {
  returns: AdminReturnView[];
  total: number;
  page: number;
  pages: number;
}

export function returnClaimPath(orderNumber: string): string {
  return `/account/orders/${encodeURIComponent(orderNumber)}/return`;
}
