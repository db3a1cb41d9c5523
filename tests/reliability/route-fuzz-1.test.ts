import { routeFuzz } from "./support/route-fuzz-suite.ts";

/**
 * Reliability checks "Route fuzz" (docs/reliability.md): every API route, through app.request(), with inputs
 * generated from the shape of its zod schema plus mutations. 2,000 runs per route here (FUZZ_RUNS overrides);
 * the long suite runs 20,000 per route in shards (tests/reliability/long/fuzz-shard-*.long.ts). The routes
 * are shared between this file and route-fuzz-2.test.ts, so the two halves run side by side.
 */
routeFuzz(Number(process.env.FUZZ_RUNS ?? 2000), [0, 2]);
