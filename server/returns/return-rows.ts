import { asc, eq, inArray } from "drizzle-orm";
import type {
  ReturnKind,
  ReturnLineView,
  ReturnReason,
  ReturnStatus,
  ReturnView,
} from "../../core/contracts/returns.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import type { DbOrTx } from "../db/client.ts";
import { orderLines, orders, returnRequestLines, returnRequests } from "../db/schema.ts";

export type ReturnRow = typeof returnRequests.$inferSelect;
export type ReturnLineRow = typeof returnRequestLines.$inferSelect;

/** A return's line with what the order line it claims says of the product. */
export interface ReturnLineWithProduct extends ReturnLineRow {
  productId: number;
  productName: string;
}

/** What a return's view needs of its order. */
export interface ReturnOrderFacts {
  orderNumber: string;
  currency: string;
}

/**
 * The number people quote for a return: "R-", the order number's characters after "MANA-", and the return's
 * sequence on that order (docs/decisions/055-returns.md), such as R-7F3K9QXA-1.
 */
export function returnNumber(orderNumber: string, sequence: number): string {
  const digits = orderNumber.replace(/^MANA-/i, "");
  return `R-${digits}-${sequence}`;
}

/** One return row, its lines and its order's number and currency, as the pages and the owner's queue show it. */
export function toReturnView(
  row: ReturnRow,
  lines: ReturnLineWithProduct[],
  order: ReturnOrderFacts,
): ReturnView {
  return {
    id: row.id,
    number: returnNumber(order.orderNumber, row.sequence),
    orderNumber: order.orderNumber,
    kind: row.kind as ReturnKind,
    status: row.status as ReturnStatus,
    reason: row.reason as ReturnReason,
    comment: row.comment,
    keep: row.keep,
    refundTo: row.refundTo === "credit" ? "credit" : "original",
    subscription:
      row.subscriptionChoice === "keep" || row.subscriptionChoice === "end" ? row.subscriptionChoice : null,
    returnNeeded: row.returnNeeded,
    note: row.note,
    lines: lines.map(
      (line): ReturnLineView => ({
        lineId: line.orderLineId,
        productId: line.productId,
        productName: line.productName,
        quantity: line.quantity,
        refundCents: line.refundCents,
      }),
    ),
    refundCents: row.refundCents,
    currency: storedCurrency(order.currency),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The lines of some returns, by return, each in the order of the order's lines (product, kind, bundle). */
export async function loadReturnLines(
  db: DbOrTx,
  returnIds: string[],
): Promise<Map<string, ReturnLineWithProduct[]>> {
  const byReturn = new Map<string, ReturnLineWithProduct[]>();
  if (returnIds.length === 0) return byReturn;
  const rows = await db
    .select({
      returnId: returnRequestLines.returnId,
      orderLineId: returnRequestLines.orderLineId,
      quantity: returnRequestLines.quantity,
      refundCents: returnRequestLines.refundCents,
      productId: orderLines.productId,
      productName: orderLines.productName,
    })
    .from(returnRequestLines)
    .innerJoin(orderLines, eq(orderLines.id, returnRequestLines.orderLineId))
    .where(inArray(returnRequestLines.returnId, returnIds))
    .orderBy(asc(orderLines.productId), asc(orderLines.isSubscription), asc(orderLines.bundleId));
  for (const row of rows) {
    const list = byReturn.get(row.returnId) ?? [];
    list.push(row);
    byReturn.set(row.returnId, list);
  }
  return byReturn;
}

/**
 * The views of some return rows, in the order given: their lines and their orders' numbers and currencies in
 * two queries, whatever the number of rows. The owner's queue (server/returns/owner.ts) maps its page with it.
 */
export async function returnViews(db: DbOrTx, rows: ReturnRow[]): Promise<ReturnView[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const [lines, orderRows] = await Promise.all([
    loadReturnLines(
      db,
      rows.map((r) => r.id),
    ),
    db
      .select({ id: orders.id, orderNumber: orders.orderNumber, currency: orders.currency })
      .from(orders)
      .where(inArray(orders.id, orderIds)),
  ]);
  const byOrder = new Map(orderRows.map((o) => [o.id, o]));
  return rows.flatMap((row) => {
    const order = byOrder.get(row.orderId);
    return order ? [toReturnView(row, lines.get(row.id) ?? [], order)] : [];
  });
}

/** The returns of one order, oldest first (their sequence). */
export async function loadOrderReturnRows(db: DbOrTx, orderId: string): Promise<ReturnRow[]> {
  return db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(asc(returnRequests.sequence));
}

/** The returns of one order as views, oldest first. */
export async function loadOrderReturns(db: DbOrTx, orderId: string): Promise<ReturnView[]> {
  return returnViews(db, await loadOrderReturnRows(db, orderId));
}

/** One return by its id, or null (a malformed id is the caller's to refuse first: it must be a uuid). */
export async function loadReturnRow(db: DbOrTx, id: string): Promise<ReturnRow | null> {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  return row ?? null;
}

/** One return's view by its id, or null. */
export async function loadReturn(db: DbOrTx, id: string): Promise<ReturnView | null> {
  const row = await loadReturnRow(db, id);
  if (!row) return null;
  const [view] = await returnViews(db, [row]);
  return view ?? null;
}

/** Every return of a user's orders (their data export), oldest first. */
export async function loadUserReturns(db: DbOrTx, userId: string): Promise<ReturnView[]> {
  const rows = await db
    .select({ r: returnRequests })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(asc(returnRequests.createdAt), asc(returnRequests.sequence));
  return returnViews(
    db,
    rows.map((x) => x.r),
  );
}
