import { type ChildProcess, execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import type { Browser, Page } from "@playwright/test";
import { journeyDataDir } from "./data-dir.ts";
import { freePort } from "./free-port.ts";
import { signedUp } from "./shopper.ts";

const run = promisify(execFile);

/**
 * A shop of a journey's own: the production build on a free port with a fresh embedded data directory,
 * the sandbox provider and the dev outbox. It can be stopped and started again on the same port, data and
 * secret (the browser's session survives), so a journey can do what an owner on the embedded database does
 * between: run `npm run admin` while the shop is stopped (docs/decisions/011-one-process-per-embedded-database.md).
 */
export class OwnShop {
  readonly dataDir: string;
  port = 0;
  base = "";
  #server: ChildProcess | null = null;
  #env: Record<string, string>;
  #extra: Record<string, string> = {};

  /**
   * `env` overrides the defaults below for every start (e.g. `DEV_OUTBOX: ""` to test the rule itself);
   * `firstStart` starts on an empty data directory, as `npm start` on a new clone (support/data-dir.ts).
   */
  constructor(name: string, env: Record<string, string> = {}, options: { firstStart?: boolean } = {}) {
    this.dataDir = journeyDataDir(name, options);
    this.#env = env;
  }

  env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      PORT: String(this.port),
      HOST: "127.0.0.1",
      DATA_DIR: this.dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: this.base,
      LOG_LEVEL: "warn",
      PAYMENT_PROVIDER: "sandbox",
      DEV_OUTBOX: "true",
      BETTER_AUTH_SECRET: "e2e-secret-for-journeys-with-their-own-shop-0123456789",
      ALTCHA_MAX_NUMBER: "2000",
      ...this.#env,
      ...this.#extra,
    };
  }

  /** Starts the shop; `extra` adds to its environment for this start only. */
  async start(extra: Record<string, string> = {}): Promise<void> {
    this.#extra = extra;
    if (!this.port) {
      this.port = await freePort();
      this.base = `http://127.0.0.1:${this.port}`;
    }
    this.#server = spawn(process.execPath, ["server/index.ts"], {
      env: this.env(),
      stdio: ["ignore", "ignore", "inherit"],
    });
    for (let i = 0; i < 240; i++) {
      const ready = await fetch(`${this.base}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ready) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error("the journey's own shop did not start");
  }

  async stop(): Promise<void> {
    const running = this.#server;
    this.#server = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  }

  /** `npm run admin -- …` against this shop's data directory (stop the shop first). */
  admin(...args: string[]) {
    return run(process.execPath, ["scripts/admin.ts", ...args], { env: this.env() });
  }

  /**
   * Starts the shop with its owner: Olive Owner signs up at `email` in a browser context of her own, the
   * shop stops while `npm run admin` promotes her, and starts again. Answers her page, signed in.
   */
  async startWithOwner(browser: Browser, email: string): Promise<Page> {
    await this.start();
    const owner = await signedUp(browser, this.base, email, "Olive Owner");
    await this.stop();
    await this.admin("users", "promote", email);
    await this.start();
    return owner;
  }
}
