import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../env.ts";
import { SECRET_FILE, withStoredAuthSecret } from "./stored-secret.ts";

const envIn = (dir: string, extra: Record<string, string> = {}) =>
  parseEnv({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000", DATA_DIR: dir, ...extra });

describe("a BETTER_AUTH_SECRET kept in the data directory", () => {
  it("is generated once (32 random bytes, owner-only file) and reused on later starts", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "mana-secret-")), "data");
    const first = withStoredAuthSecret(envIn(dir));
    expect(first.generated).toBe(join(dir, SECRET_FILE));
    expect(first.env.BETTER_AUTH_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(join(dir, SECRET_FILE), "utf8").trim()).toBe(first.env.BETTER_AUTH_SECRET);
    expect(statSync(join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600);

    const second = withStoredAuthSecret(envIn(dir));
    expect(second.generated).toBeNull();
    expect(second.env.BETTER_AUTH_SECRET).toBe(first.env.BETTER_AUTH_SECRET);
    const another = withStoredAuthSecret(envIn(join(mkdtempSync(join(tmpdir(), "mana-secret-")), "d")));
    expect(another.env.BETTER_AUTH_SECRET).not.toBe(first.env.BETTER_AUTH_SECRET);
  });

  it("gives way to the environment's secret, and writes nothing then", () => {
    const dir = mkdtempSync(join(tmpdir(), "mana-secret-"));
    const given = "an-operator-chosen-secret-of-40-characters";
    const { env, generated } = withStoredAuthSecret(envIn(dir, { BETTER_AUTH_SECRET: given }));
    expect(env.BETTER_AUTH_SECRET).toBe(given);
    expect(generated).toBeNull();
    expect(() => statSync(join(dir, SECRET_FILE))).toThrow();
  });

  it("refuses a stored file too short to be a secret", () => {
    const dir = mkdtempSync(join(tmpdir(), "mana-secret-"));
    writeFileSync(join(dir, SECRET_FILE), "short\n");
    expect(() => withStoredAuthSecret(envIn(dir))).toThrow(EnvError);
    expect(() => withStoredAuthSecret(envIn(dir))).toThrow(/fewer than 32 characters/);
  });

  it("stops with a message naming the variable when the directory cannot be written", () => {
    const dir = mkdtempSync(join(tmpdir(), "mana-secret-"));
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "");
    expect(() => withStoredAuthSecret(envIn(join(blocker, "data")))).toThrow(/BETTER_AUTH_SECRET: not set/);
  });
});
