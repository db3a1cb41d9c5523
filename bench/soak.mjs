// The memory soak: pages rendered for every request must not make the server's memory grow. Against a
// freshly started server, one warm-up load, then `runs` loads in a row of a page rendered for every request
// (public pages come from the page cache for everyone, decision 040): a stranger's unknown session cookie on
// the checkout page (anyone can send one), and a signed-in customer's account page (ten sessions, one per
// connection). The server's RSS is sampled every second and read after each load. The budget: the last
// load's RSS within 10% of the first's, and no sample above the server's RSS budget (bench/budgets.mjs).
//
// Run by `npm run bench` on each database (the signed-in soak lasts three minutes in the full bench). Alone:
//   node bench/soak.mjs [--postgres <url>] [--duration <s>] [--runs <n>]
// (needs a build in BUILD_DIR, default build-bench); exits 1 when the budget is missed.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import { budgets } from "./budgets.mjs";
import { startShop } from "./shop-process.mjs";
import { customerSessions } from "./targets.mjs";

const root = new URL("..", import.meta.url).pathname;
/** A session cookie that names no session, as a stranger can send it. */
export const UNKNOWN_SESSION_COOKIE = "mana.session_token=bench-uncached";
export const soakBudget = { growth: 0.1 };
const CONNECTIONS = 10;

/**
 * The two soaks: who loads which page rendered for every request, with which cookies (one per connection,
 * in turn), and how much longer than `duration`.
 */
export const SOAKS = [
  {
    visitor: "unknown session cookie",
    path: "/checkout",
    cookies: async () => [UNKNOWN_SESSION_COOKIE],
    lengthen: 1,
  },
  {
    visitor: "signed-in customer",
    path: "/account",
    cookies: (base) => customerSessions(base, CONNECTIONS),
    lengthen: 3,
  },
];
const execFileAsync = promisify(execFile);

const rssMb = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);

/**
 * Loads `path` with `cookies` (one per connection) for `runs` runs of `duration` seconds, sampling the
 * server's RSS every second, and reads it after each run. A run's errors or non-2xx answers count: a soak
 * of error pages measures nothing.
 */
export async function soak({ base, pid, path, cookies, runs = 6, duration = 10 }) {
  const rss = [];
  let peak = 0;
  let requests = 0;
  let failed = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 1000);
  try {
    for (let i = 0; i < runs; i++) {
      const spec = { url: base + path, connections: CONNECTIONS, duration, cookies };
      const { stdout } = await execFileAsync(
        process.execPath,
        [join(root, "bench/load.mjs"), JSON.stringify(spec)],
        { encoding: "utf8", maxBuffer: 10_000_000 },
      );
      const r = JSON.parse(stdout);
      requests += r.total;
      failed += r.errors + r.non2xx;
      rss.push(rssMb(pid));
    }
  } finally {
    clearInterval(sampler);
  }
  return { rssMb: rss, peakRssMb: Math.max(peak, ...rss), requests, failed };
}

/** Whether a soak kept its budget: no growth past 10% of the first run, no sample above `peakRssMb`. */
export function soakMet(result, peakRssMb) {
  const [first] = result.rssMb;
  const last = result.rssMb.at(-1);
  return (
    result.failed === 0 &&
    last <= first * (1 + soakBudget.growth) &&
    (result.peakRssMb ?? Math.max(...result.rssMb)) <= peakRssMb
  );
}

/** Both soaks, each on a freshly started server. */
export async function soakBoth({ buildDir, databaseUrl, runs, duration }) {
  const results = [];
  for (const { visitor, path, cookies: cookiesFor, lengthen } of SOAKS) {
    const { child, base } = await startShop({ buildDir, databaseUrl });
    try {
      const cookies = await cookiesFor(base);
      const seconds = duration * lengthen;
      // A warm-up run of the same load, not counted: V8 sizes its heap for the load during it (the RSS
      // after it is the steady size a server under this load has); growth after that is what is kept.
      await soak({ base, pid: child.pid, path, cookies, runs: 1, duration: seconds });
      const result = await soak({ base, pid: child.pid, path, cookies, runs, duration: seconds });
      results.push({ visitor, path, duration: seconds, ...result });
      console.log(
        `soak ${path} (${visitor}): RSS ${result.rssMb.join(" → ")} MB (peak ${result.peakRssMb}) over ${result.requests} requests, ${result.failed} failed`,
      );
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  }
  return results;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { values } = parseArgs({
    options: {
      postgres: { type: "string" },
      duration: { type: "string", default: "10" },
      runs: { type: "string", default: "6" },
    },
  });
  const buildDir = process.env.BUILD_DIR ?? "build-bench";
  if (!existsSync(join(root, buildDir, "server/index.js"))) {
    console.error(`No build in ${buildDir}: run \`BUILD_DIR=${buildDir} npm run build\` first.`);
    process.exit(1);
  }
  const results = await soakBoth({
    buildDir,
    databaseUrl: values.postgres,
    runs: Number(values.runs),
    duration: Number(values.duration),
  });
  const missed = results.filter((r) => !soakMet(r, budgets.peakRssMb));
  for (const r of missed)
    console.error(
      `✗ soak (${r.visitor}) missed its budget: RSS ${r.rssMb.join(" → ")} MB, peak ${r.peakRssMb}`,
    );
  process.exit(missed.length ? 1 : 0);
}
