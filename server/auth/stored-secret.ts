import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DataDirPermissionError, makePrivateDataDir } from "../db/private-data-dir.ts";
import { type Env, EnvError } from "../env.ts";

/** The file under DATA_DIR that keeps the secret generated on a first start without BETTER_AUTH_SECRET. */
export const SECRET_FILE = "auth-secret";

/**
 * The environment with a BETTER_AUTH_SECRET: the one it names, else the one stored under DATA_DIR, else a
 * new one (32 random bytes, base64url) written there once, readable by the owner only (0600), so sessions
 * survive restarts without a variable to set on a machine trying the shop out. Production over HTTPS never
 * gets here: server/env.ts requires the variable there. Several processes starting at once on one data
 * directory end up with the same secret (the file is created atomically, the first one wins).
 */
export function withStoredAuthSecret(env: Env): { env: Env; generated: string | null } {
  if (env.BETTER_AUTH_SECRET || env.DATA_DIR.startsWith("memory://")) return { env, generated: null };
  const dir = resolve(env.DATA_DIR);
  const file = join(dir, SECRET_FILE);
  const stored = readSecret(file);
  if (stored) return { env: { ...env, BETTER_AUTH_SECRET: stored }, generated: null };
  let created = false;
  try {
    // Created u=rwx, or refused when others could reach it (docs/decisions/028-private-data-directory.md).
    makePrivateDataDir(dir);
    const temporary = join(dir, `.${SECRET_FILE}.${process.pid}.${randomBytes(4).toString("hex")}`);
    writeFileSync(temporary, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 });
    try {
      linkSync(temporary, file);
      created = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      rmSync(temporary, { force: true });
    }
  } catch (err) {
    if (err instanceof DataDirPermissionError) throw err;
    throw new EnvError(
      `Invalid environment configuration:\n  BETTER_AUTH_SECRET: not set, and no secret could be stored in ${file} (${(err as Error).message}); set BETTER_AUTH_SECRET (32+ random characters, e.g. \`openssl rand -base64 32\`)`,
    );
  }
  const secret = readSecret(file);
  if (!secret) {
    throw new EnvError(
      `Invalid environment configuration:\n  BETTER_AUTH_SECRET: ${file} holds no usable secret`,
    );
  }
  return { env: { ...env, BETTER_AUTH_SECRET: secret }, generated: created ? file : null };
}

/** The stored secret, null when there is no file; a file with less than 32 characters is refused. */
function readSecret(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new EnvError(
      `Invalid environment configuration:\n  BETTER_AUTH_SECRET: not set, and ${file} cannot be read (${(err as Error).message})`,
    );
  }
  if (text.length < 32) {
    throw new EnvError(
      `Invalid environment configuration:\n  BETTER_AUTH_SECRET: ${file} holds fewer than 32 characters; delete it to have a new secret generated, or set BETTER_AUTH_SECRET`,
    );
  }
  return text;
}
