import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_SECONDS } from "../../server/auth/auth.ts";
import { rowsOf } from "../../server/db/client.ts";
import { session, verification } from "../../server/db/schema.ts";
import { Browser, lastSmsCode, solveHumanCheck, uniqueEmail } from "../api/auth-helpers.ts";
import { TEST_ADDRESS } from "../api/checkout-visitor.ts";
import { createTestShop, type TestShop } from "../support/test-app.ts";
import { assertSecureConfig } from "./support/config-guard.ts";

const DAY = 86_400_000;

/** Reliability checks "Cookies", "Sessions", "Access", "Brute force" (SMS) of docs/reliability.md, beyond tests/api/auth*.test.ts. */
describe("cookies of a production shop over https", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop("pglite", {
      auth: true,
      env: {
        NODE_ENV: "production",
        PUBLIC_URL: "https://shop.example",
        BETTER_AUTH_SECRET: "reliability-secret-0123456789-abcdefghij",
      },
    });
    await assertSecureConfig(shop).catch((err) => {
      // The guard probes with http://localhost; this shop lives at https://shop.example.
      if (!String(err).includes("origin check: a foreign POST")) throw err;
    });
  });
  afterAll(() => shop.close());

  const call = (method: string, path: string, body?: unknown, cookie?: string) =>
    shop.app.request(`https://shop.example${path}`, {
      method,
      headers: {
        origin: "https://shop.example",
        "content-type": "application/json",
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("sets session and cart cookies HttpOnly, SameSite=Lax, Secure, with __Secure-/__Host- prefixes, and no visitor cookie", async () => {
    const signUp = await call("POST", "/api/auth/sign-up/email", {
      email: uniqueEmail("prod"),
      password: "correct horse 7",
      name: "Prod",
    });
    expect(signUp.status).toBe(200);
    const cart = await call("POST", "/api/cart", { productId: 1 });
    const track = await call("POST", "/api/content/analytics/track", { articleId: 1, eventType: "view" });
    const lines = [
      ...signUp.headers.getSetCookie(),
      ...cart.headers.getSetCookie(),
      ...track.headers.getSetCookie(),
    ];
    expect(lines.some((l) => l.startsWith("__Secure-mana.session_token="))).toBe(true);
    expect(lines.some((l) => l.startsWith("__Host-mana_cart="))).toBe(true);
    // Reading an article sets no cookie (decision 045).
    expect(lines.some((l) => /mana_vid=[a-f0-9]/.test(l))).toBe(false);
    for (const line of lines) {
      const name = line.split("=")[0] as string;
      expect(line, name).toMatch(/;\s*HttpOnly/i);
      expect(line, name).toMatch(/;\s*SameSite=Lax/i);
      expect(line, name).toMatch(/;\s*Secure/i);
      if (/session_token|cart|vid/.test(name)) expect(name, name).toMatch(/^__(Secure|Host)-/);
      if (name.startsWith("__Host-")) {
        expect(line).toMatch(/;\s*Path=\//);
        expect(line).not.toMatch(/Domain=/i);
      }
    }
  });

  it("drops a visitor cookie of before, under either name, and issues none", async () => {
    const id = "c0ffee".padEnd(32, "0");
    const view = (cookie: string) =>
      call("POST", "/api/content/analytics/track", { articleId: 2, eventType: "view" }, cookie);
    const first = await view(`mana_vid=${id}`);
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ recorded: true });
    expect(first.headers.getSetCookie()).toEqual(["mana_vid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"]);
    // The same reader under the other name: not counted twice, and that cookie is dropped too.
    const again = await view(`__Host-mana_vid=${id}`);
    expect(await again.json()).toEqual({ recorded: false });
    expect(again.headers.getSetCookie()).toEqual([
      "__Host-mana_vid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure",
    ]);
  });

  it("sends HSTS for a year with includeSubDomains, nosniff and a Referrer-Policy; no-store on private answers", async () => {
    for (const path of ["/api/products", "/api/cart", "/api/orders", "/api/auth/get-session", "/healthz"]) {
      const res = await call("GET", path);
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
    for (const path of ["/api/cart", "/api/orders", "/api/subscriptions", "/api/auth/get-session"]) {
      expect((await call("GET", path)).headers.get("cache-control"), path).toBe("no-store");
    }
    for (const [method, path] of [
      ["POST", "/api/checkout/create-session"],
      ["POST", "/api/auth/sign-in/email"],
      ["PUT", "/api/auth/profile"],
    ] as const) {
      expect((await call(method, path, {})).headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("never puts a session token in a URL", async () => {
    const signUp = await call("POST", "/api/auth/sign-up/email", {
      email: uniqueEmail("url"),
      password: "correct horse 7",
      name: "Url",
    });
    const token = signUp.headers.getSetCookie()[0]?.split(";")[0]?.split("=")[1] as string;
    const cookie = signUp.headers.getSetCookie()[0]?.split(";")[0] as string;
    expect(token.length).toBeGreaterThan(20);
    await call("POST", "/api/cart", { productId: 1 }, cookie);
    const items = await (await call("GET", "/api/cart", undefined, cookie)).json();
    const checkout = await call(
      "POST",
      "/api/checkout/create-session",
      {
        email: "ignored@example.com",
        shippingAddress: TEST_ADDRESS,
        cartItems: items.map((i: Record<string, unknown>) => ({
          productId: i.productId,
          quantity: i.quantity,
          isSubscription: i.isSubscription,
          bundleId: i.bundleId,
        })),
      },
      cookie,
    );
    const { url } = await checkout.json();
    expect(url).toMatch(/^https:\/\/shop\.example\//);
    expect(decodeURIComponent(url)).not.toContain(token.split(".")[0]);
    // Nor in a JSON answer a page script could read: the cookie is HttpOnly for a reason.
    expect(await signUp.clone().text()).not.toContain(token.split(".")[0]);
    const body = await (await call("GET", "/api/auth/get-session", undefined, cookie)).text();
    expect(body).toContain('"user"');
    expect(body).not.toContain(token.split(".")[0]);
  });
});

describe("sessions, access and SMS limits", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop("pglite", {
      auth: true,
      env: { TRUSTED_PROXIES: "127.0.0.1", ALTCHA_MAX_NUMBER: "1000" },
    });
    await assertSecureConfig(shop);
  });
  afterAll(() => shop.close());
  const db = () => shop.services.database.db;

  async function member() {
    const b = new Browser(shop, {
      "x-forwarded-for": `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    const email = uniqueEmail("s");
    expect((await b.signUp(email)).status).toBe(200);
    const s = (await b.session()).body;
    return { b, email, userId: s.user.id as string, sessionId: s.session.id as string };
  }

  it("ends a session 30 days after sign-in however active it is", async () => {
    const { b, sessionId } = await member();
    const created = new Date(Date.now() - SESSION_ABSOLUTE_SECONDS * 1000 + DAY / 2);
    await db()
      .update(session)
      .set({
        createdAt: created,
        updatedAt: new Date(Date.now() - 2 * DAY),
        expiresAt: new Date(Date.now() + DAY),
      })
      .where(eq(session.id, sessionId));
    // In use: the sliding renewal happens, but never past the absolute limit.
    expect((await b.session()).body?.user).toBeTruthy();
    const [renewed] = await db().select().from(session).where(eq(session.id, sessionId));
    expect(renewed?.expiresAt.getTime()).toBeLessThanOrEqual(
      created.getTime() + SESSION_ABSOLUTE_SECONDS * 1000,
    );
    // A day later it is over.
    await db()
      .update(session)
      .set({ createdAt: new Date(created.getTime() - DAY), updatedAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(session.id, sessionId));
    await b.session();
    await b.session();
    expect((await b.call("GET", "/api/orders")).status).toBe(401);
  });

  it("needs a recent sign-in to change the phone number or the e-mail", async () => {
    const { b, sessionId } = await member();
    await db()
      .update(session)
      .set({ createdAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(session.id, sessionId));
    const phone = await b.call("PUT", "/api/auth/profile", {
      displayName: "Stale",
      phoneNumber: "+15550003333",
    });
    expect(phone.status).toBe(403);
    expect(phone.body.code).toBe("session_not_fresh");
    const email = await b.call("POST", "/api/auth/change-email", { newEmail: uniqueEmail("new") });
    expect(email.status).toBeGreaterThanOrEqual(400);
    expect(email.status).toBeLessThan(500);
    expect((await b.session()).body.user.email).not.toMatch(/^new-/);
  });

  it("answers 404 to another user's order, cart line and session; ids are random UUIDs", async () => {
    const a = await member();
    const other = await member();
    const line = await a.b.call("POST", "/api/cart", { productId: 1, quantity: 1 });
    expect(line.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[47][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const items = (await a.b.call("GET", "/api/cart")).body;
    const checkout = await a.b.call("POST", "/api/checkout/create-session", {
      email: a.email,
      shippingAddress: TEST_ADDRESS,
      cartItems: items.map((i: Record<string, unknown>) => ({
        productId: i.productId,
        quantity: i.quantity,
        isSubscription: i.isSubscription,
        bundleId: i.bundleId,
      })),
    });
    expect(checkout.status).toBe(200);
    const [order] = rowsOf<{ id: string }>(
      await db().execute(sql`select id from orders where user_id = ${a.userId}`),
    );
    expect(order?.id).toBeTruthy();
    for (let i = 0; i < 3; i++) {
      expect((await other.b.call("GET", `/api/orders/${order?.id}`)).status).toBe(404);
      expect((await other.b.call("PUT", `/api/cart/${line.body.id}`, { quantity: 5 })).status).toBe(404);
      expect((await other.b.call("DELETE", `/api/cart/${line.body.id}`)).status).toBe(404);
    }
    expect((await other.b.call("GET", "/api/orders")).body).toEqual([]);
    expect((await other.b.call("GET", "/api/subscriptions")).body).toEqual([]);
    const token = a.b.jar.get("mana.session_token")?.split(".")[0] as string;
    await other.b.call("POST", "/api/auth/revoke-session", { token });
    expect((await a.b.session()).body?.user.id).toBe(a.userId);
    expect((await a.b.call("GET", "/api/cart")).body[0].quantity).toBe(1);
  });

  async function sendCode(phone: string, ip: string) {
    const b = new Browser(shop, { "x-forwarded-for": ip });
    return b.call(
      "POST",
      "/api/auth/phone-number/send-otp",
      { phoneNumber: phone },
      { "x-human-check": await solveHumanCheck(b) },
    );
  }

  it("codes expire within 5 minutes", async () => {
    const phone = "+15550004001";
    expect((await sendCode(phone, "198.19.0.1")).status).toBe(200);
    const [row] = await db()
      .select()
      .from(verification)
      .where(like(verification.identifier, `%${phone}%`));
    expect(row).toBeTruthy();
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const code = await lastSmsCode(shop, phone);
    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `%${phone}%`));
    const b = new Browser(shop, { "x-forwarded-for": "198.19.0.2" });
    const res = await b.call("POST", "/api/auth/phone-number/verify", { phoneNumber: phone, code });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(b.jar.get("mana.session_token")).toBeUndefined();
  });

  it("caps guesses per number: a new code does not buy more than 10 guesses in 10 minutes", async () => {
    const phone = "+15550004002";
    const statuses: number[] = [];
    for (let send = 0; send < 3; send++) {
      expect((await sendCode(phone, `198.19.1.${send + 1}`)).status).toBe(200);
      const code = await lastSmsCode(shop, phone);
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 4; i++) {
        const b = new Browser(shop, { "x-forwarded-for": `198.19.2.${send * 10 + i}` });
        statuses.push(
          (await b.call("POST", "/api/auth/phone-number/verify", { phoneNumber: phone, code: wrong })).status,
        );
      }
    }
    // 12 guesses: the first 10 are judged (wrong code, or too many for that code), the rest refused outright.
    expect(statuses.slice(0, 10).every((s) => s === 400 || s === 403)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // And the right code of the newest send is refused too once the number is capped.
    const code = await lastSmsCode(shop, phone);
    const late = new Browser(shop, { "x-forwarded-for": "198.19.3.1" });
    expect(
      (await late.call("POST", "/api/auth/phone-number/verify", { phoneNumber: phone, code })).status,
    ).toBe(429);
  });

  it("caps sends per number per day even when the 10-minute window has passed", async () => {
    const phone = "+15550004003";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // Pretend 10 minutes passed since the last burst: only the 10-minute counter is cleared.
      await db().execute(sql`delete from rate_limit where key = ${`sms-send:${phone}`}`);
      statuses.push((await sendCode(phone, `198.19.4.${i + 1}`)).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
