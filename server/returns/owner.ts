import { and, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type {
  AdminReturnsResponse,
  AdminReturnView,
  adminReturnsQuery,
  ReturnStatus,
  ReturnView,
} from "../../core/contracts/returns.ts";
import { formatMoney } from "../../core/money.ts";
import { OrderTransitionError } from "../../core/order-status.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { owning } from "../admin/orders.ts";
import { type AuditActor, recordAudit } from "../audit/audit.ts";
import type { DbOrTx } from "../db/client.ts";
import { orders, refunds, returnRequests } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { Conflict, NotFound } from "../domain-errors.ts";
import { listPage } from "../lib/list-page.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { recordOrderEvent } from "../orders/order-events.ts";
import type { OrderRow } from "../orders/order-rows.ts";
import { committedCents, refundOrder } from "../orders/refund-order.ts";
import { returnApprovedEmail, returnDeclinedEmail, returnReceivedEmail } from "./return-emails.ts";
import { loadReturnLines, type ReturnRow, returnNumber, toReturnView } from "./return-rows.ts";

/**
 * The owner's side of returns (docs/decisions/055-returns.md): the queue, one return's detail, and the
 * moves approve, received, refund and decline. Every move is one conditional update (`where status in …`),
 * so two owners clicking at once move a return once and the second is answered 409; it records the order's
 * timeline step and an audit row in that transaction, and e-mails the customer in the order's language
 * once it commits. The refund goes through `refundOrder`, which never gives back more than was paid.
 */

export type OwnerDeps = Pick<ShopDeps, "db" | "payments" | "mailer" | "origin">;
type AdminReturnsQuery = ReturnType<typeof adminReturnsQuery.parse>;

export const OPEN_STATUSES: ReturnStatus[] = ["requested", "approved", "received"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATUS_WORDS: Record<ReturnStatus, string> = {
  requested: "waiting for a decision",
  approved: "approved",
  received: "received",
  refunded: "refunded already",
  declined: "declined",
};

/** The queue: "open" (requested, approved, received), one status, or every return (""); newest first. */
export async function listReturns(db: DbOrTx, query: AdminReturnsQuery): Promise<AdminReturnsResponse> {
  const condition: SQL | undefined =
    query.status === ""
      ? undefined
      : query.status === "open"
        ? inArray(returnRequests.status, OPEN_STATUSES)
        : eq(returnRequests.status, query.status);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(returnRequests)
    .where(condition);
  const { page, pages, limit, offset } = listPage(total, query.page);
  const rows = await db
    .select()
    .from(returnRequests)
    .where(condition)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(limit)
    .offset(offset);
  return { returns: await adminViews(db, rows), total, page, pages };
}

/** One return as the owner works on it; null for an id that names none. */
export async function returnDetail(db: DbOrTx, id: string): Promise<AdminReturnView | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  if (!row) return null;
  return (await adminViews(db, [row]))[0] ?? null;
}

/** The returns as the queue and the detail show them (server/returns/return-rows.ts), with their order's customer and money. */
async function adminViews(db: DbOrTx, rows: ReturnRow[]): Promise<AdminReturnView[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const [orderRows, lines] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, orderIds)),
    loadReturnLines(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const orderOf = new Map(orderRows.map((o) => [o.id, o]));
  return rows.flatMap((r) => {
    const order = orderOf.get(r.orderId);
    if (!order) return [];
    return [
      {
        ...toReturnView(r, lines.get(r.id) ?? [], order),
        email: order.email,
        customerName: order.shippingAddress?.fullName ?? null,
        orderTotalCents: order.totalCents,
        orderRefundedCents: order.refundedCents,
        deliveredAt: order.deliveredAt?.toISOString() ?? null,
      } satisfies AdminReturnView,
    ];
  });
}

/** The return and its order, or 404. */
async function load(db: DbOrTx, id: string): Promise<{ row: ReturnRow; order: OrderRow; number: string }> {
  if (!UUID.test(id)) throw new NotFound("There is no such return.");
  const [found] = await db
    .select({ row: returnRequests, order: orders })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(returnRequests.id, id));
  if (!found) throw new NotFound("There is no such return.");
  return { ...found, number: returnNumber(found.order.orderNumber, found.row.sequence) };
}

