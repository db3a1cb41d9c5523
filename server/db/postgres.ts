import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Database, Db } from "./client.ts";
import { listenPostgres } from "./listen-postgres.ts";
import { migrationsFolder } from "./migrations.ts";
import * as schema from "./schema.ts";

/** A pool on a PostgreSQL server, migrated. */
export async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // So must a checked-out client whose connection is cut mid-transaction (pg_terminate_backend): the
  // query in flight fails (answered 503), the process lives on.
  pool.on("connect", (client) => client.on("error", () => {}));
  releaseLostClients(pool);
  const db: Db = drizzle(pool, { schema });
  await migrate(drizzle(pool), { migrationsFolder });
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onNotification) => listenPostgres(url, channel, onNotification),
    jobs: { kind: "postgres", url },
    close: () => pool.end(),
  };
}

/**
 * A checked-out client whose connection dies goes back to the pool at once (and is discarded there).
 * drizzle's node-postgres `transaction()` sends `begin` before its try/finally, so when the connection is
 * cut at that moment nothing ever releases the client: each such cut would shrink the pool by one until
 * every request waits forever (tests/api/checkout-faults.test.ts). The later release by its borrower, if
 * any, does nothing.
 */
function releaseLostClients(pool: pg.Pool) {
  const original = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  const wrapped = async () => {
    const client = (await original()) as pg.PoolClient;
    const release = client.release;
    let released = false;
    const lost = (err?: Error) => {
      if (released) return;
      released = true;
      client.removeListener("error", lost);
      client.removeListener("end", lost);
      release(err ?? new Error("connection ended"));
    };
    client.on("error", lost);
    client.on("end", lost);
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener("error", lost);
      client.removeListener("end", lost);
      release(err);
    };
    return client;
  };
  // pg's own pool.query() uses the callback form, which releases its client itself: left as it was.
  pool.connect = ((callback?: unknown) =>
    typeof callback === "function" ? original(callback) : wrapped()) as typeof pool.connect;
}
