import { defineConfig } from "vitest/config";
import SlowestFirst from "./tests/support/slowest-first.ts";

// Unit and in-process API tests. End-to-end journeys live in e2e/ and run through scripts/e2e.mjs.
export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "core/**/*.test.ts", "server/**/*.test.ts", "tests/**/*.test.ts"],
    environment: "node",
    // One migrated embedded database for the run, unpacked by every test file that needs a fresh one.
    globalSetup: ["tests/support/pglite-image.global.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The modules a file imports stay loaded for the next file in the same worker: with a fresh module graph
    // per file, importing the server again took about a third of the run's CPU (715 -> 460 s) (docs/decisions/039, update of
    // 2026-11-28). Every file still opens its own database and app; no test mocks a module.
    isolate: false,
    // Two files at a time even on a two-core machine: most tests wait on a database, not the CPU
    // (the whole suite on both databases: 630 s with one worker, 430 s with two).
    maxWorkers: 2,
    // The longest files first, also on a clean clone (tests/support/slowest-first.ts).
    sequence: { sequencer: SlowestFirst },
  },
});
