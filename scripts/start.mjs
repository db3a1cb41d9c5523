// `npm start`: builds the shop when no production build exists (a fresh clone), then becomes the server:
// this process is replaced by `node <memory flags> server/index.ts` (same pid, so signals, exit codes and
// the process's memory figures are the server's). `npm run bench` starts the server through this file too.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { COMPILE_CACHE_DIR } from "./compile-cache.mjs";

if (!existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`) || process.env.REBUILD === "true") {
  console.log("No production build yet: building the shop first…");
  const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// Memory settings, measured in docs/performance.md ("Performance work, fourth pass: memory"). A flag already given
// in NODE_OPTIONS, or MALLOC_ARENA_MAX already set, is left as the operator set it.
const nodeFlags = process.env.DATABASE_URL
  ? [
      // V8 sizes the young generation from the machine's memory (64 MB semi-spaces, 128 MB of new space
      // on a 24 GB machine, most of it resident); 8 MB semi-spaces: about -100 MB, no measurable change in CPU per request.
      "--max-semi-space-size=8",
      // The old generation grew 2-4x past its live size between full GCs under load; 1.5x keeps the load
      // peak near 200 MB (233-257 MB without it). Full GCs stay rare: little survives a request.
      "--heap-growing-percent=50",
      // Pages rendered for every request (a session cookie: every signed-in customer) allocate far more
      // than cached pages: at 10 connections the heap settled at 115 MB and RSS at 295-305 MB (bench/soak.mjs).
      // V8's memory-saving mode holds it at 205-215 MB, for about a fifth fewer rendered pages a second
      // (14,446 -> 11,383 in the soak's six loads); cached pages and the cart keep their budgets.
      "--optimize-for-size",
    ]
  : [
      // PGlite: requests queued behind its one connection keep their query objects alive long enough to
      // be promoted, so the old generation fills with garbage (peaks of 250-290 MB with the flags above).
      // V8's memory-saving mode (1 MB semi-spaces, slow heap growth, compacting full GCs) holds it at
      // 215-248 MB, for 10-18% more CPU per request.
      "--optimize-for-size",
      // V8's optimizing tier for pglite.wasm peaks at ~500 MB of compiler memory (at start-up and on the
      // first heavy queries); WebAssembly stays on the baseline compiler (Liftoff), same cart throughput.
      "--liftoff-only",
    ];
const runtimeEnv = {
  // glibc keeps one malloc arena per thread by default, each holding on to its freed memory: -5 MB.
  MALLOC_ARENA_MAX: "2",
  // Compiled modules are cached on disk: a warm start skips loading Node's TypeScript stripper (a
  // WebAssembly module; -13 MB after start-up). The first start after a change of the server's code fills it.
  NODE_COMPILE_CACHE: COMPILE_CACHE_DIR,
};

const server = fileURLToPath(new URL("../server/index.ts", import.meta.url));
const fromOptions = process.env.NODE_OPTIONS ?? "";
const flags = nodeFlags.filter((f) => !fromOptions.includes(f.split("=")[0]));
const env = { ...runtimeEnv, ...process.env };
// A shop tried on this machine (`npm start` with no NODE_ENV) names no public origin: it works at
// localhost, 127.0.0.1 and [::1] on its port alike, and its e-mails link to localhost (LOCAL_TRIAL,
// docs/decisions/030-one-shop-origin.md). A deployment (NODE_ENV=production) must name its public origin,
// or the server refuses to start (server/env.ts).
if (!env.PUBLIC_URL && !env.NODE_ENV) {
  env.LOCAL_TRIAL = "true";
  console.log(
    `PUBLIC_URL is not set: a local trial at http://localhost:${env.PORT ?? 3000} (set PUBLIC_URL for a deployed shop).`,
  );
}

if (typeof process.execve === "function" && process.platform !== "win32") {
  process.execve(process.execPath, [process.execPath, ...flags, server], env);
} else {
  // Node < 22.15 or Windows: no exec; run the server in this process without the flags.
  await import(pathToFileURL(server).href);
}
