import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { localUrl, newCommandToken, writeServerFile } from "./admin/server-file.ts";
import { exitIfDataDirInUse } from "./db/data-dir-lock.ts";
import { parseEnv } from "./env.ts";
import { createServices } from "./services.ts";

/**
 * Development server: Vite (hot reload) in front, then the same Hono app as production. The app module is
 * loaded through Vite so edits to the API reload too; the database is opened once, outside Vite.
 */
const env = parseEnv();
// A held data directory, or one others could read, ends the start with the message (decisions 011, 025).
const { services, shutdown } = await createServices(env).catch(exitIfDataDirInUse);
// `npm run admin` works through this server while it holds an embedded database (decision 018).
const commandToken =
  services.database.kind === "pglite" && !env.DATA_DIR.startsWith("memory://")
    ? newCommandToken()
    : undefined;
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });

type AppModule = typeof import("./app.ts");
let current: {
  module: AppModule;
  fetch: (req: Request, env: unknown) => Response | Promise<Response>;
} | null = null;

// The Node request travels with it (as in production), so the app sees the socket's peer address.
const listener = getRequestListener(async (request, nodeEnv) => {
  const module = (await vite.ssrLoadModule("/server/app.ts")) as AppModule;
  if (!current || current.module !== module) {
    const app = module.createApp(services, {
      commandToken,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
    current = { module, fetch: app.fetch };
  }
  return current.fetch(request, nodeEnv);
});

const server = createHttpServer((req, res) => vite.middlewares(req, res, () => listener(req, res)));
server.listen(env.PORT, env.HOST, () => {
  if (commandToken) {
    const remove = writeServerFile(env.DATA_DIR, {
      url: localUrl(server.address() as AddressInfo),
      token: commandToken,
    });
    // Left behind by Ctrl-C: harmless, the command line trusts it only while this pid holds the directory.
    process.on("exit", remove);
  }
  console.log(`MANA dev server on http://localhost:${env.PORT}`);
});

// Ctrl-C stops the jobs and closes the database cleanly (an embedded database is written to disk on close).
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  await vite.close();
  await shutdown();
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
