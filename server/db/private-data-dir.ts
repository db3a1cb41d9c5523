import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from "node:fs";
import { join, resolve } from "node:path";

/** The data directory could be read or changed by another user of the machine, and we cannot fix that. */
export class DataDirPermissionError extends Error {
  readonly dataDir: string;

  constructor(dataDir: string, problem: string) {
    super(
      `The data directory ${dataDir} ${problem}. It holds the shop's database, sessions and password-reset ` +
        "tokens, so it must belong to the user running the shop and nobody else: Permissions should be " +
        `u=rwx (0700). Fix it with \`chown -R "$(id -u)" ${dataDir} && chmod -R go-rwx ${dataDir}\` as ` +
        "its owner or root, or point DATA_DIR at another directory.",
    );
    this.name = "DataDirPermissionError";
    this.dataDir = dataDir;
  }
}

const OTHERS = 0o077;
const OTHERS_WRITE = 0o022;

/**
 * Files this process creates from now on are its user's alone (umask 077): the database, the lock and
 * server files, and whatever PGlite's child process writes (it inherits the mask). Worker threads cannot
 * change the mask; the walk in makePrivateDataDir still tightens what they leave.
 */
export function restrictNewFiles() {
  try {
    process.umask(0o077);
  } catch {
    // A worker thread (ERR_WORKER_UNSUPPORTED_OPERATION): the main thread's mask applies.
  }
}

/**
 * Creates `dataDir` (u=rwx) or tightens an existing one: the directory and everything under it that this
 * user owns loses every group and other permission. Refuses (DataDirPermissionError) a directory owned by
 * another user, one that others can write, or one holding a file others could write that cannot be tightened, as PostgreSQL refuses a data
 * directory with loose permissions (docs/decisions/028-private-data-directory.md). Returns the full path.
 */
export function makePrivateDataDir(dataDir: string): string {
  restrictNewFiles();
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const uid = process.getuid?.();
  if (uid === undefined) return dir; // Windows: no POSIX owners or modes to check
  const st = lstatSync(dir);
  if (st.uid !== uid)
    throw new DataDirPermissionError(dir, `is owned by user ${st.uid}, not by this user (${uid})`);
  // Another user could have changed or planted files in a directory they could write: refused, not
  // tightened, as PostgreSQL refuses such a data directory. Read access alone is taken away below.
  if (st.mode & OTHERS_WRITE) {
    const mode = (st.mode & 0o777).toString(8).padStart(4, "0");
    throw new DataDirPermissionError(dir, `has invalid permissions (${mode}: others can write it)`);
  }
  tighten(dir, dir, st, uid);
  return dir;
}

/** Removes group and other permissions from `path` and, for a directory, from everything under it we own. */
function tighten(root: string, path: string, st: Stats, uid: number) {
  if (st.isSymbolicLink() || st.uid !== uid) return; // not ours to change, and not followed
  if (st.mode & OTHERS) {
    try {
      chmodSync(path, st.mode & 0o700);
    } catch (err) {
      if (st.mode & OTHERS_WRITE) {
        const mode = (st.mode & 0o777).toString(8).padStart(4, "0");
        const what = path === root ? "has" : `holds ${path}, which has`;
        throw new DataDirPermissionError(
          root,
          `${what} invalid permissions (${mode}: others can write it) that cannot be changed (${(err as Error).message})`,
        );
      }
    }
  }
  if (!st.isDirectory()) return;
  for (const name of readdirSync(path)) {
    const child = join(path, name);
    tighten(root, child, lstatSync(child), uid);
  }
}
