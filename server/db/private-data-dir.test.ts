import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";

/** Every path under `dir` (itself included) whose permissions are not u=rwx for a directory, u=rw for a file. */
function notPrivate(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return;
    const mode = st.mode & 0o777;
    if (st.isDirectory()) {
      if (mode !== 0o700) found.push(`${path} ${mode.toString(8)}`);
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (mode !== 0o600) found.push(`${path} ${mode.toString(8)}`);
  };
  visit(dir);
  return found;
}

function loosen(dir: string) {
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (lstatSync(path).isDirectory()) loosen(path);
    else chmodSync(path, 0o666);
  }
}

const isRoot = process.getuid?.() === 0;

// The embedded database holds password-reset and session tokens: only the shop's own user may read it
// (docs/decisions/028-private-data-directory.md).
describe("the embedded database's data directory is the shop user's alone", () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), "mana-private-")), "data");

  it("creates a new data directory u=rwx and every file in it u=rw, also after writes", async () => {
    const database = await openDatabase({ dataDir });
    try {
      await database.db.execute(sql`create table private_check (note text)`);
      await database.db.execute(sql`insert into private_check values ('a reset token')`);
    } finally {
      await database.close();
    }
    expect(readdirSync(join(dataDir, "pglite")).length).toBeGreaterThan(0);
    expect(notPrivate(dataDir)).toEqual([]);
  }, 120_000);

  it("tightens an existing directory that others could read", async () => {
    loosen(dataDir);
    writeFileSync(join(dataDir, "left-behind"), "x", { mode: 0o666 });
    chmodSync(join(dataDir, "left-behind"), 0o666);
    expect(notPrivate(dataDir).length).toBeGreaterThan(2);
    const database = await openDatabase({ dataDir });
    await database.close();
    expect(notPrivate(dataDir)).toEqual([]);
  }, 120_000);

  it("refuses a directory that others can write, and says how to fix it", async () => {
    chmodSync(dataDir, 0o777);
    const attempt = openDatabase({ dataDir });
    await expect(attempt).rejects.toThrow(
      /data directory .* has invalid permissions \(0777: others can write it\)/,
    );
    await expect(attempt).rejects.toThrow(/Permissions should be u=rwx \(0700\)/);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o777);
    chmodSync(dataDir, 0o770);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/0770: others can write it/);
  });

  it.skipIf(!isRoot)("refuses a directory owned by another user, and says how to fix it", async () => {
    const foreign = join(mkdtempSync(join(tmpdir(), "mana-foreign-")), "data");
    mkdirSync(foreign, { mode: 0o777 });
    chmodSync(foreign, 0o777);
    chownSync(foreign, 65534, 65534);
    const attempt = openDatabase({ dataDir: foreign });
    await expect(attempt).rejects.toThrow(/data directory .* is owned by user 65534/);
    await expect(attempt).rejects.toThrow(/Permissions should be u=rwx \(0700\)/);
    expect(readdirSync(foreign)).toEqual([]);
    expect(lstatSync(foreign).mode & 0o777).toBe(0o777);
  });
});
