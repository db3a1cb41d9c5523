import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import type { ServerBuild } from "react-router";
import { localUrl, newCommandToken, writeServerFile } from "./admin/server-file.ts";
import { createApp } from "./app.ts";
import { withStoredAuthSecret } from "./auth/stored-secret.ts";
import { exitIfDataDirInUse } from "./db/data-dir-lock.ts";
import { DataDirPermissionError } from "./db/private-data-dir.ts";
import { EnvError, parseEnv } from "./env.ts";
import { setAnswerHeader } from "./http/answer-header.ts";
import { cachedRouteLabel } from "./http/metrics.ts";
import { nextRequestId } from "./http/request-id.ts";
import { recordRequest } from "./http/request-log.ts";
import { securityHeaderList, securityOptions } from "./http/security-headers.ts";
import { createServices } from "./services.ts";

/** Production entry: serves build/ with the API, on PORT/HOST, and shuts down cleanly on SIGTERM. */
let env: ReturnType<typeof parseEnv>;
let generatedSecret: string | null = null;
try {
  env = parseEnv({ NODE_ENV: "production", ...process.env });
  // No BETTER_AUTH_SECRET (a machine trying the shop out): one generated once under DATA_DIR, then reused.
  ({ env, generated: generatedSecret } = withStoredAuthSecret(env));
} catch (err) {
  console.error(err instanceof EnvError || err instanceof DataDirPermissionError ? err.message : err);
  process.exit(1);
}

const buildDir = resolve(process.env.BUILD_DIR ?? "build");
const buildPath = pathToFileURL(join(buildDir, "server/index.js"));
if (!existsSync(buildPath)) {
  console.error("No production build found. Run `npm run build` first (npm start does this for you).");
  process.exit(1);
}

// Opening an embedded database takes its data directory (or refuses to start, exit 1, when another process
// holds it: docs/decisions/011-one-process-per-embedded-database.md).
const { services, shutdown: stopServices } = await createServices(env).catch(exitIfDataDirInUse);
// Holding it, this server is how `npm run admin` reaches the database: with a token new at every start
// (docs/decisions/018-command-line-through-the-server.md).
const commandToken =
  services.database.kind === "pglite" && !env.DATA_DIR.startsWith("memory://")
    ? newCommandToken()
    : undefined;
let removeServerFile = () => {};
const build = (await import(buildPath.href)) as ServerBuild;
if (generatedSecret) {
  services.logger.info(
    { file: generatedSecret },
    "BETTER_AUTH_SECRET is not set: generated a secret into the data directory, used from now on",
  );
}

const app = createApp(services, {
  commandToken,
  build,
  beforePages: (app) => {
    // Hashed files never change: cache them for a year. Everything else in public/ for an hour.
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.ok) setAnswerHeader(c, "Cache-Control", "public, max-age=31536000, immutable");
    });
    // The offline stories' worker is asked for again at every story visit: a deploy's new worker must
    // not wait an hour in a cache on the way (docs/decisions/054-offline-stories.md).
    app.use("/sw.js", async (c, next) => {
      await next();
      if (c.res.ok) setAnswerHeader(c, "Cache-Control", "no-cache");
    });
    app.use("*", async (c, next) => {
      await next();
      if (c.res.ok && !c.res.headers.has("cache-control"))
        setAnswerHeader(c, "Cache-Control", "public, max-age=3600");
    });
    // Scripts and styles are compressed once at build time (scripts/vite-precompress.ts): .br, else .gz.
    // Every file the build and public/ hold has an extension; a page's path (/products/korean-ginseng) is
    // never looked for on disk, which cost a stat per rendered page.
    const files = serveStatic({
      root: relative(process.cwd(), join(buildDir, "client")),
      precompressed: true,
    });
    app.use("*", (c, next) => (/\.[^/]*$/.test(c.req.path) ? files(c, next) : next()));
  },
});

// Cache hits for anonymous public pages are answered straight from memory, before the framework.
const listener = getRequestListener(app.fetch);
const security = securityOptions(env);
const cacheHitHeaders = (path: string, type: string | undefined, nonce: string) =>
  securityHeaderList(path, type, nonce, security);
const server = createServer((req, res) => {
  const started = performance.now();
  const reqId = nextRequestId();
  if (!services.pageCache.serve(req, res, reqId, cacheHitHeaders)) {
    void listener(req, res);
    return;
  }
  const url = req.url ?? "/";
  recordRequest(services, {
    reqId,
    method: req.method ?? "GET",
    path: url,
    route: cachedRouteLabel(url),
    status: res.statusCode,
    started,
    cache: "hit",
  });
});
server.listen(env.PORT, env.HOST, () => {
  if (commandToken) {
    const url = localUrl(server.address() as AddressInfo);
    removeServerFile = writeServerFile(env.DATA_DIR, { url, token: commandToken });
  }
  services.logger.info(
    { port: env.PORT, host: env.HOST, database: services.database.kind },
    "MANA is listening",
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  services.logger.info({ signal }, "shutting down: finishing in-flight requests");
  server.close(async () => {
    await stopServices();
    removeServerFile();
    services.logger.info("stopped");
    process.exit(0);
  });
  // Keep-alive connections go idle as their last response ends: close each one as soon as it does.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
  // Requests still running after 10 s are cut off rather than holding the process forever: not a clean stop.
  setTimeout(() => {
    services.logger.error("shutdown timed out: requests were cut off");
    process.exit(1);
  }, 10_000).unref();
}
// However the process ends: a file left behind is ignored anyway once its pid no longer holds the directory.
process.on("exit", () => removeServerFile());
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
