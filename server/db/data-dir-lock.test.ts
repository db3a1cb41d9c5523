import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { DataDirInUseError } from "./data-dir-lock.ts";

const root = join(import.meta.dirname, "../..");

describe("one process per embedded data directory", () => {
  it("refuses a directory that another running process holds, and says what to do", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mana-lock-"));
    // Another process (as the running shop would be) opens the directory and keeps it. A script file, not
    // `--input-type=module -e`: the embedded database's thread inherits the process's options, and a
    // worker refuses that one.
    const script = join(dataDir, "..", `${basename(dataDir)}-holder.mjs`);
    writeFileSync(
      script,
      `const { openDatabase } = await import(${JSON.stringify(join(root, "server/db/client.ts"))});
       await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
       console.log("open");
       setInterval(() => {}, 1000);`,
    );
    const holder = spawn(process.execPath, [script], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("open") && resolve());
        holder.once("exit", (code) => reject(new Error(`holder exited with ${code}`)));
      });
      const attempt = openDatabase({ dataDir });
      await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(attempt).rejects.toThrow(`in use by another process (pid ${holder.pid})`);
      await expect(attempt).rejects.toThrow(/PostgreSQL \(DATABASE_URL\)/);
    } finally {
      holder.kill("SIGKILL");
      rmSync(script, { force: true });
    }
  }, 60_000);

  it("takes over a lock left by a process that no longer runs, and releases it on close", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mana-lock-"));
    // A pid far above Linux's default pid_max: no such process.
    writeFileSync(join(dataDir, "pglite.lock"), "4194999\n");
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 60_000);
});
