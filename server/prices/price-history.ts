import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Currency } from "../../core/markets.ts";
import { daysBefore, LOWEST_PRICE_DAYS, lowestPriceOf, type PricePoint } from "../../core/omnibus.ts";
import type { Db } from "../db/client.ts";
import { priceHistory } from "../db/schema.ts";

/** Today in UTC, as the history's days are written (migration 0021). */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The lowest price of the last 30 days of every product and stack in one price list, by item
 * ("product:1", "stack:2"): the window's rows and, per item, the last row before it (the price in force
 * when the window began), in one statement; `lowestPriceOf` decides.
 */
export async function lowestPrices(
  db: Db,
  currency: Currency,
  today = todayUtc(),
): Promise<Map<string, number>> {
  const start = daysBefore(today, LOWEST_PRICE_DAYS);
  const rows = await db
    .select({ item: priceHistory.item, day: priceHistory.day, amountCents: priceHistory.amountCents })
    .from(priceHistory)
    .where(
      and(
        eq(priceHistory.currency, currency),
        gte(
          priceHistory.day,
          sql`coalesce((select max(h.day) from ${priceHistory} h where h.item = ${priceHistory.item}
            and h.currency = ${currency} and h.day < ${start}), ${start})`,
        ),
      ),
    )
    .orderBy(asc(priceHistory.item), asc(priceHistory.day));
  const byItem = new Map<string, PricePoint[]>();
  for (const r of rows)
    byItem.set(r.item, [...(byItem.get(r.item) ?? []), { day: r.day, amountCents: r.amountCents }]);
  const lowest = new Map<string, number>();
  for (const [item, points] of byItem) {
    const figure = lowestPriceOf(points, today);
    if (figure !== null) lowest.set(item, figure);
  }
  return lowest;
}
