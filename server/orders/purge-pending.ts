import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { assertMove } from "../../core/order-status.ts";
import type { Database, Db } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import type { Env } from "../env.ts";

/** How often a running server purges, and how soon after start-up it first does (decision 008). */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_PURGE_DELAY_MS = 60 * 1000;
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
  assertMove("(any pending order)", "pending", "cancelled");
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
    const rows = await db
      .update(orders)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(and(inArray(orders.id, abandoned), eq(orders.status, "pending"), isNull(orders.paidAt)))
      .returning({ orderNumber: orders.orderNumber });
    purged.push(...rows.map((r) => r.orderNumber));
    if (rows.length < BATCH) return purged;
  }
}

/**
 * Runs the purge a minute after start-up, then hourly, with PENDING_ORDER_MAX_AGE_DAYS. The timers do
 * not keep the process alive, and the returned database stops them (and waits for a purge in flight)
 * when it is closed at shutdown.
 */
export function withPendingPurge(
  database: Database,
  env: Env,
  logger: Logger,
  timing = { firstMs: FIRST_PURGE_DELAY_MS, everyMs: PURGE_INTERVAL_MS },
): Database {
  const olderThanDays = env.PENDING_ORDER_MAX_AGE_DAYS;
  let inFlight: Promise<void> | null = null;
  const purge = async () => {
    try {
      const purged = await purgePendingOrders(database.db, olderThanDays);
      if (purged.length) {
        logger.info(
          { count: purged.length, orders: purged.slice(0, 50), olderThanDays },
          "abandoned pending orders cancelled",
        );
      }
    } catch (err) {
      logger.warn({ err }, "purge of abandoned pending orders failed; it runs again within the hour");
    } finally {
      inFlight = null;
    }
  };
  const run = () => {
    inFlight ??= purge();
  };
  const first = setTimeout(run, timing.firstMs).unref();
  const hourly = setInterval(run, timing.everyMs).unref();
  return {
    ...database,
    close: async () => {
      clearTimeout(first);
      clearInterval(hourly);
      await inFlight;
      await database.close();
    },
  };
}
