import { desc } from "drizzle-orm";
import type { AdminOrdersQuery } from "../../core/contracts/admin-orders.ts";
import { type OrderTaxLine, taxLineWords } from "../../core/order-totals.ts";
import type { DbOrTx } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { loadOrderTaxLines } from "../orders/order-rows.ts";
import { adminOrdersCondition } from "./orders.ts";

/**
 * The owner's orders file: one row per order the list's query names, newest first. Amounts are in the
 * order's currency (its `currency` column) as decimals of its major unit, and sum: subtotal − savings +
 * gift_cards + shipping + tax = total. `tax` is the tax added, `tax_lines` each tax with its rate and amount, a VAT the prices contain marked "included" (not
 * added): "GST 5% 3.50; QST 9.975% 6.98".
 */
export const ORDERS_CSV_HEADER = [
  "order_number",
  "placed_at",
  "status",
  "email",
  "currency",
  "subtotal",
  "savings",
  "gift_cards",
  "shipping",
  "tax",
  "tax_lines",
  "total",
  "refunded",
] as const;

/** The most orders one file holds; a longer history is exported by day (`from` and `to`). */
export const ORDERS_CSV_MAX_ROWS = 20_000;

/** Tax lines are read this many orders at a time: one query per chunk, never one per order. */
const TAX_CHUNK = 1_000;

/** Minor units as a decimal of the major unit: 909 → "9.09". */
const decimal = (cents: number) => (cents / 100).toFixed(2);

/** An order's taxes in one cell: "HST 13% 9.09", several joined by "; ". */
export function taxLinesCell(lines: OrderTaxLine[]): string {
  return lines.map((l) => `${taxLineWords(l, "en")} ${decimal(l.cents)}`).join("; ");
}

export async function ordersCsvRows(db: DbOrTx, query: AdminOrdersQuery): Promise<(string | number)[][]> {
  const rows = await db
    .select()
    .from(orders)
    .where(adminOrdersCondition(query))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(ORDERS_CSV_MAX_ROWS);
  const taxes = new Map<string, OrderTaxLine[]>();
  for (let i = 0; i < rows.length; i += TAX_CHUNK) {
    const chunk = await loadOrderTaxLines(
      db,
      rows.slice(i, i + TAX_CHUNK).map((o) => o.id),
    );
    for (const [id, lines] of chunk) taxes.set(id, lines);
  }
  return rows.map((o) => [
    o.orderNumber,
    o.createdAt.toISOString(),
    o.status,
    o.email,
    o.currency.toUpperCase(),
    decimal(o.subtotalCents),
    decimal(o.discountCents + o.codeDiscountCents),
    decimal(o.giftCardCents),
    decimal(o.shippingCents),
    decimal(o.taxCents),
    taxLinesCell(taxes.get(o.id) ?? []),
    decimal(o.totalCents),
    decimal(o.refundedCents),
  ]);
}
