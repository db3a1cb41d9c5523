/**
 * The lowest price of the last 30 days, which the UK and the EU require beside an announced price reduction
 * (a stack's saving, a struck-through price): decision 051. Pure: the history rows of one item in one price
 * list, each the lowest price of its day (UTC), in any order.
 */
export const LOWEST_PRICE_DAYS = 30;

export interface PricePoint {
  /** ISO date, "2026-11-27". */
  day: string;
  amountCents: number;
}

/** The ISO day `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/**
 * The lowest price the item had in the `LOWEST_PRICE_DAYS` days up to `today`: the lowest of the days
 * written in that window and of the price in force when it began (the last one written before it). Null
 * when the item has no history up to today.
 */
export function lowestPriceOf(points: PricePoint[], today: string): number | null {
  const start = daysBefore(today, LOWEST_PRICE_DAYS);
  const upToToday = points.filter((p) => p.day <= today);
  const before = upToToday.filter((p) => p.day < start).sort((a, b) => (a.day < b.day ? 1 : -1))[0];
  const amounts = [
    ...upToToday.filter((p) => p.day >= start).map((p) => p.amountCents),
    ...(before ? [before.amountCents] : []),
  ];
  return amounts.length === 0 ? null : Math.min(...amounts);
}
