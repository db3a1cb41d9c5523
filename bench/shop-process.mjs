// Starting the production server for the bench's measurements (bench/run.mjs, bench/soak.mjs), and the
// helpers every bench script needs: a free port, waiting for a URL to answer, a process's CPU time.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

export async function waitFor(url, ms = 90_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** The environment of a production server on 127.0.0.1:`port`, logging as in production. */
export function shopEnv({ buildDir, port, dataDir }) {
  return {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
}

/**
 * Starts the production server as `npm start` starts it (scripts/start.mjs execs the server with its memory
 * flags in the same process, so child.pid is the server's) on a fresh PGlite directory, or on PostgreSQL at
 * `databaseUrl`. Logs go to a sink: writing them is part of the cost measured, reading them is not.
 */
export async function startShop({ buildDir, databaseUrl }) {
  const port = await freePort();
  const env = shopEnv({ buildDir, port, dataDir: mkdtempSync(join(tmpdir(), "mana-bench-")) });
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/readyz`);
  return { child, base };
}

/** The CPU time a process has used so far, user and system, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // After "pid (comm) ": state is field 0, utime field 11, stime field 12.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
