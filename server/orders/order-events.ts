import { asc, inArray } from "drizzle-orm";
import { trackingUrl } from "../../core/carriers.ts";
import type { OrderEventType, OrderEventView } from "../../core/contracts/orders.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { orderEvents } from "../db/schema.ts";

export type OrderEventRow = typeof orderEvents.$inferSelect;

/** Where each step falls when two share a moment (one transaction's `now()`): the order things happen in. */
const STEP: Record<OrderEventType, number> = {
  placed: 0,
  paid: 1,
  shipped: 2,
  delivered: 3,
  cancelled: 4,
  refunded: 5,
  return_requested: 6,
  withdrawn: 6,
  return_approved: 7,
  return_received: 8,
  return_declined: 9,
};

/**
 * Records a step of an order's life. Always called inside the transaction that makes the change, so the
 * timeline and the order's status never disagree. `at`: when it happened, for a step entered late (a
 * delivery the owner records afterwards); now otherwise.
 */
export async function recordOrderEvent(
  tx: Tx,
  orderId: string,
  type: OrderEventType,
  detail: Record<string, string | number> | null = null,
  at?: Date,
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, type, detail, ...(at ? { createdAt: at } : {}) });
}

/** The events of several orders, each order's oldest first. */
export async function loadOrderEvents(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderEventRow[]>> {
  const byOrder = new Map<string, OrderEventRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.createdAt));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  for (const list of byOrder.values()) {
    list.sort(
      (a, b) =>
        a.createdAt.getTime() - b.createdAt.getTime() ||
        (STEP[a.type as OrderEventType] ?? 10) - (STEP[b.type as OrderEventType] ?? 10),
    );
  }
  return byOrder;
}

const isEventType = (type: string): type is OrderEventType => type in STEP;

/** The timeline as the order views show it: a shipped step carries its carrier and tracking page. */
export function toTimeline(rows: OrderEventRow[]): OrderEventView[] {
  const timeline: OrderEventView[] = [];
  for (const row of rows) {
    if (!isEventType(row.type)) continue;
    const step: OrderEventView = { type: row.type, at: row.createdAt.toISOString() };
    const detail = row.detail ?? {};
    if (row.type === "shipped") {
      const carrier = typeof detail.carrier === "string" ? detail.carrier : null;
      const code = typeof detail.trackingCode === "string" ? detail.trackingCode : null;
      step.carrier = carrier;
      step.trackingCode = code;
      step.trackingUrl = trackingUrl(carrier, code);
    }
    if (row.type === "refunded" && typeof detail.amountCents === "number")
      step.amountCents = detail.amountCents;
    if (typeof detail.returnNumber === "string") step.returnNumber = detail.returnNumber;
    timeline.push(step);
  }
  return timeline;
}
