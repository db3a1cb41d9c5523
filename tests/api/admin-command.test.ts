import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

// `npm run admin` while the shop runs on the embedded database: the command goes through the running
// server, which holds the data directory (docs/decisions/018-command-line-through-the-server.md).

const run = promisify(execFile);
const root = join(import.meta.dirname, "../..");

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The production entry (server/index.ts) on a data directory of its own; pages are not what this is about. */
class Shop {
  readonly dataDir = mkdtempSync(join(tmpdir(), "mana-admin-command-"));
  readonly buildDir = join(this.dataDir, "..", `${this.dataDir.split("/").pop()}-build`);
  port = 0;
  base = "";
  child: ChildProcess | null = null;

  constructor() {
    // A stand-in for the React Router build: the server starts with it, and the API never renders a page.
    mkdirSync(join(this.buildDir, "server"), { recursive: true });
    mkdirSync(join(this.buildDir, "client"), { recursive: true });
    writeFileSync(join(this.buildDir, "server/index.js"), "export const routes = {};\n");
  }

  env(port = this.port): NodeJS.ProcessEnv {
    return {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: this.dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BUILD_DIR: this.buildDir,
      LOG_LEVEL: "warn",
      PAYMENT_PROVIDER: "sandbox",
      BETTER_AUTH_SECRET: "admin-command-test-secret-0123456789abcdef",
    };
  }

  async start() {
    if (!this.port) {
      this.port = await freePort();
      this.base = `http://127.0.0.1:${this.port}`;
    }
    const child = spawn(process.execPath, ["server/index.ts"], {
      cwd: root,
      env: this.env(),
      stdio: ["ignore", "ignore", "inherit"],
    });
    this.child = child;
    for (let i = 0; i < 240; i++) {
      if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
      const ready = await fetch(`${this.base}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ready) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error("the shop did not start");
  }

  async stop(): Promise<number | null> {
    const running = this.child;
    this.child = null;
    if (!running || running.exitCode !== null) return running?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    return exited;
  }

  /** `npm run admin -- …` (the package script: `node scripts/admin.ts`) with the shop's environment. */
  admin(...args: string[]) {
    return run(process.execPath, ["scripts/admin.ts", ...args], { cwd: root, env: this.env() }).then(
      (done) => ({ code: 0, ...done }),
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
  }

  call(method: string, path: string, options: { cookie?: string; body?: unknown; headers?: object } = {}) {
    return fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "GET" ? {} : { origin: this.base }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  }
}

describe("npm run admin while the shop runs on the embedded database", () => {
  const shop = new Shop();
  afterAll(() => shop.stop());

  it("promotes through the running shop, which sees it at once and keeps it after a restart; a wrong token changes nothing", async () => {
    await shop.start();
    const signUp = async (email: string) => {
      const res = await shop.call("POST", "/api/auth/sign-up/email", {
        body: { email, password: "quiet forest 42", name: "Olive Owner" },
      });
      expect(res.status).toBe(200);
      return res.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
    };
    const owner = await signUp("owner@example.com");
    const other = await signUp("other@example.com");
    const roleSeenBy = async (cookie: string) => {
      const res = await shop.call("GET", "/api/admin/me", { cookie });
      return res.status === 200 ? ((await res.json()) as { role: string }).role : res.status;
    };
    expect(await roleSeenBy(owner)).toBe(403);

    // The server left its address and token for the command line, readable by the shop's user only.
    const file = join(shop.dataDir, "server.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { url, token, pid } = JSON.parse(readFileSync(file, "utf8"));
    expect({ url, pid }).toEqual({ url: shop.base, pid: shop.child?.pid });
    expect(token).toMatch(/^[\w-]{43}$/);

    // Without the token, or with another, nothing runs.
    const command = { args: ["users", "promote", "other@example.com"] };
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${token}x`, token]) {
      const res = await shop.call("POST", "/api/internal/admin-command", {
        body: command,
        headers: authorization ? { authorization } : {},
      });
      expect(res.status, String(authorization)).toBe(401);
    }
    // Through a proxy, the route is not there.
    const proxied = await shop.call("POST", "/api/internal/admin-command", {
      body: command,
      headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "203.0.113.9" },
    });
    expect(proxied.status).toBe(404);
    expect(await roleSeenBy(other)).toBe(403);

    // A second server on the same directory refuses to start, and leaves the first one's file alone.
    const second = await run(process.execPath, ["server/index.ts"], {
      cwd: root,
      env: shop.env(await freePort()),
    }).catch((err) => err);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`in use by another process (pid ${shop.child?.pid})`);
    expect(JSON.parse(readFileSync(file, "utf8")).token).toBe(token);

    const promoted = await shop.admin("users", "promote", "OWNER@example.com");
    expect(promoted).toMatchObject({ code: 0, stderr: "" });
    expect(promoted.stdout).toBe(
      "owner@example.com is now admin: the dashboard at /admin opens for them at their next page.\n",
    );
    expect(await roleSeenBy(owner)).toBe("admin");
    // Refusals come back with their message and exit code, as when the command line opens the database.
    const nobody = await shop.admin("users", "promote", "nobody@example.com");
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain("No account uses nobody@example.com: the person signs up at /auth first");
    const impossible = await shop.admin("orders", "deliver", "MANA-N0SUCH00");
    expect(impossible).toMatchObject({ code: 1, stderr: "There is no order MANA-N0SUCH00.\n" });
    expect((await shop.admin("orders", "list")).stdout).toBe("No orders yet.\n");
    // Renewals run on the shop's own mailer and catalogue.
    expect((await shop.admin("subscriptions", "run-due", "--as-of", "2027-01-15")).stdout).toBe(
      "Ran what was due up to 2027-01-15T23:59:59.999Z: 0 renewed, 0 failed (to be retried), 0 cancelled after failed payments, 0 resumed after a pause, 0 reminders sent.\n",
    );
    // Every job due by a day, gift cards sent on their day among them.
    expect((await shop.admin("jobs", "run-due", "--as-of", "2027-01-15")).stdout).toBe(
      "Ran what was due up to 2027-01-15T23:59:59.999Z: 0 renewed, 0 failed (to be retried), 0 cancelled after failed payments, 0 resumed after a pause, 0 reminders sent.\nGift cards sent on their day: 0.\nReferrals: 0 credited to the referrer, 0 void (order refunded or cancelled).\n",
    );
    expect((await shop.admin("jobs", "purge")).code).toBe(1);
    // The audit log says who acted: the command line, not the server.
    const audit = (await (await shop.call("GET", "/api/admin/audit", { cookie: owner })).json()) as {
      actor: string;
      action: string;
      after: unknown;
    }[];
    expect(audit).toEqual([
      expect.objectContaining({ actor: "command line", action: "role-changed", after: { role: "admin" } }),
    ]);

    expect(await shop.stop()).toBe(0);
    expect(existsSync(file)).toBe(false);
    await shop.start();
    expect(await roleSeenBy(owner)).toBe("admin");
    expect(await roleSeenBy(other)).toBe(403);
    expect(JSON.parse(readFileSync(file, "utf8")).token).not.toBe(token);
  }, 240_000);
});
