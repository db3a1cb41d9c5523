import { and, eq } from "drizzle-orm";
import { Events, OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, session, user } from "../../server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-app.ts";
import { Browser, ORIGIN, uniqueEmail } from "./auth-helpers.ts";

/**
 * The social sign-in rules (state, PKCE, linking only to a proven e-mail), against a local OpenID Connect provider
 * (oauth2-mock-server) wired in as the generic OIDC provider; the four named providers share the path.
 */
describe("OAuth sign-in attacks", () => {
  let provider: OAuth2Server;
  let shop: TestShop;
  let person = { sub: "oidc-1", email: "first@example.com", email_verified: true, name: "Olivia Oidc" };

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate("RS256");
    provider.service.on(Events.BeforeTokenSigning, (token) => {
      Object.assign(token.payload, person);
    });
    provider.service.on(Events.BeforeUserinfo, (res) => {
      res.body = { ...person };
    });
    await provider.start(0, "127.0.0.1");
    shop = await createTestShop("pglite", {
      auth: true,
      env: {
        OIDC_ISSUER: provider.issuer.url as string,
        OIDC_CLIENT_ID: "mana-test",
        OIDC_CLIENT_SECRET: "mana-test-secret",
        // Each test browser comes from its own address, so the per-IP sign-in limit stays out of the way.
        TRUSTED_PROXIES: "127.0.0.1",
      },
    });
  });
  afterAll(async () => {
    await shop.close();
    await provider.stop();
  });

  let n = 0;
  const browser = () => new Browser(shop, { "x-forwarded-for": `198.51.100.${++n}` });

  /** Starts the flow in the shop and lets the provider answer: the callback URL the browser would follow. */
  async function startFlow(b: Browser, callbackURL = "/account") {
    const start = await b.call("POST", "/api/auth/sign-in/social", { provider: "oidc", callbackURL });
    expect(start.status).toBe(200);
    const authorize = await fetch(start.body.url, { redirect: "manual" });
    const location = authorize.headers.get("location") as string;
    expect(location).toContain("/api/auth/callback/oidc?");
    const callback = new URL(location);
    return { callback, path: `${callback.pathname}${callback.search}` };
  }

  async function signIn(b: Browser, email: string, sub = `sub-${email}`) {
    person = { sub, email, email_verified: true, name: "Olivia Oidc" };
    const { path } = await startFlow(b);
    const res = await b.call("GET", path);
    return { res, path };
  }

  const sessionsOf = async (email: string) => {
    const [u] = await shop.services.database.db.select().from(user).where(eq(user.email, email));
    if (!u) return [];
    return shop.services.database.db.select().from(session).where(eq(session.userId, u.id));
  };

  it("signs in through the provider: state checked, account created, redirected to the shop", async () => {
    const email = uniqueEmail("oidc");
    const b = browser();
    const { res } = await signIn(b, email);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account");
    expect((await b.session()).body.user.email).toBe(email);
    // The session token travels in the cookie only, never in the redirect.
    expect(res.headers.get("location")).not.toMatch(/token|code|state/);
  });

  it("creates no session for a callback with a missing or wrong state", async () => {
    const email = uniqueEmail("state");
    person = { sub: `sub-${email}`, email, email_verified: true, name: "X" };
    const b = browser();
    const { callback } = await startFlow(b);
    const code = callback.searchParams.get("code") as string;
    for (const query of [`code=${code}`, `code=${code}&state=forged-state-value`, `code=${code}&state=`]) {
      const res = await b.call("GET", `/api/auth/callback/oidc?${query}`);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get("location") ?? "").not.toBe("/account");
      expect(b.jar.get("mana.session_token")).toBeUndefined();
    }
    // An attacker's own browser (no state cookie) cannot finish the victim's flow either.
    const attacker = browser();
    const stolen = await attacker.call("GET", `${callback.pathname}${callback.search}`);
    expect(stolen.status).toBeLessThan(500);
    expect(attacker.jar.get("mana.session_token")).toBeUndefined();
    expect(await sessionsOf(email)).toEqual([]);
  });

  it("a replayed callback (same code and state) creates no second session", async () => {
    const email = uniqueEmail("replay");
    const b = browser();
    const { path } = await signIn(b, email);
    expect(await sessionsOf(email)).toHaveLength(1);
    const replay = browser();
    replay.jar = new Map([...b.jar].filter(([k]) => !k.includes("session")));
    const again = await replay.call("GET", path);
    expect(again.status).toBeLessThan(500);
    expect(replay.jar.get("mana.session_token")).toBeUndefined();
    const sameBrowser = await b.call("GET", path);
    expect(sameBrowser.status).toBeLessThan(500);
    expect(await sessionsOf(email)).toHaveLength(1);
  });

  it("refuses callbackURL values outside the shop's origin", async () => {
    const b = browser();
    for (const callbackURL of [
      "https://evil.example/account",
      "//evil.example/account",
      "http://localhost.evil.example/",
      "javascript:alert(1)",
    ]) {
      for (const field of ["callbackURL", "errorCallbackURL", "newUserCallbackURL"]) {
        const res = await b.call("POST", "/api/auth/sign-in/social", {
          provider: "oidc",
          [field]: callbackURL,
        });
        expect(res.status, `${field}=${callbackURL}`).toBe(403);
      }
      const social = await b.call("POST", "/api/auth/sign-in/social", { provider: "google", callbackURL });
      expect(social.status).toBeGreaterThanOrEqual(400);
      expect(social.status).toBeLessThan(500);
    }
  });

  it("never links to an existing account whose e-mail is not verified", async () => {
    const email = uniqueEmail("unverified");
    const owner = browser();
    expect((await owner.signUp(email)).status).toBe(200);
    const [local] = await shop.services.database.db.select().from(user).where(eq(user.email, email));
    expect(local?.emailVerified).toBe(false);
    const attacker = browser();
    const { res } = await signIn(attacker, email, "attacker-sub");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).not.toBe("/account");
    expect(attacker.jar.get("mana.session_token")).toBeUndefined();
    const linked = await shop.services.database.db
      .select()
      .from(account)
      .where(and(eq(account.userId, local?.id as string), eq(account.providerId, "oidc")));
    expect(linked).toEqual([]);
  });

  it("links a social sign-in to the account with the same verified e-mail", async () => {
    const email = uniqueEmail("verified");
    const owner = browser();
    await owner.signUp(email);
    const db = shop.services.database.db;
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const [local] = await db.select().from(user).where(eq(user.email, email));
    const b = browser();
    const { res } = await signIn(b, email, "verified-sub");
    expect(res.headers.get("location")).toBe("/account");
    expect((await b.session()).body.user.id).toBe(local?.id);
    const linked = await db
      .select()
      .from(account)
      .where(and(eq(account.userId, local?.id as string), eq(account.providerId, "oidc")));
    expect(linked).toHaveLength(1);
    expect(await db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
  });

  it("refuses an OAuth start posted from another origin", async () => {
    const b = browser();
    const res = await b.call(
      "POST",
      "/api/auth/sign-in/social",
      { provider: "oidc", callbackURL: "/account" },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(ORIGIN).toBe("http://localhost");
  });
});
