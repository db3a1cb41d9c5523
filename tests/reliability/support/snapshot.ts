import { sql } from "drizzle-orm";
import type { TestShop } from "../../support/test-app.ts";

/** The tables a request could change on someone's behalf (rate-limit counters excepted: they count). */
const TABLES = [
  "carts",
  "cart_items",
  "orders",
  "order_lines",
  "subscriptions",
  "payment_events",
  "newsletter_subscribers",
  "outbox",
  "profiles",
  "article_events",
  '"user"',
  "account",
  "verification",
];

/** One fingerprint per table (md5 of every row); session rows by id and user only (expiry slides). */
export async function snapshot(shop: TestShop): Promise<Record<string, string>> {
  const db = shop.services.database.db;
  const out: Record<string, string> = {};
  for (const table of [...TABLES, "session"]) {
    const cols = table === "session" ? "t.id, t.user_id" : "t.*";
    const result = await db.execute(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(row(${cols})::text, ',' order by row(${cols})::text), '')) as h from ${table} t`,
      ),
    );
    const rows = (result as unknown as { rows: { n: number; h: string }[] }).rows;
    out[table] = `${rows[0]?.n}:${rows[0]?.h}`;
  }
  return out;
}
