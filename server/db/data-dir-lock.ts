import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { DataDirPermissionError } from "./private-data-dir.ts";

/** Another process holds the embedded database: opening it too would lose writes. */
export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}): two processes on one ` +
        "PGlite data directory lose each other's writes. Stop that process first (the shop, or another " +
        "`npm run admin`), or run both on PostgreSQL (DATABASE_URL), which any number of processes can share.",
    );
    this.name = "DataDirInUseError";
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the data directory for this process: a lock file holding our pid, created only if absent. A lock
 * left by a process that no longer runs (a crash, a SIGKILL) is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => {
        if (holderOf(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = holderOf(file);
      if (pid !== null && isAlive(pid)) throw new DataDirInUseError(dataDir, pid);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirInUseError(dataDir, holderOf(file) ?? 0);
}

/**
 * For command-line entry points: a held data directory, or one others could read or write, ends the process
 * with the message, not a stack.
 */
export function exitIfDataDirInUse(err: unknown): never {
  if (err instanceof DataDirInUseError || err instanceof DataDirPermissionError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
