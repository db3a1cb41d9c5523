import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

describe("environment", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", DATA_DIR: "./data", SHIPPING_FLAT_RATE: 5.95 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("stops with a message naming each bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrow(EnvError);
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it("refuses to start in production without PUBLIC_URL, so no link is built from a forged Host header", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/PUBLIC_URL: required in production/);
    const env = parseEnv({
      NODE_ENV: "production",
      PUBLIC_URL: "https://shop.example",
      BETTER_AUTH_SECRET: "a-secret-of-at-least-32-characters-0123",
    });
    expect(env.PUBLIC_URL).toBe("https://shop.example");
  });
});
