import { defineConfig } from "vitest/config";

/**
 * `npm run test:reliability` (tests/reliability/run.mjs): the long reliability checks (docs/reliability.md). Phase "fuzz" runs
 * the reliability tests and the API fault tests on PGlite and PostgreSQL with 20,000 fuzz runs per route;
 * phase "production" runs the load and SIGKILL checks against the production build, one at a time.
 */
const phase = process.env.RELIABILITY_PHASE ?? "fuzz";

export default defineConfig({
  test: {
    include:
      phase === "production"
        ? ["tests/reliability/long/*.prod.long.ts"]
        : [
            "tests/reliability/*.test.ts",
            "tests/reliability/long/fuzz-shard-*.long.ts",
            "tests/api/checkout-faults.test.ts",
            "tests/api/webhooks.test.ts",
            "tests/api/newsletter.test.ts",
            "tests/api/auth.test.ts",
          ],
    // The full-size fuzz runs in its two shards instead.
    exclude: ["tests/reliability/route-fuzz.test.ts", "**/node_modules/**"],
    globalSetup: ["tests/reliability/long/guard.global.ts"],
    environment: "node",
    testTimeout: 900_000,
    hookTimeout: 300_000,
    pool: "forks",
    fileParallelism: phase !== "production",
    maxWorkers: phase === "production" ? 1 : 2,
  },
});
