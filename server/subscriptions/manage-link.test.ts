import { describe, expect, it } from "vitest";
import { checkManageToken, MANAGE_LINK_DAYS, manageToken, manageUrl } from "./manage-link.ts";

const secret = "a-secret-of-the-server-for-the-tests-0123456789";
const sub = "0b6f7f0e-8d2c-4c1e-9a57-1f1f4a1b2c3d";
const other = "7d1e2f3a-4b5c-4d6e-8f70-112233445566";
const now = new Date("2026-11-26T12:00:00Z");

describe("subscription manage links", () => {
  it("opens the subscription it names until it expires", () => {
    const token = manageToken(secret, sub, now);
    const check = checkManageToken(secret, token, now);
    expect(check).toMatchObject({ ok: true, subscriptionId: sub });
    const lastDay = new Date(now.getTime() + (MANAGE_LINK_DAYS * 86_400 - 60) * 1000);
    expect(checkManageToken(secret, token, lastDay).ok).toBe(true);
  });

  it("stops working after its days, and says which subscription it was for", () => {
    const token = manageToken(secret, sub, now);
    const after = new Date(now.getTime() + MANAGE_LINK_DAYS * 86_400_000 + 1000);
    expect(checkManageToken(secret, token, after)).toEqual({
      ok: false,
      reason: "expired",
      subscriptionId: sub,
    });
  });

  it("is refused for another subscription, with another secret, or when any part is changed", () => {
    const token = manageToken(secret, sub, now);
    expect(checkManageToken(secret, token, now, other)).toEqual({ ok: false, reason: "invalid" });
    expect(checkManageToken(secret, token, now, sub).ok).toBe(true);
    expect(checkManageToken("another-secret-entirely-0123456789", token, now).ok).toBe(false);
    const [, expires, signature] = token.split(".");
    expect(checkManageToken(secret, `${other}.${expires}.${signature}`, now).ok).toBe(false);
    expect(checkManageToken(secret, `${sub}.${Number(expires) + 86_400}.${signature}`, now).ok).toBe(false);
    for (const bad of [
      "",
      "x",
      `${sub}.${expires}`,
      `${token}.x`,
      `${sub.toUpperCase()}.${expires}.${signature}`,
    ])
      expect(checkManageToken(secret, bad, now).ok).toBe(false);
  });

  it("is not an unsubscribe token and an unsubscribe-shaped token is not a manage token", () => {
    expect(checkManageToken(secret, `${Buffer.from("a@b.co").toString("base64url")}.abc`, now).ok).toBe(
      false,
    );
  });

  it("builds the page link", () => {
    expect(manageUrl("https://shop.test", secret, sub, now)).toMatch(
      new RegExp(`^https://shop\\.test/subscriptions/manage/${sub}\\.\\d+\\.[A-Za-z0-9_-]+$`),
    );
  });
});
