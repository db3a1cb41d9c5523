import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";

describe.each(testDatabases)("profile API on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true });
  });
  afterAll(() => shop.close());

  async function signedIn(name = "Grace Hopper") {
    const b = new Browser(shop);
    const email = uniqueEmail();
    await b.signUp(email, "correct horse 7", name);
    const uid = (await b.session()).body.user.id as string;
    return { b, email, uid };
  }

  it("answers 401 to both calls when signed out", async () => {
    const b = new Browser(shop);
    expect((await b.call("POST", "/api/auth/sync-user", { uid: "x", email: "a@b.co" })).status).toBe(401);
    expect((await b.call("PUT", "/api/auth/profile", { displayName: "X", phoneNumber: "" })).status).toBe(
      401,
    );
  });

  it("syncs the profile from the session and returns it", async () => {
    const { b, email, uid } = await signedIn();
    const res = await b.call("POST", "/api/auth/sync-user", {
      uid,
      email,
      displayName: "Someone Else",
      photoURL: null,
      phoneNumber: null,
      idToken: "ignored",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: uid, email, displayName: "Grace Hopper", phoneNumber: null });
    expect(new Date(res.body.memberSince).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("refuses a uid or e-mail that is not the session's with 403", async () => {
    const { b, email, uid } = await signedIn();
    const other = await signedIn("Other");
    expect((await b.call("POST", "/api/auth/sync-user", { uid: other.uid, email })).status).toBe(403);
    expect((await b.call("POST", "/api/auth/sync-user", { uid, email: other.email })).status).toBe(403);
  });

  it("updates display name and phone, and the session's name follows", async () => {
    const { b } = await signedIn();
    const res = await b.call("PUT", "/api/auth/profile", {
      displayName: "  Rear Admiral  ",
      phoneNumber: "+15550002000",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: "Rear Admiral", phoneNumber: "+15550002000" });
    expect((await b.session()).body.user.name).toBe("Rear Admiral");
  });

  it.each([
    [{ displayName: "", phoneNumber: "" }, "empty display name"],
    [{ displayName: "x".repeat(81), phoneNumber: "" }, "display name over 80 characters"],
    [{ displayName: "Ok", phoneNumber: "555 0000" }, "phone not in E.164"],
    [{ displayName: "Ok", phoneNumber: "+1555", userId: "someone" }, "unknown field"],
    ["{not json", "malformed JSON"],
  ])("refuses %j (%s) with 400 and a message", async (body, _why) => {
    const { b } = await signedIn();
    const res = await b.call("PUT", "/api/auth/profile", body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
  });
});
