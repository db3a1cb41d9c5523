import { and, eq, max, ne } from "drizzle-orm";
import reasonsFile from "../../content/returns.json" with { type: "json" };
import {
  GUARANTEE_DAYS,
  type OrderReturnsView,
  RETURN_REASONS,
  type ReturnClaimBody,
  type ReturnReason,
  type ReturnView,
  WITHDRAWAL_DAYS,
} from "../../core/contracts/returns.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import {
  claimableQuantities,
  claimRefund,
  guaranteeWindow,
  keepAllowed,
  type ReturnOrderFacts,
  type WindowState,
  withdrawalWindow,
} from "../../core/returns.ts";
import type { Tx } from "../db/client.ts";
import { orders, returnRequestLines, returnRequests, subscriptions } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { Conflict, InvalidInput, NotFound } from "../domain-errors.ts";
import { enabledMarkets } from "../markets/markets.ts";
import { recordOrderEvent } from "../orders/order-events.ts";
import { loadOrderLines, type OrderLineRow, type OrderRow } from "../orders/order-rows.ts";
import { committedCents } from "../orders/refund-order.ts";
import { changeSubscription } from "../subscriptions/change-subscription.ts";
import { returnClaimedEmail, withdrawalEmail } from "./return-emails.ts";
import {
  loadOrderReturnRows,
  loadReturnLines,
  type ReturnRow,
  returnNumber,
  returnViews,
  toReturnView,
} from "./return-rows.ts";

/**
 * The customer's side of returns (docs/decisions/055-returns.md): what an order can still claim, a claim
 * under the 60-day guarantee, and the EU/UK withdrawal. Signed-in only; another customer's order is a 404.
 */
export type ClaimDeps = Pick<
  ShopDeps,
  "db" | "catalogue" | "payments" | "logger" | "mailer" | "origin" | "manageSecret" | "tax"
>;

/** The owner's reasons (content/returns.json): whether the product must come back, per reason. */
export function returnReasons(): { reason: ReturnReason; returnRequired: boolean }[] {
  const file = new Map(reasonsFile.reasons.map((r) => [r.reason, r.returnRequired]));
  // Every reason of the contract, in its order; one the file forgets needs the product back.
  return RETURN_REASONS.map((reason) => ({ reason, returnRequired: file.get(reason) ?? true }));
}

/** What the withdrawal records as its reason: the customer changed their mind (no reason is asked). */
const WITHDRAWAL_REASON: ReturnReason = "changed_mind";

/** The customer's own order by its number (any case), locked when `lock`; another's or none: 404. */
async function ownOrder(tx: Tx | ClaimDeps["db"], userId: string, orderNumber: string, lock = false) {
  const number = orderNumber.trim().toUpperCase();
  if (number.length === 0 || number.length > 64) throw new NotFound("Order not found.");
  const where = and(eq(orders.orderNumber, number), eq(orders.userId, userId));
  const query = tx.select().from(orders).where(where);
  const [order] = lock ? await query.for("update") : await query;
  if (!order) throw new NotFound("Order not found.");
  return order;
}

function facts(order: OrderRow): ReturnOrderFacts {
  return {
    paidAt: order.paidAt,
    deliveredAt: order.deliveredAt,
    status: order.status,
    country: order.shippingAddress?.country ?? null,
  };
}

/** An order's returns with their lines: what counts against the quantities still claimable. */
async function returnsWithLines(tx: Tx | ClaimDeps["db"], orderId: string) {
  const rows = await loadOrderReturnRows(tx, orderId);
  const lines = await loadReturnLines(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, status: row.status, lines: lines.get(row.id) ?? [] }));
}

/** Whether a subscription bought with this order is still running (not cancelled). */
async function runningSubscriptions(tx: Tx | ClaimDeps["db"], orderId: string) {
  return tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.orderId, orderId), ne(subscriptions.status, "cancelled")));
}

