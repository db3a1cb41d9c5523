import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Cheap round trip used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

export interface OpenOptions {
  /** postgres://… for a server; otherwise PGlite. */
  url?: string;
  /** Directory for PGlite's files; "memory://" keeps it in memory. */
  dataDir?: string;
  poolMax?: number;
}

/** Opens the database and applies the committed migrations (both dialects share one set). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    // So must a checked-out client whose connection is cut mid-transaction (pg_terminate_backend): the
    // query in flight fails (answered 503), the process lives on (issue 8, "Faults survived").
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? "./data";
  // Postgres' default 128 MB of shared buffers is resident in PGlite's WASM memory (it never shrinks);
  // the shop's data is a few MB and the file system caches the rest: 16 MB cuts ~110 MB of RSS
  // (docs/performance.md, "Peak RSS").
  const pgliteOptions = {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
  };
  let client: PGlite;
  if (dataDir.startsWith("memory://")) {
    client = new PGlite(dataDir, pgliteOptions);
  } else {
    const dir = resolve(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, pgliteOptions);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
