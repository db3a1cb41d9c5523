// `npm test`: what CI runs. Typecheck, lint, unit and API tests, then the end-to-end journeys in Chromium.
// Stops at the first failing step and exits non-zero.
import { spawnSync } from "node:child_process";

const steps = [
  ["typecheck", "npm", ["run", "-s", "typecheck"]],
  ["lint", "npm", ["run", "-s", "lint"]],
  ["unit and API tests", "npx", ["vitest", "run"]],
  ["end-to-end tests", "npm", ["run", "-s", "test:e2e"]],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (${seconds}s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds}s)`);
}
console.log("\nAll checks passed.");
