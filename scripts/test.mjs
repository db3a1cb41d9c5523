// `npm test`: what CI runs. Typecheck and lint first (quick, and a type error makes the rest moot), then the
// unit and API tests and the end-to-end journeys side by side. Exits non-zero if any step fails.
//
// Side by side because the journeys leave about a third of a two-core machine idle (the browser waits on
// the server, the server on the browser, a journey on its own shop starting): the unit and API tests run
// at a lower CPU priority (`nice`), so they take that idle time and give way whenever a journey wants the
// CPU, and a journey's timing is what it was alone. Their output is kept and printed once the journeys are
// done, so the two never interleave. `TEST_ONE_AT_A_TIME=true` runs them one after the other instead.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);

function runInline(name, cmd, args) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit" });
  const ok = result.status === 0;
  console.log(ok ? `✓ ${name} (${seconds(started)}s)` : `\n✗ ${name} failed (${seconds(started)}s)`);
  return ok;
}

for (const [name, cmd, args] of [
  ["typecheck", "npm", ["run", "-s", "typecheck"]],
  ["lint", "npm", ["run", "-s", "lint"]],
]) {
  if (!runInline(name, cmd, args)) process.exit(1);
}

const unit = ["unit and API tests", "npx", ["vitest", "run"]];
const e2e = ["end-to-end tests", "npm", ["run", "-s", "test:e2e"]];

if (process.env.TEST_ONE_AT_A_TIME === "true") {
  const ok = runInline(...unit) && runInline(...e2e);
  if (!ok) process.exit(1);
  console.log("\nAll checks passed.");
  process.exit(0);
}

// The unit and API tests in the background, niced, their output into a file.
const log = join(mkdtempSync(join(tmpdir(), "mana-test-")), "unit.log");
const unitStarted = Date.now();
const out = openSync(log, "w");
const background = spawn("nice", ["-n", "10", unit[1], ...unit[2]], {
  stdio: ["ignore", out, out],
  env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" },
});
let unitSeconds = "";
const unitDone = new Promise((resolve) => {
  background.on("close", (code) => {
    unitSeconds = seconds(unitStarted);
    resolve(code === 0);
  });
});
console.log(`\n=== ${unit[0]}: running alongside the journeys (output below when done) ===`);

const e2eOk = runInline(...e2e);
if (!e2eOk) console.log("(the unit and API tests are still finishing: their output follows)");
const unitOk = await unitDone;
console.log(`\n=== ${unit[0]} ===`);
process.stdout.write(readFileSync(log, "utf8"));
console.log(unitOk ? `✓ ${unit[0]} (${unitSeconds}s)` : `\n✗ ${unit[0]} failed (${unitSeconds}s)`);
if (!unitOk || !e2eOk) process.exit(1);
console.log("\nAll checks passed.");
