import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../support/test-app.ts";
import { assertSecureConfig, securityProblems } from "./support/config-guard.ts";

describe("config guard", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop("pglite", { auth: true });
  });
  afterAll(() => shop.close());

  it("passes on the shop as configured: limiter on, shared storage, origin and CSRF checks on", async () => {
    await expect(assertSecureConfig(shop)).resolves.toBeUndefined();
  });

  it("aborts when the limiter, the origin check or the CSRF check is switched off", async () => {
    const identity = shop.services.identity;
    if (!identity.frontDoor) throw new Error("expected Better Auth");
    const ctx = await identity.frontDoor.auth.$context;
    const saved = { enabled: ctx.rateLimit.enabled, origin: ctx.skipOriginCheck, csrf: ctx.skipCSRFCheck };
    try {
      ctx.rateLimit.enabled = false;
      ctx.skipOriginCheck = true;
      ctx.skipCSRFCheck = true;
      const problems = await securityProblems(shop);
      expect(problems.join("\n")).toMatch(/limiter is off/);
      expect(problems.join("\n")).toMatch(/origin check: Better Auth skips it/);
      expect(problems.join("\n")).toMatch(/CSRF check/);
      await expect(assertSecureConfig(shop)).rejects.toThrow(/aborted/);
    } finally {
      ctx.rateLimit.enabled = saved.enabled;
      ctx.skipOriginCheck = saved.origin;
      ctx.skipCSRFCheck = saved.csrf;
    }
  });

  it("aborts on a shop without identity (nothing limited at all)", async () => {
    const bare = await createTestShop("pglite");
    try {
      expect(await securityProblems(bare)).toEqual([expect.stringMatching(/not configured/)]);
    } finally {
      await bare.close();
    }
  });
});
