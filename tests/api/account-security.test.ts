import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { passkeyParty } from "../../server/auth/auth.ts";
import { verifyEmailToken } from "../../server/auth/verify-email.ts";
import { account, outbox, passkey, session, user } from "../../server/db/schema.ts";
import {
  authenticationResponse,
  newSoftPasskey,
  registrationResponse,
  type SoftPasskey,
} from "../support/soft-authenticator.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";

/**
 * Changing the password and the e-mail from the account (docs/decisions/052-passkeys.md): proven by the
 * current password or by one of the account's own passkeys (used once), the sign-up's password rules,
 * other sessions signed out, the new address verified by a link before it replaces the old one.
 */
describe.each(testDatabases)("account sign-in details on %s", (kind) => {
  let shop: TestShop;
  let origin: string;
  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true, env: { TRUSTED_PROXIES: "127.0.0.1" } });
    origin = passkeyParty(shop.services.env).origin;
  });
  afterAll(() => shop.close());
  const db = () => shop.services.database.db;
  const auth = () => {
    const { frontDoor } = shop.services.identity;
    if (!frontDoor) throw new Error("the test shop runs Better Auth");
    return frontDoor.auth;
  };

  let n = 0;
  const browser = () => new Browser(shop, { "x-forwarded-for": `203.0.113.${++n % 250}` });
  async function customer(password = "correct horse 7") {
    const email = uniqueEmail("security");
    const b = browser();
    expect((await b.signUp(email, password)).status).toBe(200);
    return { email, b };
  }
  async function addPasskey(b: Browser, key: SoftPasskey, name = "Chrome on Linux") {
    const options = await b.call(
      "GET",
      `/api/auth/passkey/generate-register-options?name=${encodeURIComponent(name)}`,
    );
    return b.call("POST", "/api/auth/passkey/verify-registration", {
      response: registrationResponse(key, options.body, origin),
      name,
    });
  }
  async function proofBy(b: Browser, key: SoftPasskey) {
    const options = await b.call("POST", "/api/account/security/passkey", {});
    expect(options.status).toBe(200);
    return authenticationResponse(key, options.body, origin);
  }
  async function mailTo(to: string, subject: string) {
    return vi.waitFor(
      async () => {
        const [row] = await db()
          .select()
          .from(outbox)
          .where(and(eq(outbox.to, to), eq(outbox.subject, subject)))
          .orderBy(desc(outbox.createdAt))
          .limit(1);
        if (!row) throw new Error(`no "${subject}" e-mail to ${to} yet`);
        return row;
      },
      { timeout: 5000, interval: 50 },
    );
  }
  const tokenIn = (text: string) => {
    const url = text.match(/\/auth\/verify\?token=([^\s"<]+)/);
    if (!url?.[1]) throw new Error(`no verification link in:\n${text}`);
    return decodeURIComponent(url[1]);
  };

  describe("change password", () => {
    it("needs a signed-in customer and a proof, and refuses a wrong password", async () => {
      const anon = browser();
      expect(
        (await anon.call("POST", "/api/account/password", { newPassword: "a new secret 8" })).status,
      ).toBe(401);
      const { b } = await customer();
      let res = await b.call("POST", "/api/account/password", { newPassword: "a new secret 8" });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("password_required");
      res = await b.call("POST", "/api/account/password", {
        currentPassword: "not my password",
        newPassword: "a new secret 8",
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("wrong_password");
      expect(res.body.fields.currentPassword).toBeTruthy();
      // Not JSON, unknown fields: 400 with a message.
      res = await b.call("POST", "/api/account/password", { newPassword: "a new secret 8", admin: true });
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    });

    it("keeps the sign-up's rules for the new password", async () => {
      const { b } = await customer();
      for (const [newPassword, code] of [
        ["short", "PASSWORD_TOO_SHORT"],
        ["x".repeat(129), "PASSWORD_TOO_LONG"],
        ["password123", "PASSWORD_TOO_COMMON"],
      ] as const) {
        const res = await b.call("POST", "/api/account/password", {
          currentPassword: "correct horse 7",
          newPassword,
        });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(code);
      }
    });

    it("with the current password: the new one works, other sessions end, this one stays, an e-mail says so", async () => {
      const { email, b } = await customer();
      const elsewhere = browser();
      expect((await elsewhere.signIn(email)).status).toBe(200);
      const res = await b.call("POST", "/api/account/password", {
        currentPassword: "correct horse 7",
        newPassword: "a new secret 8",
      });
      expect(res.status).toBe(200);
      expect((await b.session()).body.user.email).toBe(email);
      expect((await elsewhere.session()).body).toBeNull();
      expect((await browser().signIn(email, "correct horse 7")).status).toBe(401);
      expect((await browser().signIn(email, "a new secret 8")).status).toBe(200);
      const mail = await mailTo(email, "Your MANA password was changed");
      expect(mail.text).toContain("/auth/forgot");
    });

    it("with a passkey instead: only the account's own, and each challenge once", async () => {
      const owner = await customer();
      const other = await customer();
      const key = newSoftPasskey();
      const theirs = newSoftPasskey();
      expect((await addPasskey(owner.b, key)).status).toBe(200);
      expect((await addPasskey(other.b, theirs)).status).toBe(200);

      // Another customer's passkey is no proof for this account.
      let options = await owner.b.call("POST", "/api/account/security/passkey", {});
      let res = await owner.b.call("POST", "/api/account/password", {
        passkey: authenticationResponse(theirs, options.body, origin),
        newPassword: "a new secret 8",
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("wrong_passkey");
      // That try used the challenge up: the owner's own signature over it is refused too.
      res = await owner.b.call("POST", "/api/account/password", {
        passkey: authenticationResponse(key, options.body, origin),
        newPassword: "a new secret 8",
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("wrong_passkey");

      options = await owner.b.call("POST", "/api/account/security/passkey", {});
      const proof = authenticationResponse(key, options.body, origin);
      res = await owner.b.call("POST", "/api/account/password", {
        passkey: proof,
        newPassword: "a new secret 8",
      });
      expect(res.status).toBe(200);
      // The same answer again (a replay) proves nothing.
      res = await owner.b.call("POST", "/api/account/password", {
        passkey: proof,
        newPassword: "another one 9",
      });
      expect(res.status).toBe(400);
      expect((await browser().signIn(owner.email, "a new secret 8")).status).toBe(200);
      // The deletion's challenge is its own: asking for it does not give a proof for a change.
      const deletion = await owner.b.call("POST", "/api/account/deletion/passkey", {});
      res = await owner.b.call("POST", "/api/account/password", {
        passkey: authenticationResponse(key, deletion.body, origin),
        newPassword: "another one 9",
      });
      expect(res.status).toBe(400);
      // Without a passkey there are no options.
      expect((await other.b.call("POST", "/api/account/security/passkey", {})).status).toBe(200);
      const none = await customer();
      expect((await none.b.call("POST", "/api/account/security/passkey", {})).status).toBe(404);
    });

    it("an account without a password has no password to change", async () => {
      const { email, b } = await customer();
      const [u] = await db().select().from(user).where(eq(user.email, email));
      // As an account made by a sign-in provider: no "credential" account.
      await db()
        .delete(account)
        .where(eq(account.userId, u?.id as string));
      const details = await b.call("GET", "/api/account/security");
      expect(details.body).toEqual({ hasPassword: false, email });
      const res = await b.call("POST", "/api/account/password", {
        currentPassword: "correct horse 7",
        newPassword: "a new secret 8",
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("no_password");
    });
  });

  describe("change e-mail", () => {
    it("needs a proof; the new address changes nothing until its link is opened; the old address is told", async () => {
      const { email, b } = await customer();
      const next = uniqueEmail("moved");
      let res = await b.call("POST", "/api/account/email", { newEmail: next });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("password_required");
      res = await b.call("POST", "/api/account/email", { newEmail: next, currentPassword: "wrong one" });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("wrong_password");
      res = await b.call("POST", "/api/account/email", { newEmail: "not an address", currentPassword: "x" });
      expect(res.status).toBe(400);

      res = await b.call("POST", "/api/account/email", {
        newEmail: ` ${next.toUpperCase()} `,
        currentPassword: "correct horse 7",
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ sent: true, to: next });
      // Still the old address until the link is opened.
      const [before] = await db().select().from(user).where(eq(user.email, email));
      expect(before).toBeTruthy();
      const notice = await mailTo(email, "A new e-mail address was asked for your MANA account");
      expect(notice.text).toContain(next);
      const link = await mailTo(next, "Confirm your new e-mail address for MANA");
      const token = tokenIn(link.text);
      expect(await verifyEmailToken(auth(), `${token}x`, new Headers())).toBe("invalid");
      expect(await verifyEmailToken(auth(), token, new Headers())).toBe("verified");
      const [after] = await db()
        .select()
        .from(user)
        .where(eq(user.id, before?.id as string));
      expect(after?.email).toBe(next);
      // The link proved the new address (the old one never was).
      expect(before?.emailVerified).toBe(false);
      expect(after?.emailVerified).toBe(true);
      expect((await browser().signIn(next)).status).toBe(200);
      expect((await browser().signIn(email)).status).toBe(401);
    });

    it("refuses an address another account has, and one taken before the link is opened", async () => {
      const { b } = await customer();
      const other = await customer();
      let res = await b.call("POST", "/api/account/email", {
        newEmail: other.email,
        currentPassword: "correct horse 7",
      });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("email_taken");

      const next = uniqueEmail("race");
      res = await b.call("POST", "/api/account/email", {
        newEmail: next,
        currentPassword: "correct horse 7",
      });
      expect(res.status).toBe(200);
      const token = tokenIn((await mailTo(next, "Confirm your new e-mail address for MANA")).text);
      expect((await browser().signUp(next)).status).toBe(200);
      expect(await verifyEmailToken(auth(), token, new Headers())).toBe("invalid");
      const [still] = await db().select().from(user).where(eq(user.email, next));
      expect(still?.name).toBe("Test Person");
      expect((await db().select().from(user).where(eq(user.email, next))).length).toBe(1);
    });

    it("with a passkey: only the owner's, once", async () => {
      const owner = await customer();
      const other = await customer();
      const key = newSoftPasskey();
      const theirs = newSoftPasskey();
      expect((await addPasskey(owner.b, key)).status).toBe(200);
      expect((await addPasskey(other.b, theirs)).status).toBe(200);
      const next = uniqueEmail("passkey-move");
      const options = await owner.b.call("POST", "/api/account/security/passkey", {});
      let res = await owner.b.call("POST", "/api/account/email", {
        newEmail: next,
        passkey: authenticationResponse(theirs, options.body, origin),
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("wrong_passkey");
      const proof = await proofBy(owner.b, key);
      res = await owner.b.call("POST", "/api/account/email", { newEmail: next, passkey: proof });
      expect(res.status).toBe(200);
      res = await owner.b.call("POST", "/api/account/email", {
        newEmail: uniqueEmail("again"),
        passkey: proof,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("wrong_passkey");
    });
  });

  describe("passkey names", () => {
    it("a rename is trimmed and must be 1 to 60 characters", async () => {
      const { b } = await customer();
      expect((await addPasskey(b, newSoftPasskey(), "Laptop")).status).toBe(200);
      const [row] = await db().select().from(passkey).where(eq(passkey.name, "Laptop"));
      const id = row?.id as string;
      for (const name of ["", "   ", "x".repeat(61)]) {
        const res = await b.call("POST", "/api/auth/passkey/update-passkey", { id, name });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("PASSKEY_NAME_INVALID");
      }
      const res = await b.call("POST", "/api/auth/passkey/update-passkey", { id, name: "  Work phone  " });
      expect(res.status).toBe(200);
      const [renamed] = await db().select().from(passkey).where(eq(passkey.id, id));
      expect(renamed?.name).toBe("Work phone");
      expect((await addPasskey(b, newSoftPasskey(), "x".repeat(61))).status).toBe(400);
    });
  });

  it("sessions table is untouched for a refused change", async () => {
    const { email, b } = await customer();
    const elsewhere = browser();
    await elsewhere.signIn(email);
    await b.call("POST", "/api/account/password", { currentPassword: "nope", newPassword: "a new secret 8" });
    const [u] = await db().select().from(user).where(eq(user.email, email));
    expect(
      (
        await db()
          .select()
          .from(session)
          .where(eq(session.userId, u?.id as string))
      ).length,
    ).toBe(2);
  });
});
