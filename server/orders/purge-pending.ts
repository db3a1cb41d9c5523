import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { cancelUnpaidOrders } from "./order-life.ts";

/** Rows per statement: a backlog is worked off in short transactions that never hold many locks. */
const BATCH = 500;

/**
 * Moves pending orders (never paid) created more than `olderThanDays` days ago to cancelled, keeping
 * the records. Paid orders and younger pending ones are never touched. Rows locked at that moment (a
 * payment being applied) are skipped and looked at again next time; the status is checked again under
 * the row lock, so a payment that won the race stays paid. Returns the order numbers cancelled.
 */
export async function purgePendingOrders(db: Db, olderThanDays: number): Promise<string[]> {
  if (!Number.isInteger(olderThanDays) || olderThanDays < 1) {
    throw new RangeError(`older-than-days must be a whole number of days, at least 1 (got ${olderThanDays})`);
  }
  const purged: string[] = [];
  for (;;) {
    const abandoned = db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending"),
          isNull(orders.paidAt),
          sql`${orders.createdAt} < now() - make_interval(days => ${olderThanDays})`,
        ),
      )
      .limit(BATCH)
      .for("update", { skipLocked: true });
    // Each batch and the "cancelled" events of its orders are one transaction: the timeline never disagrees.
    const rows = await db.transaction((tx) => cancelUnpaidOrders(tx, abandoned, "abandoned"));
    purged.push(...rows.map((r) => r.orderNumber));
    if (rows.length < BATCH) return purged;
  }
}
