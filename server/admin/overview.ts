import { and, count, eq, gte, isNotNull, sql, sum } from "drizzle-orm";
import { CURRENCIES, type Currency } from "../../core/markets.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import type { DbOrTx } from "../db/client.ts";
import { orders, orderTenders, subscriptions } from "../db/schema.ts";

/** One currency's money in a period: two currencies are never summed (docs/decisions/051). */
export interface CurrencyRevenue {
  currency: Currency;
  orders: number;
  revenueCents: number;
  codeDiscountCents: number;
}

/** One currency's 30 days of revenue, one entry per UTC day, oldest first, the last one today. */
export interface CurrencyDaily {
  currency: Currency;
  days: { day: string; revenueCents: number }[];
}

/**
 * The owner's overview: money taken, work waiting, subscriptions, and 30 days of revenue by day. Every sum is
 * in one currency (docs/decisions/051): the `...Cents` figures kept from before are US dollar orders only, and
 * the `byCurrency` lists give each currency its own, US dollars first, then only the currencies that have any.
 */
export interface Overview {
  /**
   * Paid orders and revenue (what customers paid in money less what was refunded), by period ending now, and what
   * discount codes took off those orders (cancelled ones left out, as the codes' page counts).
   */
  periods: {
    label: "Today" | "7 days" | "30 days";
    /** Paid orders in every currency (a count, not money). */
    orders: number;
    /** US dollar orders only. */
    revenueCents: number;
    /** US dollar orders only. */
    codeDiscountCents: number;
    byCurrency: CurrencyRevenue[];
  }[];
  waitingToShip: number;
  activeSubscriptions: number;
  /** Monthly recurring revenue in US dollars: each active subscription's price over its months between deliveries. */
  monthlyRecurringCents: number;
  /** Monthly recurring revenue per currency of the subscriptions, US dollars first. */
  monthlyRecurring: { currency: Currency; cents: number }[];
  failedRenewals: number;
  /** US dollar revenue, one entry per UTC day, oldest first, the last one today. */
  daily: { day: string; revenueCents: number }[];
  /** The same per currency: US dollars, then each currency with paid orders in the 30 days. */
  dailyByCurrency: CurrencyDaily[];
}

/** US dollars first, then the others in the shop's order (core/markets.ts CURRENCIES, USD the first). */
function byCurrencyOrder(a: { currency: Currency }, b: { currency: Currency }): number {
  return CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency);
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
    const rows = await db
      .select({
        currency: orders.currency,
        orders: count(),
        revenueCents: revenue,
        codeDiscountCents: codeDiscount,
      })
      .from(orders)
      .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, since(days))))
      .groupBy(orders.currency);
    const byCurrency = new Map<Currency, CurrencyRevenue>([
      ["USD", { currency: "USD", orders: 0, revenueCents: 0, codeDiscountCents: 0 }],
    ]);
    for (const row of rows) {
      // "usd" and an unknown stored value are both US dollars (storedCurrency): added only to their own kind.
      const currency = storedCurrency(row.currency);
      const into = byCurrency.get(currency) ?? { currency, orders: 0, revenueCents: 0, codeDiscountCents: 0 };
      into.orders += Number(row.orders);
      into.revenueCents += Number(row.revenueCents ?? 0);
      into.codeDiscountCents += Number(row.codeDiscountCents ?? 0);
      byCurrency.set(currency, into);
    }
    const list = [...byCurrency.values()].sort(byCurrencyOrder);
    const usd = list[0] as CurrencyRevenue;
    periods.push({
      label,
      orders: list.reduce((n, c) => n + c.orders, 0),
      revenueCents: usd.revenueCents,
      codeDiscountCents: usd.codeDiscountCents,
      byCurrency: list,
    });
  }

  const [waiting] = await db.select({ n: count() }).from(orders).where(eq(orders.status, "processing"));
  const activeRows = await db
    .select({
      currency: subscriptions.currency,
      n: count(),
      mrr: sum(
        sql`round(${subscriptions.amountCents}::numeric / greatest(${subscriptions.intervalMonths}, 1))`,
      ),
    })
    .from(subscriptions)
    .where(eq(subscriptions.status, "active"))
    .groupBy(subscriptions.currency);
  const recurring = new Map<Currency, number>([["USD", 0]]);
  for (const row of activeRows) {
    const currency = storedCurrency(row.currency);
    recurring.set(currency, (recurring.get(currency) ?? 0) + Number(row.mrr ?? 0));
  }
  const monthlyRecurring = [...recurring]
    .map(([currency, cents]) => ({ currency, cents }))
    .sort(byCurrencyOrder);
  const [failed] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(eq(subscriptions.status, "past_due"));

  const byDay = await db
    .select({
      day: sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      currency: orders.currency,
      revenueCents: revenue,
    })
    .from(orders)
    .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, since(30))))
    .groupBy(sql`1`, orders.currency);
  const chartCurrencies = new Set<Currency>(["USD", ...byDay.map((r) => storedCurrency(r.currency))]);
  const dailyByCurrency: CurrencyDaily[] = CURRENCIES.filter((c) => chartCurrencies.has(c)).map(
    (currency) => {
      const days: CurrencyDaily["days"] = [];
      for (let i = 29; i >= 0; i--) {
        const day = new Date(today.getTime() - i * DAY_MS).toISOString().slice(0, 10);
        const revenueCents = byDay
          .filter((r) => r.day === day && storedCurrency(r.currency) === currency)
          .reduce((n, r) => n + Number(r.revenueCents ?? 0), 0);
        days.push({ day, revenueCents });
      }
      return { currency, days };
    },
  );

  return {
    periods,
    waitingToShip: waiting?.n ?? 0,
    activeSubscriptions: activeRows.reduce((n, r) => n + Number(r.n), 0),
    monthlyRecurringCents: recurring.get("USD") ?? 0,
    monthlyRecurring,
    failedRenewals: failed?.n ?? 0,
    daily: dailyByCurrency[0]?.days ?? [],
    dailyByCurrency,
  };
}
