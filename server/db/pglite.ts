import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client.ts";
import { migrationsFolder } from "./migrations.ts";
import * as schema from "./schema.ts";

/**
 * PGlite (Postgres in WebAssembly) under `<dataDir>/pglite`, or in memory for "memory://…". A new data
 * directory is created and migrated by a short-lived child process first (see `prepareInChild`).
 */
export async function openPglite(dataDir: string): Promise<Database> {
  if (dataDir.startsWith("memory://")) return openHere(dataDir);
  const dir = resolve(dataDir, "pglite");
  if (!existsSync(join(dir, "PG_VERSION")) && isEmpty(dir)) await prepareInChild(dir);
  return openHere(dir);
}

/** Opens (creating it if needed) a PGlite database in this process and applies the migrations. */
export async function openHere(dataDir: string): Promise<Database> {
  // Postgres' shared buffers live in PGlite's WASM memory, which never shrinks: the default 128 MB became
  // ~110 MB of RSS. The database is ~9 MB (2 MB of it the shop's tables) and the file system caches the
  // rest: 8 MB of buffers are ~21 MB of resident WASM memory under load, 16 MB were ~30 MB, with the same
  // cart throughput (docs/performance.md, "Issue 7, fourth pass: memory").
  const client = new PGlite(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=8MB"],
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

function isEmpty(dir: string) {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

const prepareScript = fileURLToPath(new URL("./pglite-prepare.ts", import.meta.url));

/**
 * Creating a data directory runs initdb: PGlite starts a second Postgres instance for it and copies the
 * result through an in-memory tarball. In the server's process that left ~50 MB of freed-but-resident
 * memory and a 600 MB-1.1 GB start-up peak (docs/performance.md, "Issue 7, fourth pass: memory"), so a
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
  try {
    if (existsSync(dir)) rmdirSync(dir); // empty, or this fails: never removes a database
    renameSync(work, dir);
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    // Another process created it meanwhile: use theirs.
    if (!existsSync(join(dir, "PG_VERSION"))) throw err;
  }
}