/** The 409 of a move the return's status (now) does not allow. */
function refused(number: string, status: string, move: string): Conflict {
  return new Conflict(
    "return_status",
    `Return ${number} is ${STATUS_WORDS[status as ReturnStatus] ?? status}: it cannot be ${move}.`,
  );
}

type Move = {
  /** The statuses it moves from (and, for some, a further condition on the row). */
  from: SQL;
  to: ReturnStatus;
  set?: Partial<Pick<ReturnRow, "returnNeeded" | "note">>;
  event: "return_approved" | "return_received" | "return_declined";
  action: string;
  words: string;
  email: (order: OrderRow, ret: ReturnView, origin: string) => MailMessage;
};

/** One move: the conditional update, the timeline step and the audit row together, then the e-mail. */
async function move(deps: OwnerDeps, id: string, m: Move, actor: AuditActor): Promise<AdminReturnView> {
  const { order, number } = await load(deps.db, id);
  const moved = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for("update");
    const [after] = await tx
      .update(returnRequests)
      .set({ ...m.set, status: m.to, updatedAt: sql`now()` })
      .where(and(eq(returnRequests.id, id), m.from))
      .returning();
    if (!before || !after) return { before, after: null };
    await recordOrderEvent(tx, order.id, m.event, { returnNumber: number });
    await recordAudit(tx, {
      actor,
      action: m.action,
      targetType: "return",
      targetId: id,
      before: { status: before.status },
      after: { status: after.status, ...m.set },
    });
    return { before, after };
  });
  if (!moved.after) {
    const [now] = await deps.db
      .select({ status: returnRequests.status })
      .from(returnRequests)
      .where(eq(returnRequests.id, id));
    throw refused(number, now?.status ?? "gone", m.words);
  }
  const view = (await returnDetail(deps.db, id)) as AdminReturnView;
  await deps.mailer.send(m.email(order, view, deps.origin));
  return view;
}

/** Approves a requested return: the product comes back (the note says how) or the customer keeps it. */
export function approveReturn(
  deps: OwnerDeps,
  id: string,
  input: { returnNeeded: boolean; note: string },
  actor: AuditActor,
): Promise<AdminReturnView> {
  return move(
    deps,
    id,
    {
      from: eq(returnRequests.status, "requested"),
      to: "approved",
      set: { returnNeeded: input.returnNeeded, note: input.note.trim() },
      event: "return_approved",
      action: "return.approve",
      words: "approved",
      email: returnApprovedEmail,
    },
    actor,
  );
}

/** The product came back: only for an approved return that asked for it. */
export function markReturnReceived(deps: OwnerDeps, id: string, actor: AuditActor): Promise<AdminReturnView> {
  return move(
    deps,
    id,
    {
      from: and(eq(returnRequests.status, "approved"), eq(returnRequests.returnNeeded, true)) as SQL,
      to: "received",
      event: "return_received",
      action: "return.received",
      words: "marked received (only an approved return the product of is sent back)",
      email: returnReceivedEmail,
    },
    actor,
  );
}

/** Declines an open return, saying why (the customer reads it). */
export function declineReturn(
  deps: OwnerDeps,
  id: string,
  input: { reason: string },
  actor: AuditActor,
): Promise<AdminReturnView> {
  return move(
    deps,
    id,
    {
      from: inArray(returnRequests.status, OPEN_STATUSES),
      to: "declined",
      set: { note: input.reason.trim() },
      event: "return_declined",
      action: "return.decline",
      words: "declined",
      email: returnDeclinedEmail,
    },
    actor,
  );
}

/** The refunds an earlier attempt of a return's refund left (pending or succeeded): their sum and the latest. */
async function givenFor(
  db: DbOrTx,
  orderId: string,
  reason: string,
): Promise<{ cents: number; lastId: string | null }> {
  const rows = await db
    .select({ id: refunds.id, amountCents: refunds.amountCents })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        eq(refunds.reason, reason),
        inArray(refunds.status, ["pending", "succeeded"]),
      ),
    )
    .orderBy(refunds.createdAt);
  return { cents: rows.reduce((n, r) => n + r.amountCents, 0), lastId: rows.at(-1)?.id ?? null };
}

/** What is left to refund on the order now (refunds pending or succeeded count). */
async function leftOn(db: DbOrTx, order: OrderRow): Promise<number> {
  const [now] = await db
    .select({ totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.id, order.id));
  return Math.max(0, (now?.totalCents ?? order.totalCents) - (await committedCents(db, order.id)));
}

