import { randomBytes } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";

/**
 * How `npm run admin` reaches the shop that holds the embedded database: the running server leaves its
 * loopback address and a token, new at every start, in `<DATA_DIR>/server.json`, readable by the shop's
 * own user only (docs/decisions/018-command-line-through-the-server.md).
 */
export const SERVER_FILE = "server.json";

export interface ServerFile {
  /** Where this machine reaches the server, e.g. http://127.0.0.1:3000. */
  url: string;
  /** The bearer token of POST /api/internal/admin-command. */
  token: string;
  /** The server's process: the command line trusts the file only while that process holds the data directory. */
  pid: number;
}

/** 32 random bytes, base64url: the token of one run of the server. */
export function newCommandToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The URL this machine reaches a listening socket by: a wildcard address through loopback. */
export function localUrl(address: AddressInfo): string {
  const host =
    address.address === "0.0.0.0" ? "127.0.0.1" : address.address === "::" ? "::1" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

/**
 * Writes the file (mode 0600, through a rename so a reader never sees half of it) and returns its removal,
 * which removes it only while it is still this process's.
 */
export function writeServerFile(dataDir: string, info: Omit<ServerFile, "pid">): () => void {
  const file = join(resolve(dataDir), SERVER_FILE);
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temporary, `${JSON.stringify({ ...info, pid: process.pid })}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return () => {
    if (readServerFile(dataDir)?.pid === process.pid) rmSync(file, { force: true });
  };
}

/** The file a running server left, or null (none, unreadable, or not one of ours). */
export function readServerFile(dataDir: string): ServerFile | null {
  try {
    const parsed = JSON.parse(
      readFileSync(join(resolve(dataDir), SERVER_FILE), "utf8"),
    ) as Partial<ServerFile>;
    if (typeof parsed.url !== "string" || typeof parsed.token !== "string" || !Number.isInteger(parsed.pid))
      return null;
    return { url: parsed.url, token: parsed.token, pid: parsed.pid as number };
  } catch {
    return null;
  }
}
