import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeyParty } from "../../server/auth/auth.ts";
import { passkey, user } from "../../server/db/schema.ts";
import {
  authenticationResponse,
  newSoftPasskey,
  registrationResponse,
  type SoftPasskey,
} from "../support/soft-authenticator.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";

/** Passkeys (docs/decisions/052-passkeys.md): added by the signed-in owner, then a way to sign in. */
describe.each(testDatabases)("passkeys on %s", (kind) => {
  let shop: TestShop;
  let origin: string;
  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true, env: { TRUSTED_PROXIES: "127.0.0.1" } });
    origin = passkeyParty(shop.services.env).origin;
  });
  afterAll(() => shop.close());

  async function addPasskey(b: Browser, key: SoftPasskey, name = "Chrome on Linux") {
    const options = await b.call(
      "GET",
      `/api/auth/passkey/generate-register-options?name=${encodeURIComponent(name)}`,
    );
    expect(options.status).toBe(200);
    // The challenge's cookie, listed in content/legal/cookies.json (decision 045).
    expect(b.jar.has("mana.passkey-challenge")).toBe(true);
    const res = await b.call("POST", "/api/auth/passkey/verify-registration", {
      response: registrationResponse(key, options.body, origin),
      name,
    });
    return { options, res };
  }

  async function signInWith(b: Browser, key: SoftPasskey) {
    const options = await b.call("GET", "/api/auth/passkey/generate-authenticate-options");
    expect(options.status).toBe(200);
    return b.call("POST", "/api/auth/passkey/verify-authentication", {
      response: authenticationResponse(key, options.body, origin),
    });
  }

  async function customer() {
    const email = uniqueEmail("passkey");
    const b = new Browser(shop);
    expect((await b.signUp(email)).status).toBe(200);
    return { email, b };
  }

  it("a signed-in customer adds a named passkey, lists it and signs in with it after signing out", async () => {
    const { email, b } = await customer();
    const key = newSoftPasskey();
    const { options, res } = await addPasskey(b, key, "Chrome on Linux");
    expect(res.status).toBe(200);
    // The authenticator's account picker shows the e-mail, not the passkey's label.
    expect(options.body.user.name).toBe(email);
    expect(options.body.rp.id).toBe("localhost");

    const list = await b.call("GET", "/api/auth/passkey/list-user-passkeys");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ name: "Chrome on Linux" });
    expect(new Date(list.body[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    await b.signOut();
    expect((await b.session()).body).toBeNull();
    const fresh = new Browser(shop);
    const signedIn = await signInWith(fresh, key);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(email);
    // The session token stays in the HttpOnly cookie (docs/decisions/006-security-headers.md).
    expect(JSON.stringify(signedIn.body)).not.toContain('"token"');
    expect((await fresh.session()).body.user.email).toBe(email);
  });

  it("refuses to add a passkey without a session, and a signature from another key", async () => {
    const anon = new Browser(shop);
    expect((await anon.call("GET", "/api/auth/passkey/generate-register-options")).status).toBe(401);
    expect((await anon.call("GET", "/api/auth/passkey/list-user-passkeys")).status).toBe(401);

    const { b } = await customer();
    const key = newSoftPasskey();
    expect((await addPasskey(b, key)).res.status).toBe(200);
    const impostor = { ...newSoftPasskey(), credentialId: key.credentialId };
    const res = await signInWith(new Browser(shop), impostor);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.getSetCookie().some((l) => l.startsWith("mana.session_token="))).toBe(false);
  });

  it("only the owner lists, renames or removes their passkeys", async () => {
    const owner = await customer();
    const other = await customer();
    const key = newSoftPasskey();
    expect((await addPasskey(owner.b, key, "Owner's laptop")).res.status).toBe(200);
    const [row] = await shop.services.database.db
      .select()
      .from(passkey)
      .where(eq(passkey.name, "Owner's laptop"));
    const id = row?.id as string;

    expect((await other.b.call("GET", "/api/auth/passkey/list-user-passkeys")).body).toEqual([]);
    const del = await other.b.call("POST", "/api/auth/passkey/delete-passkey", { id });
    expect([401, 403, 404]).toContain(del.status);
    const rename = await other.b.call("POST", "/api/auth/passkey/update-passkey", { id, name: "mine now" });
    expect([401, 403, 404]).toContain(rename.status);
    const anon = await new Browser(shop).call("POST", "/api/auth/passkey/delete-passkey", { id });
    expect(anon.status).toBe(401);
    const [still] = await shop.services.database.db.select().from(passkey).where(eq(passkey.id, id));
    expect(still?.name).toBe("Owner's laptop");

    const own = await owner.b.call("POST", "/api/auth/passkey/delete-passkey", { id });
    expect(own.status).toBe(200);
    expect((await owner.b.call("GET", "/api/auth/passkey/list-user-passkeys")).body).toEqual([]);
    // A removed passkey signs no one in.
    const res = await signInWith(new Browser(shop), key);
    expect(res.status).toBe(401);
  });

  it("a banned customer's passkey opens no session", async () => {
    const { email, b } = await customer();
    const key = newSoftPasskey();
    expect((await addPasskey(b, key)).res.status).toBe(200);
    await shop.services.database.db.update(user).set({ banned: true }).where(eq(user.email, email));
    const res = await signInWith(new Browser(shop), key);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("BANNED_USER");
    expect(res.headers.getSetCookie().some((l) => l.startsWith("mana.session_token="))).toBe(false);
  });

  it("a passkey confirms the account's deletion instead of the password, once, and only the owner's", async () => {
    const none = await customer();
    expect((await none.b.call("POST", "/api/account/deletion/passkey", {})).status).toBe(404);

    const owner = await customer();
    const other = await customer();
    const key = newSoftPasskey();
    const theirs = newSoftPasskey();
    expect((await addPasskey(owner.b, key)).res.status).toBe(200);
    expect((await addPasskey(other.b, theirs)).res.status).toBe(200);

    // Another customer's passkey is no proof for this account.
    let options = await owner.b.call("POST", "/api/account/deletion/passkey", {});
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      key.credentialId.toString("base64url"),
    ]);
    let res = await owner.b.call("POST", "/api/account/delete", {
      passkey: authenticationResponse(theirs, options.body, origin),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("wrong_passkey");

    // The challenge was used up by that try: the owner's own signature over it is refused too.
    const replay = authenticationResponse(key, options.body, origin);
    res = await owner.b.call("POST", "/api/account/delete", { passkey: replay });
    expect(res.status).toBe(400);

    options = await owner.b.call("POST", "/api/account/deletion/passkey", {});
    res = await owner.b.call("POST", "/api/account/delete", {
      passkey: authenticationResponse(key, options.body, origin),
    });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(true);
    const [gone] = await shop.services.database.db.select().from(user).where(eq(user.email, owner.email));
    expect(gone).toBeUndefined();
    // The other customer is untouched.
    expect((await other.b.session()).body.user.email).toBe(other.email);
  });

  it("passkey sign-ins share the per-address sign-in limit (20 a minute)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const b = new Browser(shop, { "x-forwarded-for": "198.51.100.77" });
      statuses.push(
        (await b.call("POST", "/api/auth/passkey/verify-authentication", { response: { id: "x" } })).status,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s !== 429)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not held back.
    const elsewhere = new Browser(shop, { "x-forwarded-for": "198.51.100.78" });
    expect((await elsewhere.call("GET", "/api/auth/passkey/generate-authenticate-options")).status).toBe(200);
  });
});