/** GET /api/orders/:number/returns: the windows, what can still be claimed, the reasons and the returns. */
export async function orderReturns(
  deps: Pick<ClaimDeps, "db">,
  userId: string,
  orderNumber: string,
  now = new Date(),
): Promise<OrderReturnsView> {
  const { db } = deps;
  const order = await ownOrder(db, userId, orderNumber);
  const lines = await loadOrderLines(db, order.id);
  const existing = await returnsWithLines(db, order.id);
  const claimable = claimableQuantities(lines, existing);
  // An order refunded in full has nothing left to claim, whatever its quantities say.
  const anythingLeft =
    [...claimable.values()].some((n) => n > 0) && (await committedCents(db, order.id)) < order.totalCents;
  const markets = await enabledMarkets(db);
  const running = await runningSubscriptions(db, order.id);
  return {
    orderNumber: order.orderNumber,
    currency: storedCurrency(order.currency),
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    guarantee: guaranteeWindow(facts(order), now, anythingLeft),
    withdrawal: withdrawalWindow(facts(order), markets, now, anythingLeft),
    lines: lines.map((l) => ({
      lineId: l.id,
      productId: l.productId,
      productName: l.productName,
      ordered: l.quantity,
      claimable: claimable.get(l.id) ?? 0,
    })),
    reasons: returnReasons(),
    startsSubscription: running.length > 0,
    returns: await returnViews(
      db,
      existing.map((e) => e.row),
    ),
  };
}

const day = (iso: string) => iso.slice(0, 10);

/** A closed window as the 409 the customer reads: why, and until when it was open. */
function refuseWindow(order: OrderRow, state: WindowState, days: number, what: string): void {
  if (state.open) return;
  const number = order.orderNumber;
  switch (state.why) {
    case "not_paid":
      throw new Conflict("return_not_paid", `Order ${number} was not paid, so there is nothing to return.`);
    case "not_delivered":
      throw new Conflict(
        "return_not_delivered",
        `Order ${number} is not delivered yet: the ${what} starts when it is.`,
      );
    case "window_closed":
      throw new Conflict(
        "return_window_closed",
        `The ${what} of order ${number} ran for ${days} days after its delivery, until the end of ${day(state.until ?? "")} (UTC): it is closed.`,
      );
    case "nothing_left":
      throw new Conflict("return_nothing_left", `Every product of order ${number} is already in a return.`);
    case "not_in_market":
      throw new Conflict("return_no_withdrawal", `Order ${number} has no right of withdrawal.`);
  }
}

/** An order refunded in full already: nothing is left to claim (409 return_nothing_left). */
async function refuseRefundedInFull(tx: Tx, order: OrderRow): Promise<void> {
  if ((await committedCents(tx, order.id)) >= order.totalCents)
    throw new Conflict("return_nothing_left", `Order ${order.orderNumber} is already refunded in full.`);
}

/** The next return's sequence on an order (its number R-…-n), read with the order row locked. */
async function nextSequence(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: max(returnRequests.sequence) })
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId));
  return (row?.n ?? 0) + 1;
}

interface Recorded {
  order: OrderRow;
  lines: OrderLineRow[];
  row: ReturnRow;
  view: ReturnView;
  /** The running subscriptions of the order, to end after the claim when the customer asked to. */
  subscriptionIds: string[];
}

