// `npm run test:e2e`: builds the shop, then runs the Playwright journeys in Chromium against the
// production server started on a free port with a fresh embedded database.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findChromium, HOW_TO_GET_CHROMIUM } from "./find-chromium.mjs";

const chromium = await findChromium();
if (!chromium) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const srv = createServer();
  srv.listen(0, "127.0.0.1", () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});

if (process.env.E2E_SKIP_BUILD !== "true") {
  const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const env = {
  ...process.env,
  CHROMIUM_PATH: chromium,
  E2E_PORT: String(port),
  E2E_DATA_DIR: mkdtempSync(join(tmpdir(), "mana-e2e-")),
};
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit", env });
process.exit(result.status ?? 1);
