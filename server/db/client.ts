import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.ts";

/** What the job scheduler needs of an embedded database: one statement with parameters, or many without. */
export interface PGliteLike {
  query<T = unknown>(query: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(query: string): Promise<Array<{ rows: unknown[] }>>;
}

/**
 * The shop's database as Drizzle gives it, whichever driver is behind it: PGlite's and node-postgres's
 * instances both are a `PgDatabase` over the same schema, so neither side casts.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle `db.transaction` gives its callback: the same queries, inside that one transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** For reads and writes that run on their own or inside a caller's transaction. */
export type DbOrTx = Db | Tx;

/**
 * The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`; an array is
 * accepted too. `T` is what the statement selects (its column names as written in the SQL).
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Cheap round trip used by /readyz. */
  ping(): Promise<void>;
  /** The connection pool's state (PostgreSQL only). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Runs `onNotification` for each `pg_notify` on `channel` once its transaction commits, from any process
   * on this database (null: a lost connection came back, announcements may have been missed).
   */
  listen?(
    channel: string,
    onNotification: (payload: string | null) => void,
  ): Promise<{ stop(): Promise<void> }>;
  /** How the job scheduler reaches the same database (server/jobs/scheduler.ts). */
  jobs: { kind: "postgres"; url: string } | { kind: "pglite"; client: PGliteLike };
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… for a server; otherwise PGlite. */
  url?: string;
  /** Directory for PGlite's files; "memory://" keeps it in memory. */
  dataDir?: string;
  poolMax?: number;
}

/**
 * Opens the database and applies the committed migrations (both dialects share one set). Each driver is
 * loaded only when used: a PostgreSQL server never loads PGlite, and PGlite never loads `pg`.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const { openPostgres } = await import("./postgres.ts");
    return openPostgres(options.url, options.poolMax ?? 10);
  }
  const { openPglite } = await import("./pglite.ts");
  return openPglite(options.dataDir ?? "./data");
}
