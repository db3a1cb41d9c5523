import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import {
  ADMIN_SUBSCRIPTION_ACTIONS,
  type AdminSubscriptionDetail,
  type AdminSubscriptionsQuery,
  type AdminSubscriptionsResponse,
} from "../../core/contracts/admin-subscriptions.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { promoLine } from "../../core/renewal-promo.ts";
import { canDo, shownNextBilling } from "../../core/subscription-rules.ts";
import { UUID } from "../../core/uuid.ts";
import { auditViewOf, recordAudit } from "../audit/audit.ts";
import { renewalConsentOfOrder } from "../checkout/renewal-consent.ts";
import type { DbOrTx } from "../db/client.ts";
import { orders, subscriptionEvents, subscriptions, user } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { listPage } from "../lib/list-page.ts";
import { changeSubscription, type SubscriptionChange } from "../subscriptions/change-subscription.ts";
import { type SubscriptionRow, stateOf } from "../subscriptions/subscription-rows.ts";
import { likeText } from "./like-text.ts";

/** The subscriptions list: newest first, searched by the customer's e-mail or the product, by status. */
export async function listAdminSubscriptions(
  db: DbOrTx,
  query: AdminSubscriptionsQuery,
): Promise<AdminSubscriptionsResponse> {
  const where: SQL[] = [];
  if (query.q) {
    const text = `%${likeText(query.q)}%`;
    // The order's e-mail, and the account's when it has since changed.
    where.push(
      or(
        ilike(subscriptions.email, text),
        ilike(user.email, text),
        ilike(subscriptions.productName, text),
      ) as SQL,
    );
  }
  if (query.status && query.status !== "all") where.push(eq(subscriptions.status, query.status));
  const condition = where.length ? and(...where) : undefined;

  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(subscriptions)
    .leftJoin(user, eq(user.id, subscriptions.userId))
    .where(condition);
  const { page, pages, limit, offset } = listPage(total, query.page);
  const rows = await db
    .select({ sub: subscriptions })
    .from(subscriptions)
    .leftJoin(user, eq(user.id, subscriptions.userId))
    .where(condition)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(limit)
    .offset(offset);
  return {
    subscriptions: rows.map(({ sub }) => ({
      id: sub.id,
      createdAt: sub.createdAt.toISOString(),
      email: sub.email,
      productName: sub.productName,
      quantity: sub.quantity,
      amountCents: sub.amountCents,
      currency: sub.currency,
      intervalMonths: sub.intervalMonths,
      status: sub.status,
      nextBillingDate: shownNextBilling(stateOf(sub))?.toISOString() ?? null,
    })),
    total,
    page,
    pages,
  };
}

/** One subscription as the owner works on it; null for an unknown id (or one that is not a uuid). */
export async function adminSubscriptionDetail(
  db: DbOrTx,
  id: string,
): Promise<AdminSubscriptionDetail | null> {
  if (!UUID.test(id)) return null;
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!sub) return null;
  const [origin, renewals, events, audit, consent] = await Promise.all([
    db
      .select({ orderNumber: orders.orderNumber, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.id, sub.orderId)),
    db
      .select({
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        totalCents: orders.totalCents,
        currency: orders.currency,
      })
      .from(orders)
      .where(eq(orders.subscriptionId, sub.id))
      .orderBy(desc(orders.createdAt))
      .limit(200),
    db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, sub.id))
      .orderBy(asc(subscriptionEvents.createdAt))
      .limit(500),
    auditViewOf(db, "subscription", sub.id),
    renewalConsentOfOrder(db, sub.orderId),
  ]);
  const [from] = origin;
  return {
    id: sub.id,
    email: sub.email,
    userId: sub.userId,
    productId: sub.productId,
    productName: sub.productName,
    quantity: sub.quantity,
    amountCents: sub.amountCents,
    currency: sub.currency,
    pendingAmountCents: sub.status === "cancelled" ? null : sub.pendingAmountCents,
    pendingFrom: sub.status === "cancelled" ? null : (sub.pendingAmountFrom?.toISOString() ?? null),
    discountLine:
      sub.status === "cancelled" ? null : promoLine(sub, sub.amountCents, storedCurrency(sub.currency)),
    intervalMonths: sub.intervalMonths,
    status: sub.status,
    nextBillingDate: shownNextBilling(stateOf(sub))?.toISOString() ?? null,
    pausedUntil: sub.pausedUntil?.toISOString() ?? null,
    endsAt: sub.endsAt?.toISOString() ?? null,
    cancelReason: sub.cancelReason,
    cardLabel: sub.cardLabel,
    failedAttempts: sub.failedAttempts,
    provider: sub.provider,
    providerSubscriptionId: sub.providerSubscriptionId,
    providerCustomerId: sub.providerCustomerId,
    createdAt: sub.createdAt.toISOString(),
    order: from ? { orderNumber: from.orderNumber, createdAt: from.createdAt.toISOString() } : null,
    renewals: renewals.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    timeline: events.map((e) => ({
      id: e.id,
      type: e.type,
      actor: e.actor,
      at: e.createdAt.toISOString(),
      detail: e.detail ?? null,
    })),
    audit,
    // The consent to automatic renewal given with the order it was bought with (decision 042).
    renewalConsent: consent
      ? {
          consentedAt: consent.consentedAt.toISOString(),
          termsVersion: consent.termsVersion,
          disclosure: consent.disclosure,
          disclosureHash: consent.disclosureHash,
          ipAddress: consent.ipAddress,
          userAgent: consent.userAgent,
          email: consent.email,
        }
      : null,
    actions: ADMIN_SUBSCRIPTION_ACTIONS.filter((a) => canDo(sub.status, a)),
  };
}

/** What an owner's action changes, as its audit row keeps it before and after. */
const audited = (row: SubscriptionRow) => ({
  status: row.status,
  nextBillingDate: row.nextBillingDate.toISOString(),
  pausedUntil: row.pausedUntil?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  cancelReason: row.cancelReason,
});

/**
 * An owner's pause, resume or cancel: the customer's own change (the same rules, event, e-mail and, with
 * Stripe, Stripe first) with the owner as the event's actor and an audit row in the change's transaction.
 */
export async function changeSubscriptionAsOwner(
  deps: Pick<
    ShopDeps,
    "db" | "catalogue" | "payments" | "logger" | "mailer" | "origin" | "manageSecret" | "tax"
  >,
  id: string,
  change: SubscriptionChange,
  owner: { id: string; email: string },
) {
  return changeSubscription(deps, {
    id,
    userId: null,
    actor: "owner",
    change,
    alsoInTransaction: (tx, before, after) =>
      recordAudit(tx, {
        actor: { userId: owner.id, email: owner.email },
        action: `subscription.${change.action}`,
        targetType: "subscription",
        targetId: before.id,
        before: audited(before),
        after: audited(after),
      }),
  });
}
