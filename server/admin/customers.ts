import { and, count, desc, eq, ilike, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import {
  type AdminCustomerDetail,
  type AdminCustomersResponse,
  type AdminListQuery,
  type NewsletterStatus,
  type SpentIn,
  spentByCurrency,
} from "../../core/contracts/admin-customers.ts";
import type { DbOrTx } from "../db/client.ts";
import { addresses, newsletterSubscribers, orders, subscriptions, user } from "../db/schema.ts";
import { listPage } from "../lib/list-page.ts";
import { adminCustomerBalances } from "./gift-cards.ts";
import { likeText } from "./like-text.ts";

/**
 * Orders placed on each account (never-paid checkouts left out) and what paid ones in US dollars brought in,
 * less refunds: two currencies are never summed (decision 051; `spentIn` has every currency).
 */
const orderTotals = (db: DbOrTx) =>
  db
    .select({
      userId: orders.userId,
      orderCount: sql<number>`count(*) filter (where ${orders.status} <> 'pending')`
        .mapWith(Number)
        .as("order_count"),
      spentCents:
        sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}) filter (where ${orders.paidAt} is not null and ${orders.currency} = 'usd'), 0)`
          .mapWith(Number)
          .as("spent_cents"),
    })
    .from(orders)
    .where(isNotNull(orders.userId))
    .groupBy(orders.userId)
    .as("totals");

const searchCondition = (q: string): SQL | undefined => {
  if (!q) return undefined;
  const text = `%${likeText(q)}%`;
  return or(ilike(user.email, text), ilike(user.name, text));
};

export function newsletterStatusOf(
  row: { unsubscribedAt: Date | null } | undefined | null,
): NewsletterStatus {
  if (!row) return "none";
  return row.unsubscribedAt ? "unsubscribed" : "subscribed";
}

/** What each of `userIds` spent in each currency: paid orders less refunds, per currency. */
async function spentIn(db: DbOrTx, userIds: string[]): Promise<Map<string, SpentIn[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: orders.userId,
      currency: orders.currency,
      cents: sql<number>`sum(${orders.totalCents} - ${orders.refundedCents})`.mapWith(Number),
    })
    .from(orders)
    .where(and(inArray(orders.userId, userIds), isNotNull(orders.paidAt)))
    .groupBy(orders.userId, orders.currency);
  return new Map(userIds.map((id) => [id, spentByCurrency(rows.filter((r) => r.userId === id))] as const));
}

/** Accounts, newest first, searched by e-mail or name, with their order count and total spent. */
export async function listAdminCustomers(db: DbOrTx, query: AdminListQuery): Promise<AdminCustomersResponse> {
  const condition = searchCondition(query.q);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(user).where(condition);
  const { page, pages, limit, offset } = listPage(total, query.page);
  const totals = orderTotals(db);
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: user.createdAt,
      orderCount: totals.orderCount,
      spentCents: totals.spentCents,
    })
    .from(user)
    .leftJoin(totals, eq(totals.userId, user.id))
    .where(condition)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(limit)
    .offset(offset);
  const spent = await spentIn(
    db,
    rows.map((r) => r.id),
  );
  return {
    customers: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      joinedAt: r.createdAt.toISOString(),
      orderCount: r.orderCount ?? 0,
      spentCents: r.spentCents ?? 0,
      spent: spent.get(r.id) ?? [],
    })),
    total,
    page,
    pages,
  };
}

/** Every account for the CSV download, oldest first, with its newsletter status (by e-mail). */
export async function exportAdminCustomers(db: DbOrTx) {
  const totals = orderTotals(db);
  const rows = await db
    .select({
      email: user.email,
      name: user.name,
      createdAt: user.createdAt,
      orderCount: totals.orderCount,
      spentCents: totals.spentCents,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      subscriberId: newsletterSubscribers.id,
    })
    .from(user)
    .leftJoin(totals, eq(totals.userId, user.id))
    .leftJoin(
      newsletterSubscribers,
      eq(sql`lower(${newsletterSubscribers.email})`, sql`lower(${user.email})`),
    )
    .orderBy(user.createdAt, user.id);
  return rows.map((r) => ({
    email: r.email,
    name: r.name,
    joinedAt: r.createdAt.toISOString(),
    orderCount: r.orderCount ?? 0,
    spentCents: r.spentCents ?? 0,
    newsletter: newsletterStatusOf(r.subscriberId ? r : null),
  }));
}

/** One account as the owner sees it: contact, role, orders, subscriptions, addresses and newsletter consent. */
export async function adminCustomerDetail(db: DbOrTx, id: string): Promise<AdminCustomerDetail | null> {
  if (id.length === 0 || id.length > 200) return null;
  const [account] = await db.select().from(user).where(eq(user.id, id));
  if (!account) return null;
  const [orderRows, subscriptionRows, addressRows, [subscriber], balances] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, id), ne(orders.status, "pending")))
      .orderBy(desc(orders.createdAt)),
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, id))
      .orderBy(desc(subscriptions.createdAt)),
    db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, id))
      .orderBy(desc(addresses.isDefault), addresses.createdAt),
    db
      .select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, account.email.toLowerCase())),
    adminCustomerBalances(db, id),
  ]);
  const paid = orderRows.filter((o) => o.paidAt);
  return {
    id: account.id,
    email: account.email,
    emailVerified: account.emailVerified,
    name: account.name,
    phoneNumber: account.phoneNumber,
    role: account.role ?? "user",
    joinedAt: account.createdAt.toISOString(),
    orderCount: orderRows.length,
    spentCents: paid
      .filter((o) => o.currency === "usd")
      .reduce((n, o) => n + o.totalCents - o.refundedCents, 0),
    spent: spentByCurrency(
      paid.map((o) => ({ currency: o.currency, cents: o.totalCents - o.refundedCents })),
    ),
    orders: orderRows.map((o) => ({
      orderNumber: o.orderNumber,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      totalCents: o.totalCents,
      refundedCents: o.refundedCents,
      currency: o.currency,
    })),
    subscriptions: subscriptionRows.map((s) => ({
      id: s.id,
      productName: s.productName,
      status: s.status,
      amountCents: s.amountCents,
      currency: s.currency,
      nextBillingDate: s.nextBillingDate.toISOString(),
    })),
    addresses: addressRows.map((a) => ({
      id: a.id,
      isDefault: a.isDefault,
      fullName: a.fullName,
      line1: a.line1,
      line2: a.line2,
      city: a.city,
      region: a.region,
      postalCode: a.postalCode,
      country: a.country,
      phone: a.phone,
    })),
    newsletter: {
      status: newsletterStatusOf(subscriber),
      consentAt: subscriber?.consentAt?.toISOString() ?? null,
      unsubscribedAt: subscriber?.unsubscribedAt?.toISOString() ?? null,
    },
    balances,
  };
}
