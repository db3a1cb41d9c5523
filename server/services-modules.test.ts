import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The clients of services a shop may not use (Stripe, SMTP through nodemailer, Redis) are loaded by the
 * configurations that use them, when they use them: together they held about 18 MB of the server's memory
 * (docs/performance.md, "What the server holds when it starts"). Each case starts the shop's
 * services as the server does (server/services.ts, PGlite in a fresh directory) in a process of its own
 * and lists the packages it loaded.
 */
const run = promisify(execFile);
const services = new URL("./services.ts", import.meta.url).href;
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function packagesLoaded(env: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "mana-services-"));
  dirs.push(dir);
  const dataDir = join(dir, "data");
  const script = `
    import { registerHooks } from "node:module";
    const packages = new Set();
    registerHooks({
      resolve(specifier, context, next) {
        const resolved = next(specifier, context);
        const name = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(resolved.url)?.[1];
        if (name) packages.add(name);
        return resolved;
      },
    });
    const { parseEnv } = await import(${JSON.stringify(new URL("./env.ts", import.meta.url).href)});
    const { createServices } = await import(${JSON.stringify(services)});
    const started = await createServices(parseEnv(process.env));
    await started.shutdown();
    console.log(JSON.stringify([...packages]));
  `;
  const file = join(dir, "start-services.mjs");
  writeFileSync(file, script);
  const { stdout } = await run(process.execPath, [file], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      ...env,
    },
    timeout: 90_000,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "[]") as string[];
}

describe("the services' clients", () => {
  it("a shop on the sandbox provider, without SMTP or Redis, loads none of their clients", async () => {
    const loaded = await packagesLoaded({});
    // The shop did start: its database driver and its auth are there.
    expect(loaded).toEqual(expect.arrayContaining(["@electric-sql/pglite", "better-auth"]));
    expect(loaded).not.toContain("stripe");
    expect(loaded).not.toContain("nodemailer");
    expect(loaded).not.toContain("ioredis");
  }, 120_000);

  it("a shop paying through Stripe loads Stripe's client as it starts; SMTP's waits for the first message", async () => {
    const loaded = await packagesLoaded({
      STRIPE_SECRET_KEY: "sk_test_services_modules",
      STRIPE_WEBHOOK_SECRET: "whsec_services_modules",
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
    expect(loaded).toContain("stripe");
    expect(loaded).not.toContain("nodemailer");
  }, 120_000);
});
