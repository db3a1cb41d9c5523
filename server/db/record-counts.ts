import { count, isNotNull } from "drizzle-orm";
import type { RecordCounts } from "../http/metrics.ts";
import type { Db } from "./client.ts";
import { orders, outbox } from "./schema.ts";

/** Orders paid and outbox messages by channel and status: two small aggregate queries, for /metrics. */
export async function recordCounts(db: Db): Promise<RecordCounts> {
  const [[paid], messages] = await Promise.all([
    db.select({ n: count() }).from(orders).where(isNotNull(orders.paidAt)),
    db
      .select({ channel: outbox.channel, status: outbox.status, count: count() })
      .from(outbox)
      .groupBy(outbox.channel, outbox.status),
  ]);
  return { ordersPaid: paid?.n ?? 0, messages };
}
