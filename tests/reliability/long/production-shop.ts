import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import pg from "pg";
import { freePort } from "../support/redis-process.ts";

export const BUILD_DIR = process.env.BUILD_DIR ?? "build-reliability";
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Builds the production bundle into BUILD_DIR once (REBUILD=true forces it). */
export function ensureBuild() {
  if (existsSync(`${BUILD_DIR}/server/index.js`) && process.env.REBUILD !== "true") return;
  const built = spawnSync("npx", ["react-router", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR },
  });
  if (built.status !== 0) throw new Error("production build failed");
}

export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mana_rel_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The production server (server/index.ts on the production build) as a child process on PostgreSQL. */
export class ProductionShop {
  child: ChildProcess | null = null;
  port = 0;
  stderr = "";
  private env: Record<string, string>;
  constructor(env: Record<string, string>) {
    this.env = env;
  }
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    if (!this.port) this.port = await freePort();
    this.child = spawn(process.execPath, ["server/index.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        BUILD_DIR,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${this.port}`,
        LOG_LEVEL: "error",
        DATABASE_POOL_MAX: "20",
        ...this.env,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    this.child.stderr?.on("data", (d) => {
      this.stderr = (this.stderr + d).slice(-20_000);
    });
    const started = Date.now();
    while (Date.now() - started < 60_000) {
      try {
        const res = await fetch(`${this.url}/readyz`);
        if (res.ok) return this;
      } catch {
        // not listening yet
      }
      if (this.child.exitCode !== null) throw new Error(`the shop exited: ${this.stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the shop did not become ready: ${this.stderr}`);
  }

  /** Ends the process the hard way (no shutdown hook runs). */
  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.child = null;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill(signal);
    });
  }
}
