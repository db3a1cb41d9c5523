import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, lastSmsCode, solveHumanCheck, uniqueEmail } from "./auth-helpers.ts";

describe.each(testDatabases)("identity API on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true });
  });
  afterAll(() => shop.close());

  it("signs up with e-mail and password and sets an httpOnly, SameSite=Lax session cookie", async () => {
    const b = new Browser(shop);
    const res = await b.signUp(uniqueEmail(), "correct horse 7", "Ada Lovelace");
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith("mana.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await b.session();
    expect(session.body.user.name).toBe("Ada Lovelace");
  });

  it("refuses passwords under 6 characters and the most common passwords", async () => {
    const b = new Browser(shop);
    const short = await b.signUp(uniqueEmail(), "abc12");
    expect(short.status).toBe(400);
    expect(short.body.code).toBe("PASSWORD_TOO_SHORT");
    const common = await b.signUp(uniqueEmail(), "iloveyou");
    expect(common.status).toBe(400);
    expect(common.body.code).toBe("PASSWORD_TOO_COMMON");
    expect(common.body.message).toMatch(/most common passwords/);
  });

  it("refuses a second account with the same e-mail", async () => {
    const email = uniqueEmail();
    await new Browser(shop).signUp(email);
    const res = await new Browser(shop).signUp(email);
    expect(res.status).toBe(422);
    expect(res.body.code).toMatch(/USER_ALREADY_EXISTS/);
  });

  it("tells an unknown e-mail from a wrong password", async () => {
    const email = uniqueEmail();
    await new Browser(shop).signUp(email);
    const wrong = await new Browser(shop).signIn(email, "not the password");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: "INVALID_PASSWORD", message: "Incorrect password" });
    const unknown = await new Browser(shop).signIn(uniqueEmail("nobody"));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({
      code: "USER_NOT_FOUND",
      message: "No account found with this email",
    });
  });

  it("issues a new session token at sign-in and answers 401 to the old one after sign-out", async () => {
    const email = uniqueEmail();
    const first = new Browser(shop);
    await first.signUp(email);
    const signUpToken = first.jar.get("mana.session_token");
    const b = new Browser(shop);
    expect((await b.signIn(email)).status).toBe(200);
    const token = b.jar.get("mana.session_token");
    expect(token).toBeTruthy();
    expect(token).not.toBe(signUpToken);
    const stolen = new Browser(shop);
    stolen.jar.set("mana.session_token", token as string);
    const uid = (await b.session()).body.user.id;
    expect((await stolen.call("POST", "/api/auth/sync-user", { uid, email })).status).toBe(200);
    expect((await b.signOut()).status).toBe(200);
    expect((await stolen.call("POST", "/api/auth/sync-user", { uid, email })).status).toBe(401);
    expect((await stolen.session()).body).toBeNull();
  });

  it("refuses sign-in from a foreign origin", async () => {
    const email = uniqueEmail();
    await new Browser(shop).signUp(email);
    const res = await new Browser(shop).call(
      "POST",
      "/api/auth/sign-in/email",
      { email, password: "correct horse 7" },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
  });

  it("stops password guessing on one account after 10 failures, whatever X-Forwarded-For claims", async () => {
    const email = uniqueEmail("victim");
    await new Browser(shop).signUp(email);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const b = new Browser(shop, { "x-forwarded-for": `203.0.113.${i + 1}` });
      statuses.push((await b.signIn(email, `guess-${i}-wrong`)).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The right password is refused too while the account is locked.
    expect((await new Browser(shop).signIn(email)).status).toBe(429);
  });

  it("answers 429 once one address exceeds the sign-in limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await new Browser(shop).signIn(uniqueEmail("spray"), "whatever-1")).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429 && s !== 401)).toEqual([]);
  });

  describe("phone sign-in", () => {
    it("sends no code without a solved human check, and accepts each solution once", async () => {
      const phone = "+15550001001";
      const b = new Browser(shop);
      const none = await b.call("POST", "/api/auth/phone-number/send-otp", { phoneNumber: phone });
      expect(none.status).toBe(400);
      expect(none.body.code).toBe("HUMAN_CHECK_FAILED");
      const payload = await solveHumanCheck(b);
      const ok = await b.call(
        "POST",
        "/api/auth/phone-number/send-otp",
        { phoneNumber: phone },
        { "x-human-check": payload },
      );
      expect(ok.status).toBe(200);
      const replay = await b.call(
        "POST",
        "/api/auth/phone-number/send-otp",
        { phoneNumber: phone },
        { "x-human-check": payload },
      );
      expect(replay.status).toBe(400);
    });

    it("refuses a number that is not E.164", async () => {
      const b = new Browser(shop);
      const res = await b.call(
        "POST",
        "/api/auth/phone-number/send-otp",
        { phoneNumber: "555-0000" },
        { "x-human-check": await solveHumanCheck(b) },
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_PHONE_NUMBER");
    });

    it("creates the account on first verification; codes are single-use", async () => {
      const phone = "+15550001002";
      const b = new Browser(shop);
      await b.call(
        "POST",
        "/api/auth/phone-number/send-otp",
        { phoneNumber: phone },
        { "x-human-check": await solveHumanCheck(b) },
      );
      const code = await lastSmsCode(shop, phone);
      expect(code).toMatch(/^\d{6}$/);
      const res = await b.call("POST", "/api/auth/phone-number/verify", { phoneNumber: phone, code });
      expect(res.status).toBe(200);
      expect((await b.session()).body.user.phoneNumber).toBe(phone);
      const again = await new Browser(shop).call("POST", "/api/auth/phone-number/verify", {
        phoneNumber: phone,
        code,
      });
      expect(again.status).toBe(400);
    });

    it("allows 3 wrong codes per code, then refuses even the right one", async () => {
      const phone = "+15550001003";
      const b = new Browser(shop);
      await b.call(
        "POST",
        "/api/auth/phone-number/send-otp",
        { phoneNumber: phone },
        { "x-human-check": await solveHumanCheck(b) },
      );
      const code = await lastSmsCode(shop, phone);
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 3; i++) {
        const r = await b.call("POST", "/api/auth/phone-number/verify", { phoneNumber: phone, code: wrong });
        expect(r.status).toBe(400);
      }
      const right = await b.call("POST", "/api/auth/phone-number/verify", { phoneNumber: phone, code });
      expect(right.status).toBeGreaterThanOrEqual(400);
      expect(b.jar.get("mana.session_token")).toBeUndefined();
    });
  });
});

describe.each(testDatabases)("identity API behind a trusted proxy on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    // In-process requests come from 127.0.0.1: declaring it a proxy makes X-Forwarded-For count.
    shop = await createTestShop(kind, { auth: true, env: { TRUSTED_PROXIES: "127.0.0.1" } });
  });
  afterAll(() => shop.close());

  it("sends at most 3 codes per number in 10 minutes", async () => {
    const phone = "+15550001004";
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const b = new Browser(shop, { "x-forwarded-for": `198.51.100.${i + 1}` });
      const r = await b.call(
        "POST",
        "/api/auth/phone-number/send-otp",
        { phoneNumber: phone },
        { "x-human-check": await solveHumanCheck(b) },
      );
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("limits each client address separately once the proxy is trusted", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const b = new Browser(shop, { "x-forwarded-for": `192.0.2.${i + 1}` });
      statuses.push((await b.signIn(uniqueEmail("spread"), "whatever-1")).status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
  });
});
