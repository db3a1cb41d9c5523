import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Database, Db } from "./client.ts";
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
  const db = drizzle(pool, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
