// `npm run test:e2e`: builds the shop, then runs the Playwright journeys in Chromium against the
// production server started on a free port with a fresh embedded database.
//
// E2E_SHARDS=n runs the suite in n shards side by side: each a Playwright run of its own, with its own shop
// server, OpenID provider, database and artifacts folder, over a share of the spec files. It pays on a
// machine with cores to spare; on two cores the journeys are bound by the CPU (browser, server and runner
// together), and two shards took as long as one, so the default is one.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { journeyDataDir } from "../e2e/support/data-dir.ts";
import { canListen, freePort } from "../e2e/support/free-port.ts";
import { COMPILE_CACHE_DIR } from "./compile-cache.mjs";
import { findChromium, HOW_TO_GET_CHROMIUM } from "./find-chromium.mjs";

const chromium = await findChromium();
if (!chromium) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}

/** A free port whose next port is free too (the shop on one, its OpenID provider on the next), not in `taken`. */
async function freePortPair(taken) {
  for (;;) {
    const port = await freePort();
    if (port >= 65535 || taken.has(port) || taken.has(port + 1)) continue;
    if (await canListen(port + 1)) {
      taken.add(port).add(port + 1);
      return port;
    }
  }
}

if (process.env.E2E_SKIP_BUILD !== "true") {
  const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// Every shop of the run starts from one migrated embedded database, made here once and copied into each
// data directory (e2e/support/data-dir.ts): creating and migrating one takes ~10 s on two cores, a copy ~0.1 s.
const template = mkdtempSync(join(tmpdir(), "mana-e2e-template-"));
const { openPglite } = await import("../server/db/pglite.ts");
await (await openPglite(template)).close();
process.env.E2E_DATA_TEMPLATE = join(template, "pglite");
process.on("exit", () => rmSync(template, { recursive: true, force: true }));

// The shops the journeys start, and `npm run admin` against them, keep their compiled modules on disk as
// `npm start` does (scripts/start.mjs): a start then skips loading Node's TypeScript stripper and compiling
// the server's files again (4.5-4.9 -> 4.0-4.5 s of CPU from start to ready on two cores).
process.env.NODE_COMPILE_CACHE ??= COMPILE_CACHE_DIR;

const args = process.argv.slice(2);
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1) || 1);
const taken = new Set();
const runs = [];
for (let shard = 1; shard <= shards; shard++) {
  const env = {
    ...process.env,
    CHROMIUM_PATH: chromium,
    E2E_PORT: String(await freePortPair(taken)),
    E2E_DATA_DIR: journeyDataDir("shop"),
    E2E_OUTPUT_DIR: shards > 1 ? `e2e/.artifacts/shard-${shard}` : "e2e/.artifacts",
  };
  const shardArgs = shards > 1 ? [`--shard=${shard}/${shards}`] : [];
  runs.push(run(shard, ["playwright", "test", ...shardArgs, ...args], env));
}
const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);

/** One Playwright run; with several at once, each line it prints is marked with its shard. */
function run(shard, playwrightArgs, env) {
  return new Promise((resolve) => {
    const stdio = shards > 1 ? ["ignore", "pipe", "pipe"] : "inherit";
    const child = spawn("npx", playwrightArgs, { stdio, env });
    if (shards > 1) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = "";
        from.setEncoding("utf8");
        from.on("data", (chunk) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) to.write(`[${shard}/${shards}] ${line}\n`);
        });
        from.on("end", () => {
          if (rest) to.write(`[${shard}/${shards}] ${rest}\n`);
        });
      }
    }
    child.on("close", (code) => resolve(code ?? 1));
  });
}
