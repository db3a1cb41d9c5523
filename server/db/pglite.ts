import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { Database, PGliteLike } from "./client.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { migrationsFolder } from "./migrations.ts";
import { PGliteThread } from "./pglite-thread.ts";
import { makePrivateDataDir } from "./private-data-dir.ts";
import * as schema from "./schema.ts";

/**
 * PGlite (Postgres in WebAssembly) under `<dataDir>/pglite`, or in memory for "memory://…". A new data
 * directory is created and migrated by a short-lived child process first (see `prepareInChild`).
 */
export async function openPglite(dataDir: string): Promise<Database> {
  if (dataDir.startsWith("memory://")) return openHere(dataDir);
  // It holds sessions and password-reset tokens: the shop's user's alone, or no start
  // (docs/decisions/028-private-data-directory.md).
  makePrivateDataDir(dataDir);
  // One process per data directory: PGlite has no locking of its own, and a second process's writes
  // are lost (docs/decisions/011-one-process-per-embedded-database.md).
  const release = lockDataDir(dataDir);
  try {
    const dir = resolve(dataDir, "pglite");
    if (!existsSync(join(dir, "PG_VERSION")) && isEmpty(dir)) await prepareInChild(dir);
    // The server's database runs on a thread of its own (decision 041); in memory, and in the tests that
    // open one per file, it stays on the caller's (openHere).
    const database = await openInThread(dir);
    // Postgres in WebAssembly creates some files (pg_internal.init, statistics) 0644 whatever the umask:
    // unreachable by others inside the 0700 directory, and tightened on every open and close anyway.
    makePrivateDataDir(dataDir);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
          makePrivateDataDir(dataDir);
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * Opens (creating it if needed) a PGlite database in this process and applies the migrations. `image`, a
 * data directory as `migratedImage` gives it, is unpacked instead of running initdb (for an in-memory one).
 */
export async function openHere(dataDir: string, image?: Blob): Promise<Database> {
  const client = await startClient(dataDir, image);
  const db = drizzle(withoutQueryParsers(client), { schema });
  await migrate(db, { migrationsFolder });
  return embeddedDatabase(db, client, withStandardParsers(client));
}

/**
 * The server's embedded database on a thread of its own (decision 041), started on a data directory that
 * exists (openPglite creates it) and migrated there.
 */
async function openInThread(dir: string): Promise<Database> {
  const thread = await PGliteThread.start(dir);
  // The thread's client speaks the part of PGlite's interface Drizzle's driver calls.
  const db = drizzle({ client: thread as never, schema });
  const jobs: PGliteLike = {
    query: async <T>(text: string, params?: unknown[]) => ({
      rows: (await thread.query<T>(text, params, undefined, undefined, true)).rows,
    }),
    exec: (text: string) => thread.exec(text, undefined, undefined, true),
  };
  return embeddedDatabase(db, thread, jobs);
}

/** What an embedded database's client gives the rest of the server, on this thread or its own. */
interface EmbeddedClient {
  query(text: string): Promise<unknown>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

function embeddedDatabase(db: Database["db"], client: EmbeddedClient, jobs: PGliteLike): Database {
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    // One process: a notification is delivered as its transaction commits, before the commit returns (from
    // the database's thread, it crosses before the commit's answer does).
    listen: async (channel, onNotification) => {
      const unlisten = await client.listen(channel, onNotification);
      return { stop: () => unlisten() };
    },
    jobs: { kind: "pglite", client: jobs },
    close: () => client.close(),
  };
}

/**
 * A started PGlite instance on `dataDir` (or `image` unpacked), parsing every type as Drizzle asks; not yet
 * migrated.
 */
export async function startClient(dataDir: string, image?: Blob): Promise<PGlite> {
  // Postgres' shared buffers live in PGlite's WASM memory, which never shrinks: the default 128 MB became
  // ~110 MB of RSS. The database is ~9 MB (2 MB of it the shop's tables) and the file system caches the
  // rest: 8 MB of buffers are ~21 MB of resident WASM memory under load, 16 MB were ~30 MB, with the same
  // cart throughput (docs/performance.md, "Performance work, fourth pass: memory").
  const client = new PGlite(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=8MB"],
    ...(image ? { loadDataDir: image } : {}),
  });
  // After start-up, which installs a parser for every array type: the instance then parses every type
  // exactly as Drizzle's per-query parsers did (withoutQueryParsers, below).
  await client.waitReady;
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  return client;
}

/** Applies the committed migrations to a started instance. */
export async function migrateClient(client: PGlite): Promise<void> {
  await migrate(drizzle(withoutQueryParsers(client), { schema }), { migrationsFolder });
}

/**
 * A freshly created and migrated database's data directory as one uncompressed tarball: `openHere` unpacks
 * it in ~0.3 s where initdb and the migrations take ~1.5 s, so a caller that makes many empty databases
 * (the test suite, one per test file) makes the image once.
 */
export async function migratedImage(): Promise<Blob> {
  const client = new PGlite("memory://", { extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}

const asText = (value: string) => value;
/** What Drizzle's PGlite driver asks of every query: dates, times and intervals (and arrays of them) as text. */
const DRIZZLE_PARSERS: Record<number, (value: string) => unknown> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};
const drizzleParserKeys = Object.keys(DRIZZLE_PARSERS).sort().join();

type QueryOptions = { parsers?: Record<number, unknown> } & Record<string, unknown>;

/**
 * PGlite merges a query's own parsers into its ~320 defaults with an object spread on every query: ~75 µs,
 * as much as running a small query (docs/performance.md, "Performance work, fifth pass: the cart cycle"). Drizzle
 * passes the same parsers with every query, so the instance gets them once (openHere) and the client Drizzle
 * sees drops its per-query copy. Options with any other parsers pass through unchanged.
 */
export function withoutQueryParsers<T extends object>(client: T): T {
  const strip = (options?: QueryOptions) => {
    if (!options?.parsers) return options;
    if (Object.keys(options.parsers).sort().join() !== drizzleParserKeys) return options;
    const { parsers: _same, ...rest } = options;
    return rest;
  };
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "query") {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          (value as (q: string, p?: unknown[], o?: QueryOptions) => unknown).call(
            target,
            query,
            params,
            strip(options),
          );
      }
      if (prop === "transaction") {
        return (fn: (tx: object) => unknown) =>
          (value as (f: (tx: object) => unknown) => unknown).call(target, (tx: object) =>
            fn(withoutQueryParsers(tx)),
          );
      }
      // PGlite keeps state in private fields: its methods run on the instance, not on the proxy.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Dates and times as JavaScript values, as `pg` gives them: undoes DRIZZLE_PARSERS for other clients. */
export const STANDARD_PARSERS: Record<number, (value: string) => unknown> = {
  [types.TIMESTAMP]: (value) => new Date(`${value.replace(" ", "T")}Z`),
  [types.TIMESTAMPTZ]: (value) => new Date(value),
};

/** The instance for a client other than Drizzle (the job scheduler): timestamps parsed to dates. */
function withStandardParsers(client: PGlite): PGliteLike {
  return {
    query: async <T>(query: string, params?: unknown[]) => {
      const result = await client.query<T>(query, params, { parsers: STANDARD_PARSERS });
      return { rows: result.rows };
    },
    exec: async (query: string) => client.exec(query, { parsers: STANDARD_PARSERS }),
  };
}

function isEmpty(dir: string) {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

const prepareScript = fileURLToPath(new URL("./pglite-prepare.ts", import.meta.url));

/**
 * Creating a data directory runs initdb: PGlite starts a second Postgres instance for it and copies the
 * result through an in-memory tarball. In the server's process that left ~50 MB of freed-but-resident
 * memory and a 600 MB-1.1 GB start-up peak (docs/performance.md, "Performance work, fourth pass: memory"), so a
 * child process does it (initdb and the migrations) and exits. It works in a sibling directory that is
 * renamed into place when complete: a crash never leaves a half-initialised database behind.
 */
async function prepareInChild(dir: string) {
  const work = `${dir}.init-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // Liftoff only: V8's optimizing tier would double the child's peak (1.1 GB vs 560 MB) for a one-off run.
  const child = spawn(process.execPath, ["--liftoff-only", prepareScript, work], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const code = await new Promise<number | null>((done, fail) => {
    child.once("error", fail);
    child.once("exit", (exitCode) => done(exitCode));
  });
  if (code !== 0) {
    rmSync(work, { recursive: true, force: true });
    throw new Error(`Creating the embedded database in ${dir} failed (exit ${code}).`);
  }
  // PGlite sets a file's mode after creating it (0666 for the files initdb copies in), past the umask.
  makePrivateDataDir(work);
  try {
    if (existsSync(dir)) rmdirSync(dir); // empty, or this fails: never removes a database
    renameSync(work, dir);
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    // Another process created it meanwhile: use theirs.
    if (!existsSync(join(dir, "PG_VERSION"))) throw err;
  }
}
