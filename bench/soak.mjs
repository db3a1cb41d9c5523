// The memory soak: pages rendered for every request (a session cookie sends a request past the anonymous
// page cache, as any visitor can) must not make the server's memory grow. Six loads of one product page in a
// row against a freshly started server, after one warm-up load of the same length; the server's RSS after each. The budget: the last run's RSS within
// 10% of the first run's, and no run above the server's RSS budget (bench/report.mjs `budgets`).
//
// Run by `npm run bench` for an unknown session cookie and a signed-in customer's, on each database. Alone:
//   node bench/soak.mjs [--postgres <url>] [--duration <s>] [--runs <n>]
// (needs a build in BUILD_DIR, default build-bench); exits 1 when the budget is missed.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { budgets } from "./budgets.mjs";
import { startShop } from "./shop-process.mjs";

const root = new URL("..", import.meta.url).pathname;
export const SOAK_PATH = "/products/korean-ginseng";
/** A session cookie that names no session: rendered every time, as a stranger can make it. */
export const UNKNOWN_SESSION_COOKIE = "mana.session_token=bench-uncached";
export const soakBudget = { growth: 0.1 };

const rssMb = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);

/** A new customer's session cookie, signed up through the shop's own sign-up. */
export async function customerCookie(base) {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({
      email: `soak-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: "soak horse battery 7",
      name: "Soak Customer",
    }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair.startsWith("mana.session_token="));
  if (!res.ok || !cookie)
    throw new Error(`sign-up for the soak answered ${res.status} without a session cookie`);
  return cookie;
}

/**
 * Loads `SOAK_PATH` with `cookie` for `runs` runs of `duration` seconds (10 connections) and reads the
 * server's RSS after each. A run's errors or non-2xx answers count: a soak of error pages measures nothing.
 */
export function soak({ base, pid, cookie, runs = 6, duration = 10, connections = 10 }) {
  const rss = [];
  let requests = 0;
  let failed = 0;
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(
      process.execPath,
      [
        join(root, "bench/load.mjs"),
        JSON.stringify({ url: base + SOAK_PATH, connections, duration, headers: { cookie } }),
      ],
      { encoding: "utf8", maxBuffer: 10_000_000 },
    );
    const r = JSON.parse(out);
    requests += r.total;
    failed += r.errors + r.non2xx;
    rss.push(rssMb(pid));
  }
  return { rssMb: rss, requests, failed };
}

/** Whether a soak kept its budget: no growth past 10% of the first run, every run within `peakRssMb`. */
export function soakMet(result, peakRssMb) {
  const [first] = result.rssMb;
  const last = result.rssMb.at(-1);
  return (
    result.failed === 0 && last <= first * (1 + soakBudget.growth) && Math.max(...result.rssMb) <= peakRssMb
  );
}

/** Both soaks (an unknown session cookie, a signed-in customer's), each on a freshly started server. */
export async function soakBoth({ buildDir, databaseUrl, runs, duration }) {
  const results = [];
  for (const visitor of ["unknown session cookie", "signed-in customer"]) {
    const { child, base } = await startShop({ buildDir, databaseUrl });
    try {
      const cookie = visitor === "signed-in customer" ? await customerCookie(base) : UNKNOWN_SESSION_COOKIE;
      // A warm-up run of the same load, not counted: V8 sizes its heap for the load during it (the RSS
      // after it is the steady size a server under this load has); growth after that is what is kept.
      soak({ base, pid: child.pid, cookie, runs: 1, duration });
      const result = soak({ base, pid: child.pid, cookie, runs, duration });
      results.push({ visitor, path: SOAK_PATH, duration, ...result });
      console.log(
        `soak ${SOAK_PATH} (${visitor}): RSS ${result.rssMb.join(" → ")} MB over ${result.requests} requests, ${result.failed} failed`,
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
    console.error(`✗ soak (${r.visitor}) missed its budget: RSS ${r.rssMb.join(" → ")} MB`);
  process.exit(missed.length ? 1 : 0);
}