/** Writes a return, its lines and its order event, inside the transaction that locked the order. */
async function writeReturn(
  tx: Tx,
  order: OrderRow,
  lines: OrderLineRow[],
  input: {
    kind: "guarantee" | "withdrawal";
    reason: ReturnReason;
    comment: string;
    keep: boolean;
    refundTo: "original" | "credit";
    subscription: "keep" | "end" | null;
    claim: { lineId: string; quantity: number }[];
    withShipping: boolean;
    userId: string;
  },
): Promise<{ row: ReturnRow; view: ReturnView }> {
  const refunded = await committedCents(tx, order.id);
  const refund = claimRefund(
    {
      taxCents: order.taxCents,
      shippingCents: order.shippingCents,
      totalCents: order.totalCents,
      refundedCents: refunded,
    },
    lines,
    input.claim,
    { withShipping: input.withShipping },
  );
  const sequence = await nextSequence(tx, order.id);
  const [row] = await tx
    .insert(returnRequests)
    .values({
      orderId: order.id,
      userId: input.userId,
      sequence,
      kind: input.kind,
      reason: input.reason,
      comment: input.comment,
      keep: input.keep,
      refundTo: input.refundTo,
      subscriptionChoice: input.subscription,
      refundCents: refund.refundCents,
    })
    .returning();
  if (!row) throw new Error("the return was not written");
  await tx.insert(returnRequestLines).values(
    refund.lines.map((l) => ({
      returnId: row.id,
      orderLineId: l.lineId,
      quantity: l.quantity,
      refundCents: l.refundCents,
    })),
  );
  const number = returnNumber(order.orderNumber, sequence);
  await recordOrderEvent(tx, order.id, input.kind === "withdrawal" ? "withdrawn" : "return_requested", {
    returnNumber: number,
  });
  const byId = new Map(lines.map((l) => [l.id, l]));
  const view = toReturnView(
    row,
    refund.lines.map((l) => ({
      returnId: row.id,
      orderLineId: l.lineId,
      quantity: l.quantity,
      refundCents: l.refundCents,
      productId: byId.get(l.lineId)?.productId ?? 0,
      productName: byId.get(l.lineId)?.productName ?? "",
    })),
    order,
  );
  return { row, view };
}

/**
 * Ends the subscriptions bought with the order through the account's cancel (actor customer), after the
 * claim is written: a cancel the provider refuses is logged and leaves the claim as made (the customer can
 * still cancel from their account).
 */
async function endSubscriptions(deps: ClaimDeps, userId: string, ids: string[]): Promise<void> {
  for (const id of ids) {
    try {
      await changeSubscription(deps, {
        id,
        userId,
        actor: "customer",
        change: { action: "cancel", reason: null },
      });
    } catch (err) {
      if (err instanceof Conflict) continue; // already cancelled meanwhile
      deps.logger.error({ err, subscriptionId: id }, "a return's subscription could not be cancelled");
    }
  }
}

/**
 * POST /api/orders/:number/returns: a claim under the 60-day guarantee. The order row is locked and the
 * other returns counted inside the transaction, so two claims at once never claim more than was delivered
 * (409 return_quantity). Keeping the product is refused for a reason that needs it back (409
 * return_required). The customer is e-mailed in the order's language; "end" cancels the subscription.
 */
