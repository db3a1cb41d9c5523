// `npm start`: builds the shop when no production build exists (a fresh clone), then runs the server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`) || process.env.REBUILD === "true") {
  console.log("No production build yet: building the shop first…");
  const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// Node 24 runs the TypeScript server directly (type stripping); no separate server build step.
await import("../server/index.ts");
