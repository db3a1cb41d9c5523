// `npm run test:reliability`: the long reliability checks (docs/reliability.md), under 15 minutes.
// 1. supply chain: npm audit (fails loudly when it cannot check) and the Better Auth pin;
// 2. phase "fuzz": config guard, then every reliability test on PGlite and PostgreSQL with 20,000 fuzz
//    runs per route, 30 s of Redis outage, pg_terminate_backend x100 (tests/api/checkout-faults.test.ts);
// 3. phase "production": the production build on PostgreSQL: 60 s autocannon loads and SIGKILL webhooks.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? "20000",
  REDIS_OUTAGE_SECONDS: process.env.REDIS_OUTAGE_SECONDS ?? "30",
  LOAD_SECONDS: process.env.LOAD_SECONDS ?? "60",
  BUILD_DIR: process.env.BUILD_DIR ?? "build-reliability",
};
const only = process.argv[2];
const started = Date.now();
const failures = [];
const steps = [
  [
    "supply chain",
    () => {
      const pkg = JSON.parse(readFileSync("package.json", "utf8"));
      const pin = pkg.dependencies["better-auth"];
      if (!/^\d+\.\d+\.\d+$/.test(pin))
        return `better-auth must be pinned to an exact version, found '${pin}'`;
      const audit = spawnSync("npm", ["audit", "--omit=dev", "--audit-level=high", "--json"], {
        encoding: "utf8",
      });
      let report;
      try {
        report = JSON.parse(audit.stdout);
      } catch {
        return `npm audit could not check (exit ${audit.status}): ${audit.stderr.slice(0, 500)}`;
      }
      if (report.error) return `npm audit could not check: ${JSON.stringify(report.error).slice(0, 500)}`;
      const v = report.metadata?.vulnerabilities ?? {};
      console.log(`npm audit: ${JSON.stringify(v)}; better-auth pinned at ${pin}`);
      if ((v.high ?? 0) + (v.critical ?? 0) > 0) return "npm audit reports high or critical vulnerabilities";
      return null;
    },
  ],
  ["fuzz", { RELIABILITY_PHASE: "fuzz" }],
  ["production", { RELIABILITY_PHASE: "production" }],
];
for (const [name, what] of steps) {
  if (only && only !== name) continue;
  console.log(`\n=== ${name} ===`);
  const t = Date.now();
  let failed = null;
  if (typeof what === "function") failed = what();
  else {
    const r = spawnSync("npx", ["vitest", "run", "--config", "tests/reliability/vitest.long.config.ts"], {
      stdio: "inherit",
      env: { ...env, ...what },
    });
    if (r.status !== 0) failed = `vitest exited ${r.status}`;
  }
  const s = ((Date.now() - t) / 1000).toFixed(0);
  // Every step runs even after a failure, so one run reports every problem; the exit code still fails.
  if (failed) {
    console.error(`\n✗ ${name} failed after ${s}s: ${failed}`);
    failures.push(`${name}: ${failed}`);
  } else console.log(`✓ ${name} (${s}s)`);
}
const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (failures.length) {
  console.error(`\nReliability suite FAILED in ${minutes} min:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log(`\nReliability suite passed in ${minutes} min.`);
