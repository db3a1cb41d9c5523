import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import { trackingUrl } from "../../core/carriers.ts";
import type {
  AdminOrderDetail,
  AdminOrdersQuery,
  AdminOrdersResponse,
} from "../../core/contracts/admin-orders.ts";
import { OrderTransitionError } from "../../core/order-status.ts";
import { auditViewOf } from "../audit/audit.ts";
import type { DbOrTx } from "../db/client.ts";
import { giftCards, orders, orderTenders, refunds, subscriptions } from "../db/schema.ts";
import { Conflict, NotFound, ProviderUnavailable } from "../domain-errors.ts";
import { listPage } from "../lib/list-page.ts";
import { loadOrderEvents } from "../orders/order-events.ts";
import { loadOneOrderTaxLines, loadOrderLines } from "../orders/order-rows.ts";
import { PaymentProviderError } from "../payments/provider.ts";
import { likeText } from "./like-text.ts";

/** The orders a list query names: searched by number, e-mail or name, filtered by status and day (UTC). */
export function adminOrdersCondition(query: AdminOrdersQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.q) {
    const text = likeText(query.q);
    where.push(
      or(
        ilike(orders.orderNumber, `%${text}%`),
        ilike(orders.email, `%${text}%`),
        ilike(sql`${orders.shippingAddress}->>'fullName'`, `%${text}%`),
      ) as SQL,
    );
  }
  if (query.status && query.status !== "all") where.push(eq(orders.status, query.status));
  if (query.from) where.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to)
    where.push(lt(orders.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)));
  return where.length ? and(...where) : undefined;
}

/** The orders list: newest first, searched by number, e-mail or name, filtered by status and day (UTC). */
export async function listAdminOrders(db: DbOrTx, query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
  const condition = adminOrdersCondition(query);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(condition);
  const { page, pages, limit, offset } = listPage(total, query.page);
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      email: orders.email,
      name: sql<string | null>`${orders.shippingAddress}->>'fullName'`,
      totalCents: orders.totalCents,
      refundedCents: orders.refundedCents,
      currency: orders.currency,
      subscriptionId: orders.subscriptionId,
    })
    .from(orders)
    .where(condition)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit)
    .offset(offset);
  return {
    orders: rows.map(({ subscriptionId, createdAt, ...r }) => ({
      ...r,
      createdAt: createdAt.toISOString(),
      isRenewal: subscriptionId !== null,
    })),
    total,
    page,
    pages,
  };
}

/** One order as the owner works on it: lines, money, address, payment ids, timeline, refunds and audit. */
export async function adminOrderDetail(db: DbOrTx, orderNumber: string): Promise<AdminOrderDetail | null> {
  const number = orderNumber.trim().toUpperCase();
  if (!/^[A-Z0-9-]{1,40}$/.test(number)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, number));
  if (!order) return null;
  const [lines, taxLines, events, refundRows, subs, audit, tenderRows] = await Promise.all([
    loadOrderLines(db, order.id),
    loadOneOrderTaxLines(db, order.id),
    loadOrderEvents(db, [order.id]),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(refunds.createdAt),
    db
      .select({ id: subscriptions.id, productName: subscriptions.productName, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order.id)),
    auditViewOf(db, "order", order.id),
    db
      .select({ tender: orderTenders, last4: giftCards.last4 })
      .from(orderTenders)
      .leftJoin(giftCards, eq(giftCards.id, orderTenders.giftCardId))
      .where(eq(orderTenders.orderId, order.id))
      .orderBy(orderTenders.createdAt),
  ]);
  const committed = refundRows.filter((r) => r.status !== "failed").reduce((n, r) => n + r.amountCents, 0);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    email: order.email,
    userId: order.userId,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    discountCode: order.discountCode,
    codeDiscountCents: order.codeDiscountCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    taxLines,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    refundableCents: order.paidAt ? Math.max(0, order.totalCents - committed) : 0,
    currency: order.currency,
    provider: order.provider,
    providerSessionId: order.providerSessionId,
    providerPaymentId: order.providerPaymentId,
    carrier: order.carrier,
    trackingCode: order.trackingCode,
    trackingUrl: trackingUrl(order.carrier, order.trackingCode),
    shippingAddress: order.shippingAddress,
    isRenewal: order.subscriptionId !== null,
    lines: lines.map((l) => ({
      productId: l.productId,
      productName: l.productName,
      quantity: l.quantity,
      isSubscription: l.isSubscription,
      unitPriceCents: l.unitPriceCents,
      discountPercent: l.discountPercent,
      lineTotalCents: l.lineTotalCents,
    })),
    timeline: (events.get(order.id) ?? []).map((e) => ({
      type: e.type,
      at: e.createdAt.toISOString(),
      detail: e.detail ?? null,
    })),
    refunds: refundRows.map((r) => ({
      id: r.id,
      amountCents: r.amountCents,
      reason: r.reason,
      status: r.status as "pending" | "succeeded" | "failed",
      actor: r.actor,
      providerRefundId: r.providerRefundId,
      createdAt: r.createdAt.toISOString(),
    })),
    tenders: tenderRows.map(({ tender: t, last4 }) => ({
      kind: t.kind as "gift_card" | "credit" | "points",
      last4,
      amountCents: t.amountCents,
      points: t.points,
      status: t.status,
      refundedCents: t.refundedCents,
    })),
    subscriptions: subs,
    audit,
  };
}

/** An owner's order action: a move the rules refuse is a Conflict (with why), an unknown order NotFound, a provider failure ProviderUnavailable. */
export async function owning<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (err) {
    if (err instanceof OrderTransitionError) {
      throw /^There is no order/.test(err.message)
        ? new NotFound(err.message, "refused")
        : new Conflict("refused", err.message);
    }
    if (err instanceof PaymentProviderError)
      throw new ProviderUnavailable(
        "payment_provider_unavailable",
        "The payment provider did not take the refund: nothing was refunded. Try again in a moment.",
      );
    throw err;
  }
}
