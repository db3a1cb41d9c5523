import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The test files that take longest, longest first (measured with `npx vitest run --reporter=json`, on two
 * cores). Vitest runs files longest-first by the durations it remembers, but a clean clone (CI) remembers
 * none and runs the largest files first: a long file that is small (the route fuzz) then started last and
 * ran alone for a minute and a half at the end of the run. Files not listed keep Vitest's own order.
 */
const SLOWEST = [
  "tests/reliability/route-fuzz-1.test.ts",
  "tests/reliability/route-fuzz-2.test.ts",
  "tests/api/webhooks.test.ts",
  "tests/api/purge-pending.test.ts",
  "tests/api/admin-command.test.ts",
  "tests/unit/import-rules.test.ts",
  "tests/api/orders.test.ts",
  "tests/api/auth.test.ts",
  "tests/api/renewals-processes.test.ts",
  "server/db/data-dir-lock.test.ts",
  "tests/reliability/nothing-lost.test.ts",
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = SLOWEST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return i < 0 ? SLOWEST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
