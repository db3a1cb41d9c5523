// `node bench/memory.mjs [options]`: where the server's memory goes under the bench's load (Linux).
// Starts the production server as `npm start` does (scripts/start.mjs, its memory flags included) or, with
// --flags, as `node <flags> server/index.ts` (for A/B runs of Node flags), warms it like bench/run.mjs,
// resets the peak (VmHWM) and loads each bench target in turn. For each phase it prints VmRSS, VmHWM, the
// resident memory by kind of mapping (/proc/<pid>/smaps), process.memoryUsage() and V8's heap spaces
// (bench/memory-probe.mjs), and the server's CPU time per request for each target.
//
//   --postgres <url>   PostgreSQL (default: PGlite in a fresh temporary data directory)
//   --data-dir <dir>   PGlite data directory to use (kept; e.g. an existing one)
//   --duration <s>     seconds per target (default 10, as the full bench)
//   --only <text>      only targets whose name contains <text> (e.g. cart; several: "cart|search")
//   --runs <n>         repeat the whole measurement n times (default 1)
//   --flags "<flags>"  start `node <flags> server/index.ts` instead of scripts/start.mjs
//   --verbose          memory after every target, not only after the load
// Needs a build (BUILD_DIR, default build-bench: `BUILD_DIR=build-bench npm run build`).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { cpuMs, freePort, shopEnv } from "./shop-process.mjs";
import { benchTargets } from "./targets.mjs";

const { values: opts } = parseArgs({
  options: {
    postgres: { type: "string" },
    "data-dir": { type: "string" },
    duration: { type: "string", default: "10" },
    only: { type: "string" },
    runs: { type: "string", default: "1" },
    flags: { type: "string" },
    verbose: { type: "boolean", default: false },
  },
});
const root = new URL("..", import.meta.url).pathname;
const buildDir = process.env.BUILD_DIR ?? "build-bench";
if (!existsSync(join(root, buildDir, "server/index.js"))) {
  console.error(`No build in ${buildDir}: run \`BUILD_DIR=${buildDir} npm run build\` first.`);
  process.exit(1);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Resident MB by kind of mapping. */
function smapsGroups(pid) {
  const groups = { file: 0, brk: 0, "anon<1M": 0, "anon1-64M": 0, "anon>=64M": 0, exec: 0 };
  let kind = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) {
      const kb = (Number.parseInt(m[2], 16) - Number.parseInt(m[1], 16)) / 1024;
      const [perm, name] = [m[3], m[4]];
      if (name.startsWith("/")) kind = "file";
      else if (name === "[heap]") kind = "brk";
      else if (name.startsWith("[")) kind = null;
      else if (perm.includes("x")) kind = "exec";
      else kind = kb >= 65536 ? "anon>=64M" : kb >= 1024 ? "anon1-64M" : "anon<1M";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && kind) groups[kind] += Number(rss[1]) / 1024;
  }
  return Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, Math.round(v)]));
}

function status(pid) {
  const s = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (k) => Math.round(Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0) / 1024);
  return { rss: mb("VmRSS"), hwm: mb("VmHWM"), anon: mb("RssAnon"), file: mb("RssFile") };
}

async function measureOnce(run) {
  const port = await freePort();
  const probeOut = join(mkdtempSync(join(tmpdir(), "mana-mem-")), "probe.jsonl");
  const dataDir = opts["data-dir"] ?? mkdtempSync(join(tmpdir(), "mana-mem-data-"));
  const env = {
    ...shopEnv({ buildDir, port, dataDir }),
    MEM_PROBE_OUT: probeOut,
    NODE_OPTIONS: `--import=${join(root, "bench/memory-probe.mjs")} ${process.env.NODE_OPTIONS ?? ""}`,
  };
  if (opts.postgres) env.DATABASE_URL = opts.postgres;
  else delete env.DATABASE_URL;
  const args = opts.flags
    ? [...opts.flags.split(" ").filter(Boolean), join(root, "server/index.ts")]
    : [join(root, "scripts/start.mjs")];
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  const label = `${opts.postgres ? "postgres" : "pglite"}#${run}`;

  const phase = async (what) => {
    process.kill(child.pid, "SIGUSR2");
    await sleep(300);
    const p = JSON.parse(readFileSync(probeOut, "utf8").trim().split("\n").at(-1));
    const st = status(child.pid);
    const g = smapsGroups(child.pid);
    const space = (n) => p.spaces[n]?.join("/") ?? "-";
    console.log(
      `${label} ${what.padEnd(22)} VmRSS ${st.rss} VmHWM ${st.hwm} (anon ${st.anon}, file ${st.file}) | ` +
        `heap ${p.heapTotal} (used ${p.heapUsed}; new ${space("new_space")}, old ${space("old_space")}, ` +
        `code ${space("code_space")}, large ${space("large_object_space")}) external ${p.external} ` +
        `arrayBuffers ${p.arrayBuffers}\n${" ".repeat(label.length + 24)}smaps MB: ${Object.entries(g)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`,
    );
    return { ...st, smaps: g, ...p };
  };

  try {
    const t0 = Date.now();
    for (;;) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {}
      if (child.exitCode !== null || Date.now() - t0 > 120_000) throw new Error("the server did not start");
      await sleep(100);
    }
    console.log(`${label} ready in ${Date.now() - t0} ms (${args.join(" ")})`);
    const ready = await phase("ready");

    // The bench's warm-up: a cart cookie, then every target once.
    const { cookie, paths, targets: all } = await benchTargets(base);
    for (const p of paths) await (await fetch(base + p, { headers: { cookie } })).arrayBuffer();
    const warmed = await phase("warmed");
    writeFileSync(`/proc/${child.pid}/clear_refs`, "5"); // VmHWM := VmRSS, as bench/run.mjs does

    const targets = all
      .filter((t) => !opts.only || opts.only.split("|").some((part) => t.name.includes(part)))
      .map((t) => ({ name: t.name, spec: t.spec(base) }));
    const rows = [];
    for (const t of targets) {
      const before = cpuMs(child.pid);
      const out = execFileSync(
        process.execPath,
        [
          join(root, "bench/load.mjs"),
          JSON.stringify({ ...t.spec, connections: 10, duration: Number(opts.duration) }),
        ],
        { encoding: "utf8" },
      );
      const r = JSON.parse(out);
      const cpuUsPerRequest = Math.round(((cpuMs(child.pid) - before) * 1000) / r.total);
      rows.push({ target: t.name, rps: Math.round(r.rps), p99: r.p99, cpuUsPerRequest });
      if (opts.verbose) await phase(`after ${t.name}`.slice(0, 22));
    }
    const end = await phase("after the load");
    for (const r of rows)
      console.log(
        `${label}   ${r.target.padEnd(46)} ${String(r.rps).padStart(6)} req/s  p99 ${r.p99} ms  CPU ${r.cpuUsPerRequest} µs/request`,
      );
    console.log(
      `${label} peak RSS during the load ${end.hwm} MB (start-up and warm-up peak ${warmed.hwm} MB)`,
    );
    return {
      run,
      ready: ready.rss,
      warmed: warmed.rss,
      startupPeak: warmed.hwm,
      loadPeak: end.hwm,
      targets: rows,
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
    if (!opts["data-dir"]) rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (let run = 1; run <= Number(opts.runs); run++) results.push(await measureOnce(run));
console.log(
  JSON.stringify({
    flags: opts.flags ?? "scripts/start.mjs",
    database: opts.postgres ? "postgres" : "pglite",
    results,
  }),
);