/**
 * Refunds a return: an approved one the customer keeps, or a received one. It moves to "refunded" with a
 * conditional update first (a second click finds nothing to move: 409), then `refundOrder` gives back the
 * return's amount capped at what is left on the order, to store credit or to what paid. When another refund
 * of the order took some of what was left in the meantime, `refundOrder` refuses the amount under the
 * order's lock and the refund is asked again for what is left then; when nothing is left, or the provider
 * fails, the return goes back to the status it had and the error is answered as `refundOrder`'s is (409,
 * or 502 for the provider).
 */
export function refundReturn(deps: OwnerDeps, id: string, actor: AuditActor): Promise<AdminReturnView> {
  // refundOrder's refusals are 409s and a provider's failure a 502, for the API and the dashboard's forms.
  return owning(() => refund(deps, id, actor));
}

async function refund(deps: OwnerDeps, id: string, actor: AuditActor): Promise<AdminReturnView> {
  const { row, order, number } = await load(deps.db, id);
  const refundable = or(
    and(eq(returnRequests.status, "approved"), eq(returnRequests.returnNeeded, false)),
    eq(returnRequests.status, "received"),
  ) as SQL;
  // The status it had, read under the row's lock, so a move made meanwhile (approved → received) is seen.
  const from = await deps.db.transaction(async (tx) => {
    const [now] = await tx
      .select({ status: returnRequests.status })
      .from(returnRequests)
      .where(eq(returnRequests.id, id))
      .for("update");
    const [taken] = await tx
      .update(returnRequests)
      .set({ status: "refunded", updatedAt: sql`now()` })
      .where(and(eq(returnRequests.id, id), refundable))
      .returning({ id: returnRequests.id });
    const status = now?.status ?? "gone";
    if (!taken)
      throw refused(
        number,
        status,
        status === "approved" ? "refunded before the product is received" : "refunded",
      );
    return status;
  });
  const putBack = () =>
    deps.db
      .update(returnRequests)
      .set({ status: from, updatedAt: sql`now()` })
      .where(
        and(
          eq(returnRequests.id, id),
          eq(returnRequests.status, "refunded"),
          sql`${returnRequests.refundId} is null`,
        ),
      );
  const money = (cents: number) => formatMoney(cents, storedCurrency(order.currency));
  const reason = `Return ${number}`;
  let refundId: string | null = null;
  let amountCents = 0;
  let givenBefore = 0;
  try {
    // An earlier attempt whose card part failed may have given back the balances' part already: only the
    // rest is due now, so a return never gives back more than it claims.
    const before = await givenFor(deps.db, order.id, reason);
    givenBefore = before.cents;
    refundId = before.lastId;
    const due = row.refundCents - givenBefore;
    for (let attempt = 0; due > 0; attempt++) {
      const left = await leftOn(deps.db, order);
      if (left <= 0)
        throw new OrderTransitionError(
          `Order ${order.orderNumber} is already refunded in full (${money(order.totalCents)}): nothing is left to refund for return ${number}.`,
        );
      amountCents = Math.min(due, left);
      try {
        const paid = await refundOrder(deps, order.orderNumber, {
          amountCents,
          reason,
          actor,
          to: row.refundTo === "credit" ? "credit" : "original",
        });
        refundId = paid.refund.id;
        break;
      } catch (err) {
        // Another refund of the order took part of what was left: ask again for what is left now.
        if (!(err instanceof OrderTransitionError) || attempt >= 2) throw err;
        const now = await leftOn(deps.db, order);
        if (now >= amountCents) throw err;
      }
    }
  } catch (err) {
    await putBack();
    throw err;
  }
  const refunded = givenBefore + amountCents;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(returnRequests)
      .set({ refundId, refundCents: refunded, updatedAt: sql`now()` })
      .where(eq(returnRequests.id, id));
    await recordAudit(tx, {
      actor,
      action: "return.refund",
      targetType: "return",
      targetId: id,
      before: { status: from, refundCents: row.refundCents },
      after: {
        status: "refunded",
        refundCents: refunded,
        refundId,
        to: row.refundTo,
        ...(givenBefore > 0 ? { givenBeforeCents: givenBefore } : {}),
        ...(refunded < row.refundCents ? { cappedFromCents: row.refundCents } : {}),
      },
    });
  });
  return (await returnDetail(deps.db, id)) as AdminReturnView;
}
