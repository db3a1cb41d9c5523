import { and, count, eq, gte, isNotNull, sql, sum } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { orders, orderTenders, subscriptions } from "../db/schema.ts";

/** The owner's overview: money taken, work waiting, subscriptions, and 30 days of revenue by day. */
export interface Overview {
  /**
   * Paid orders and revenue (what customers paid in money less what was refunded), by period ending now, and what
   * discount codes took off those orders (cancelled ones left out, as the codes' page counts).
   */
  periods: {
    label: "Today" | "7 days" | "30 days";
    orders: number;
    revenueCents: number;
    codeDiscountCents: number;
  }[];
  waitingToShip: number;
  activeSubscriptions: number;
  /** Monthly recurring revenue: each active subscription's price over its months between deliveries. */
  monthlyRecurringCents: number;
  failedRenewals: number;
  /** One entry per UTC day, oldest first, the last one today. */
  daily: { day: string; revenueCents: number }[];
}

const DAY_MS = 86_400_000;

function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export async function loadOverview(db: DbOrTx, now = new Date()): Promise<Overview> {
  const today = startOfUtcDay(now);
  const since = (days: number) => new Date(today.getTime() - (days - 1) * DAY_MS);
  // What customers paid in money: the order's total less what gift cards, store credit and points paid
  // (a gift card's money was counted when it was sold; credit and points are not money), less what went
  // back to their card or to store credit in its place (decision 047).
  const revenue = sql<number>`coalesce(sum(${orders.totalCents} - ${orders.tenderedCents} - (${orders.refundedCents} - (select coalesce(sum(${orderTenders.refundedCents}), 0) from ${orderTenders} where ${orderTenders.orderId} = ${orders.id}))), 0)::int`;
  const codeDiscount = sql<number>`coalesce(sum(case when ${orders.status} <> 'cancelled' then ${orders.codeDiscountCents} else 0 end), 0)::int`;

  const periods: Overview["periods"] = [];
  for (const [label, days] of [
    ["Today", 1],
    ["7 days", 7],
    ["30 days", 30],
  ] as const) {
    const [row] = await db
      .select({ orders: count(), revenueCents: revenue, codeDiscountCents: codeDiscount })
      .from(orders)
      .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, since(days))));
    periods.push({
      label,
      orders: row?.orders ?? 0,
      revenueCents: Number(row?.revenueCents ?? 0),
      codeDiscountCents: Number(row?.codeDiscountCents ?? 0),
    });
  }

  const [waiting] = await db.select({ n: count() }).from(orders).where(eq(orders.status, "processing"));
  const [active] = await db
    .select({
      n: count(),
      mrr: sum(
        sql`round(${subscriptions.amountCents}::numeric / greatest(${subscriptions.intervalMonths}, 1))`,
      ),
    })
    .from(subscriptions)
    .where(eq(subscriptions.status, "active"));
  const [failed] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(eq(subscriptions.status, "past_due"));

  const byDay = await db
    .select({
      day: sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      revenueCents: revenue,
    })
    .from(orders)
    .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, since(30))))
    .groupBy(sql`1`);
  const daily: Overview["daily"] = [];
  for (let i = 29; i >= 0; i--) {
    const day = new Date(today.getTime() - i * DAY_MS).toISOString().slice(0, 10);
    const found = byDay.find((r) => r.day === day);
    daily.push({ day, revenueCents: Number(found?.revenueCents ?? 0) });
  }

  return {
    periods,
    waitingToShip: waiting?.n ?? 0,
    activeSubscriptions: active?.n ?? 0,
    monthlyRecurringCents: Number(active?.mrr ?? 0),
    failedRenewals: failed?.n ?? 0,
    daily,
  };
}