export async function claimGuarantee(
  deps: ClaimDeps,
  request: { userId: string; orderNumber: string; body: ReturnClaimBody; now?: Date },
): Promise<ReturnView> {
  const { body, userId } = request;
  const now = request.now ?? new Date();
  if (body.keep && !keepAllowed(body.reason, returnReasons()))
    throw new Conflict(
      "return_required",
      "For this reason the product has to come back to us: choose to send it back, or pick another reason.",
    );
  const ids = body.lines.map((l) => l.lineId);
  if (new Set(ids).size !== ids.length)
    throw new InvalidInput("invalid_input", "Each product can be listed once in a claim.", {
      fields: { lines: "Each product can be listed once in a claim." },
    });

  const recorded: Recorded = await deps.db.transaction(async (tx) => {
    const order = await ownOrder(tx, userId, request.orderNumber, true);
    const lines = await loadOrderLines(tx, order.id);
    const existing = await returnsWithLines(tx, order.id);
    const claimable = claimableQuantities(lines, existing);
    refuseWindow(order, guaranteeWindow(facts(order), now), GUARANTEE_DAYS, "60-day guarantee");
    await refuseRefundedInFull(tx, order);
    const byId = new Map(lines.map((l) => [l.id, l]));
    for (const l of body.lines) {
      const line = byId.get(l.lineId);
      if (!line) throw new NotFound(`Order ${order.orderNumber} has no such line.`, "return_line_not_found");
      const left = claimable.get(line.id) ?? 0;
      if (l.quantity > left)
        throw new Conflict(
          "return_quantity",
          left === 0
            ? `Every ${line.productName} of order ${order.orderNumber} is already in a return.`
            : `Only ${left} of ${line.quantity} ${line.productName} of order ${order.orderNumber} can still be claimed.`,
        );
    }
    const running = await runningSubscriptions(tx, order.id);
    const subscription = running.length > 0 ? (body.subscription ?? "keep") : null;
    const { row, view } = await writeReturn(tx, order, lines, {
      kind: "guarantee",
      reason: body.reason,
      comment: body.comment,
      keep: body.keep,
      refundTo: body.refundTo,
      subscription,
      claim: body.lines,
      withShipping: false,
      userId,
    });
    return {
      order,
      lines,
      row,
      view,
      subscriptionIds: subscription === "end" ? running.map((s) => s.id) : [],
    };
  });

  if (recorded.subscriptionIds.length > 0) await endSubscriptions(deps, userId, recorded.subscriptionIds);
  await deps.mailer.send(returnClaimedEmail(recorded.order, recorded.view, deps.origin));
  return recorded.view;
}

/**
 * POST /api/orders/:number/withdraw: the EU/UK right of withdrawal, confirmed. Records a withdrawal of
 * every product still claimable (always sent back; the refund adds the shipping), then e-mails the
 * acknowledgment with the date and time it was received. 409 outside the 14 days, for an order with no such
 * right, or with nothing left to withdraw.
 */
export async function withdraw(
  deps: ClaimDeps,
  request: { userId: string; orderNumber: string; subscription?: "keep" | "end"; now?: Date },
): Promise<ReturnView> {
  const { userId } = request;
  const now = request.now ?? new Date();
  const markets = await enabledMarkets(deps.db);
  const recorded: Recorded = await deps.db.transaction(async (tx) => {
    const order = await ownOrder(tx, userId, request.orderNumber, true);
    const state = withdrawalWindow(facts(order), markets, now);
    if (!state)
      throw new Conflict(
        "return_no_withdrawal",
        `Order ${order.orderNumber} was not shipped to a country of the shop's EU or UK markets, so it has no right of withdrawal: the 60-day guarantee applies.`,
      );
    refuseWindow(order, state, WITHDRAWAL_DAYS, "14-day right of withdrawal");
    await refuseRefundedInFull(tx, order);
    const lines = await loadOrderLines(tx, order.id);
    const claimable = claimableQuantities(lines, await returnsWithLines(tx, order.id));
    const claim = lines.flatMap((l) => {
      const quantity = claimable.get(l.id) ?? 0;
      return quantity > 0 ? [{ lineId: l.id, quantity }] : [];
    });
    if (claim.length === 0)
      throw new Conflict(
        "return_nothing_left",
        `Every product of order ${order.orderNumber} is already in a return.`,
      );
    const running = await runningSubscriptions(tx, order.id);
    const subscription = running.length > 0 ? (request.subscription ?? "keep") : null;
    const { row, view } = await writeReturn(tx, order, lines, {
      kind: "withdrawal",
      reason: WITHDRAWAL_REASON,
      comment: "",
      keep: false,
      refundTo: "original",
      subscription,
      claim,
      withShipping: true,
      userId,
    });
    return {
      order,
      lines,
      row,
      view,
      subscriptionIds: subscription === "end" ? running.map((s) => s.id) : [],
    };
  });

  if (recorded.subscriptionIds.length > 0) await endSubscriptions(deps, userId, recorded.subscriptionIds);
  await deps.mailer.send(withdrawalEmail(recorded.order, recorded.view, recorded.row.createdAt, deps.origin));
  return recorded.view;
}
