import { and, asc, eq, ne } from "drizzle-orm";
import type { InvoiceRow, InvoiceView, SellerDetails } from "../../core/contracts/invoice.ts";
import type { Locale } from "../../core/i18n/locales.ts";
import { orderTotals, summaryRows, taxLineWords } from "../../core/order-totals.ts";
import { sellerDetails } from "../content/seller.ts";
import type { DbOrTx } from "../db/client.ts";
import { orderLines, orders, orderTaxLines } from "../db/schema.ts";
import { ORDER_NUMBER_PATTERN } from "./order-number.ts";

/** Whose invoice is asked for: a customer's own order (their user id), or any order (the shop's team). */
export type InvoiceReader = { userId: string } | { staff: true };

/**
 * The invoice of a paid order, or null: a number that is not an order's, another customer's order for a
 * customer (it looks exactly like one that does not exist), or an order never paid (a pending checkout, or
 * one cancelled before payment) has no invoice. Its figures are the order pages' (core/order-totals.ts
 * `orderTotals` and `summaryRows`), each stored tax line one row in the page's language (taxLineWords).
 */
export async function loadInvoice(
  db: DbOrTx,
  orderNumber: string,
  reader: InvoiceReader,
  locale: Locale,
  seller: SellerDetails = sellerDetails(),
): Promise<InvoiceView | null> {
  const wanted = orderNumber.trim().toUpperCase();
  if (!ORDER_NUMBER_PATTERN.test(wanted)) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.orderNumber, wanted),
        ne(orders.status, "pending"),
        "userId" in reader ? eq(orders.userId, reader.userId) : undefined,
      ),
    );
  if (!order?.paidAt) return null;
  const [lines, taxes] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(orderLines.productId, orderLines.isSubscription, orderLines.bundleId),
    db
      .select()
      .from(orderTaxLines)
      .where(eq(orderTaxLines.orderId, order.id))
      .orderBy(asc(orderTaxLines.position)),
  ]);
  const totals = orderTotals({ ...order, lines });
  const taxRows: InvoiceRow[] = taxes.map((l) => ({
    kind: l.included ? "taxIncluded" : "tax",
    text: taxLineWords(l, locale),
    cents: l.amountCents,
  }));
  const rows: InvoiceRow[] = [];
  for (const r of summaryRows(totals)) {
    // The order's stored tax lines replace the summary's tax rows (one "Tax" row for an order without them).
    if (r.kind.startsWith("tax") && taxRows.length > 0) {
      rows.push(...taxRows.splice(0));
      continue;
    }
    if (r.kind.startsWith("tax") && taxes.length > 0) continue;
    rows.push({
      kind: r.kind,
      key: r.key,
      ...(r.values ? { values: r.values } : {}),
      cents: r.cents,
      ...(r.display ? { display: "free" as const } : {}),
    });
  }
  return {
    number: order.orderNumber,
    issuedAt: order.paidAt.toISOString(),
    placedAt: order.createdAt.toISOString(),
    currency: order.currency,
    seller,
    buyer: { email: order.email, address: order.shippingAddress ?? null },
    lines: lines.map((l, i) => ({
      key: `${l.productId}-${l.isSubscription ? "s" : "o"}-${l.bundleId ?? ""}`,
      productName: l.productName,
      quantity: l.quantity,
      isSubscription: l.isSubscription,
      discountPercent: totals.lines[i]?.discountPercent ?? 0,
      unitCents: l.unitPriceCents,
      lineCents: l.lineTotalCents,
    })),
    rows,
    totalCents: totals.totalCents,
    refundedCents: order.refundedCents,
  };
}
