// `npm run bench [-- --quick]`: builds the shop, starts the production server (PGlite, and PostgreSQL
// when BENCH_DATABASE_URL is set), loads each target from a second process with autocannon, measures a
// bare node:http baseline answering the same bytes in the same run, records peak RSS, runs Lighthouse,
// and writes bench/results/latest.json, bench/results/history.jsonl and docs/performance.md.
import { execFileSync, fork, spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findChromium } from "../scripts/find-chromium.mjs";
import { writeReport } from "./report.mjs";
import { cpuMs, freePort, startShop } from "./shop-process.mjs";
import { soakBoth } from "./soak.mjs";
import { benchTargets } from "./targets.mjs";

const quick = process.argv.includes("--quick");
const duration = quick ? 2 : 10;
const connections = 10;
const buildDir = process.env.BUILD_DIR ?? "build-bench";
const root = new URL("..", import.meta.url).pathname;

function load(spec) {
  const out = execFileSync(process.execPath, [join(root, "bench/load.mjs"), JSON.stringify(spec)], {
    encoding: "utf8",
    maxBuffer: 10_000_000,
  });
  return JSON.parse(out);
}

function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Resets the peak RSS (VmHWM) to the current RSS (Linux: "5" to clear_refs); false where unsupported. */
function resetPeakRss(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

if (process.env.BENCH_SKIP_BUILD !== "true") {
  console.log(`Building into ${buildDir}…`);
  const built = spawnSync("npx", ["react-router", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

async function benchDatabase(kind, databaseUrl) {
  console.log(`\n== ${kind} ==`);
  const { child, base } = await startShop({ buildDir, databaseUrl });
  try {
    // A cart cookie for the cart cycle, and the bytes of every target for the baseline.
    const { pages, cookie, paths, targets } = await benchTargets(base, { quick });
    const recorded = {};
    for (const path of paths) {
      const res = await fetch(base + path, { headers: { cookie } });
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      recorded[path] = {
        type: res.headers.get("content-type"),
        body: Buffer.from(await res.arrayBuffer()).toString("base64"),
      };
    }
    // Start-up (PGlite's WASM compile and initdb) and the warm-up above are over: the budget is the peak
    // during the load, so the high-water mark starts again here. The start-up peak is reported too.
    const startupPeakRssMb = peakRssMb(child.pid);
    const peakReset = resetPeakRss(child.pid);
    const recordedFile = join(mkdtempSync(join(tmpdir(), "mana-baseline-")), "routes.json");
    writeFileSync(recordedFile, JSON.stringify(recorded));
    const baselinePort = await freePort();
    const baseline = fork(join(root, "bench/baseline-server.mjs"), [String(baselinePort), recordedFile], {
      stdio: "ignore",
    });
    await new Promise((resolve) => baseline.once("message", resolve));
    const baselineBase = `http://127.0.0.1:${baselinePort}`;

    const rows = [];
    try {
      for (const t of targets) {
        const cpuBefore = cpuMs(child.pid);
        const shop = load({ ...t.spec(base), connections, duration });
        const serverCpuMs = Number(((cpuMs(child.pid) - cpuBefore) / Math.max(1, shop.total)).toFixed(2));
        const bare = load({ ...t.spec(baselineBase), connections, duration });
        const row = {
          target: t.name,
          kind: t.kind,
          ...shop,
          serverCpuMs,
          baselineRps: bare.rps,
          ratio: Number((shop.rps / bare.rps).toFixed(3)),
        };
        rows.push(row);
        console.log(
          `${t.name.padEnd(48)} ${String(Math.round(shop.rps)).padStart(6)} rps  p50 ${shop.p50} ms  p99 ${shop.p99} ms  ` +
            `errors ${shop.errors + shop.non2xx}  CPU ${serverCpuMs} ms/req  baseline ${Math.round(bare.rps)} rps  ratio ${row.ratio}`,
        );
      }
    } finally {
      baseline.kill();
    }
    return {
      database: kind,
      targets: rows,
      startupPeakRssMb,
      peakRssMb: peakRssMb(child.pid),
      peakRssReset: peakReset,
      pages: pages.map((p) => base + p),
      base,
      child,
    };
  } catch (err) {
    child.kill("SIGTERM");
    throw err;
  }
}

const started = Date.now();
// The PGlite server stays up for Lighthouse; every server is stopped once it has been measured.
const runs = [await benchDatabase("pglite")];

let lighthouse = [];
const chromePath = process.env.CHROME_PATH ?? (await findChromium());
if (chromePath) {
  const urls = quick ? runs[0].pages.slice(0, 1) : runs[0].pages;
  console.log(`\nLighthouse (mobile) on ${urls.length} page(s)…`);
  const out = execFileSync(
    process.execPath,
    [join(root, "bench/lighthouse.mjs"), JSON.stringify({ urls, chromePath })],
    {
      encoding: "utf8",
      maxBuffer: 50_000_000,
      env: { ...process.env, CHROME_PATH: chromePath },
    },
  );
  lighthouse = JSON.parse(out).map((r) => ({ ...r, url: r.url.replace(runs[0].base, "") }));
  for (const r of lighthouse) {
    if (r.error) {
      console.log(`${r.url.padEnd(40)} not measured: ${r.error}`);
      continue;
    }
    console.log(
      `${r.url.padEnd(40)} perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} seo ${r.seo}  ` +
        `LCP ${r.lcpMs} ms TBT ${r.tbtMs} ms CLS ${r.cls}  JS ${(r.jsBytes / 1024).toFixed(1)} KB CSS ${(r.cssBytes / 1024).toFixed(1)} KB`,
    );
  }
} else {
  console.log("\nNo Chromium found: Lighthouse skipped (set CHROME_PATH).");
}
runs[0].child.kill("SIGTERM");
// The memory soak on fresh servers: pages rendered for every request must not make memory grow (bench/soak.mjs).
console.log("\nMemory soak (pglite)…");
// A quick run (CI's check that the instrument works) loads each soak twice after its warm-up, not six times.
const soakRuns = quick ? 2 : 6;
runs[0].soaks = await soakBoth({ buildDir, runs: soakRuns, duration });

if (process.env.BENCH_DATABASE_URL) {
  const pg = await benchDatabase("postgres", process.env.BENCH_DATABASE_URL);
  pg.child.kill("SIGTERM");
  console.log("\nMemory soak (postgres)…");
  pg.soaks = await soakBoth({
    buildDir,
    databaseUrl: process.env.BENCH_DATABASE_URL,
    runs: soakRuns,
    duration,
  });
  runs.push(pg);
}

const result = {
  date: new Date().toISOString(),
  quick,
  durationSeconds: duration,
  connections,
  node: process.version,
  commit: spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim(),
  runs: runs.map(({ pages: _p, base: _b, child: _c, ...r }) => r),
  lighthouse,
  elapsedSeconds: Math.round((Date.now() - started) / 1000),
};
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/latest.json"), `${JSON.stringify(result, null, 2)}\n`);
appendFileSync(join(root, "bench/results/history.jsonl"), `${JSON.stringify(result)}\n`);
writeReport(root, result);
console.log(
  `\nWrote bench/results/latest.json, history.jsonl and docs/performance.md (${result.elapsedSeconds}s).`,
);
