import { routeFuzz } from "../support/route-fuzz-suite.ts";

// Long suite: 20,000 runs per API route (FUZZ_RUNS overrides), half of the routes in each shard.
routeFuzz(Number(process.env.FUZZ_RUNS ?? 20_000), [0, 2]);
