import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { Events, OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetTokenUsable } from "../../server/auth/reset-token.ts";
import { verifyEmailToken } from "../../server/auth/verify-email.ts";
import { orders, outbox, session, user, verification } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, ORIGIN, uniqueEmail } from "./auth-helpers.ts";

const RESET_SUBJECT = "Reset your MANA password";
const VERIFY_SUBJECT = "Confirm your e-mail address for MANA";

/**
 * Password reset, e-mail verification and the guest orders that join an account once its e-mail is
 * verified: real Better Auth on the test database, the e-mails read from the outbox.
 */
describe.each(testDatabases)("account e-mails on %s", (kind) => {
  let shop: TestShop;
  let provider: OAuth2Server;
  let person = { sub: "oidc-1", email: "first@example.com", email_verified: true, name: "Olivia Oidc" };
  const db = () => shop.services.database.db;
  const auth = () => {
    const { frontDoor } = shop.services.identity;
    if (!frontDoor) throw new Error("the test shop runs Better Auth");
    return frontDoor.auth;
  };

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
    shop = await createTestShop(kind, {
      auth: true,
      env: {
        // Each test browser comes from its own address, so the per-IP limits stay out of the way.
        TRUSTED_PROXIES: "127.0.0.1",
        OIDC_ISSUER: provider.issuer.url as string,
        OIDC_CLIENT_ID: "mana-test",
        OIDC_CLIENT_SECRET: "mana-test-secret",
      },
    });
  });
  afterAll(async () => {
    await shop.close();
    await provider.stop();
  });

  let n = 0;
  const browser = () => new Browser(shop, { "x-forwarded-for": `198.51.100.${++n % 250}` });

  /** The newest e-mail to an address with a subject, waiting for it (account e-mails go out in the background). */
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
  const mailsTo = (to: string) => db().select().from(outbox).where(eq(outbox.to, to));
  const tokenIn = (text: string, page: string) => {
    const url = text.match(new RegExp(`${ORIGIN}${page}\\?token=([^\\s"<]+)`));
    if (!url?.[1]) throw new Error(`no ${page} link in:\n${text}`);
    return decodeURIComponent(url[1]);
  };
  const requestReset = (b: Browser, email: string) =>
    b.call("POST", "/api/auth/request-password-reset", { email });
  async function resetToken(email: string) {
    const b = browser();
    expect((await requestReset(b, email)).status).toBe(200);
    return tokenIn((await mailTo(email, RESET_SUBJECT)).text, "/auth/reset");
  }
  const sessionsOf = async (email: string) => {
    const [u] = await db().select().from(user).where(eq(user.email, email));
    return u ? db().select().from(session).where(eq(session.userId, u.id)) : [];
  };

  describe("password reset", () => {
    it("answers the same for an account and an unknown e-mail, and writes only to the account", async () => {
      const email = uniqueEmail("reset");
      await browser().signUp(email, "correct horse 7", "Ada <Lovelace>");
      const unknown = uniqueEmail("nobody");
      const known = await requestReset(browser(), email);
      const stranger = await requestReset(browser(), unknown);
      expect(known.status).toBe(200);
      expect(stranger.status).toBe(known.status);
      expect(stranger.body).toEqual(known.body);

      const mail = await mailTo(email, RESET_SUBJECT);
      const token = tokenIn(mail.text, "/auth/reset");
      expect(mail.text).toContain("works once, for 1 hour");
      // A link back to the shop ends the message.
      expect(mail.text.trimEnd().endsWith(ORIGIN)).toBe(true);
      // The HTML part carries the same link, the shop's look, and the name escaped.
      expect(mail.html).toContain(`href="${ORIGIN}/auth/reset?token=${encodeURIComponent(token)}"`);
      expect(mail.html).toContain("background:#F7F3EA");
      expect(mail.html).toContain("Hello Ada &lt;Lovelace&gt;,");
      expect(mail.html).not.toContain("<Lovelace>");
      expect(await mailsTo(unknown)).toEqual([]);
    });

    it("takes a new password once: the old one and every session end, the link cannot be used again", async () => {
      const email = uniqueEmail("once");
      const first = browser();
      await first.signUp(email);
      const second = browser();
      expect((await second.signIn(email)).status).toBe(200);
      expect(await sessionsOf(email)).toHaveLength(2);

      const token = await resetToken(email);
      expect(await resetTokenUsable(auth(), token)).toBe(true);
      const reset = await browser().call("POST", "/api/auth/reset-password", {
        newPassword: "a brand new phrase 9",
        token,
      });
      expect(reset.status).toBe(200);

      expect(await sessionsOf(email)).toEqual([]);
      expect((await first.session()).body).toBeNull();
      expect((await second.session()).body).toBeNull();
      expect((await browser().signIn(email)).status).toBe(401);
      expect((await browser().signIn(email, "a brand new phrase 9")).status).toBe(200);

      expect(await resetTokenUsable(auth(), token)).toBe(false);
      const again = await browser().call("POST", "/api/auth/reset-password", {
        newPassword: "yet another phrase 10",
        token,
      });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe("INVALID_TOKEN");
      expect((await browser().signIn(email, "a brand new phrase 9")).status).toBe(200);
    });

    it("refuses a link past its hour, and leaves the password as it was", async () => {
      const email = uniqueEmail("expired");
      await browser().signUp(email);
      const token = await resetToken(email);
      const [row] = await db()
        .select()
        .from(verification)
        .where(eq(verification.identifier, `reset-password:${token}`));
      // Issued for one hour.
      const lifetime = (row?.expiresAt.getTime() ?? 0) - Date.now();
      expect(lifetime).toBeGreaterThan(59 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
      await db()
        .update(verification)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(verification.identifier, `reset-password:${token}`));

      expect(await resetTokenUsable(auth(), token)).toBe(false);
      const res = await browser().call("POST", "/api/auth/reset-password", {
        newPassword: "a brand new phrase 9",
        token,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_TOKEN");
      expect((await browser().signIn(email)).status).toBe(200);
    });

    it("holds a new password to the sign-up rules, and the link still works after a refusal", async () => {
      const email = uniqueEmail("rules");
      await browser().signUp(email);
      const token = await resetToken(email);
      const short = await browser().call("POST", "/api/auth/reset-password", { newPassword: "abc12", token });
      expect(short.status).toBe(400);
      expect(short.body.code).toBe("PASSWORD_TOO_SHORT");
      const common = await browser().call("POST", "/api/auth/reset-password", {
        newPassword: "iloveyou",
        token,
      });
      expect(common.status).toBe(400);
      expect(common.body.code).toBe("PASSWORD_TOO_COMMON");
      expect(await resetTokenUsable(auth(), token)).toBe(true);
    });

    it("refuses unknown and malformed tokens", async () => {
      for (const token of ["not-a-token", "", "x".repeat(300)]) {
        expect(await resetTokenUsable(auth(), token)).toBe(false);
      }
      const res = await browser().call("POST", "/api/auth/reset-password", {
        newPassword: "a brand new phrase 9",
        token: "not-a-token",
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("INVALID_TOKEN");
    });

    it("limits requests per address, the same for an account and an unknown e-mail", async () => {
      const email = uniqueEmail("flood");
      await browser().signUp(email);
      for (const address of [email, uniqueEmail("flood-nobody")]) {
        for (let i = 0; i < 3; i++) expect((await requestReset(browser(), address)).status).toBe(200);
        const refused = await requestReset(browser(), address.toUpperCase());
        expect(refused.status).toBe(429);
        expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      }
    });

    it("limits requests per client address like sign-in", async () => {
      const b = browser();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await requestReset(b, uniqueEmail("ip"))).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses[5]).toBe(429);
    });
  });

  describe("e-mail verification", () => {
    it("sends a link at sign-up that verifies on confirmation; the account can shop before", async () => {
      const email = uniqueEmail("verify");
      const b = browser();
      await b.signUp(email, "correct horse 7", "Vera Fied");
      expect((await b.session()).body.user.emailVerified).toBe(false);
      const profile = await b.call("POST", "/api/auth/sync-user", { uid: (await b.session()).body.user.id });
      expect(profile.body).toMatchObject({ email, emailVerified: false });
      // Unverified accounts shop as before.
      expect((await b.call("POST", "/api/cart", { productId: 1, quantity: 1 })).status).toBe(201);

      const mail = await mailTo(email, VERIFY_SUBJECT);
      expect(mail.html).toContain("Confirm my e-mail");
      const token = tokenIn(mail.text, "/auth/verify");
      expect(await verifyEmailToken(auth(), token, new Headers())).toBe("verified");
      expect((await b.session()).body.user.emailVerified).toBe(true);
      const after = await b.call("POST", "/api/auth/sync-user", { uid: (await b.session()).body.user.id });
      expect(after.body.emailVerified).toBe(true);
      // The link stays harmless once used.
      expect(await verifyEmailToken(auth(), token, new Headers())).toBe("verified");
      expect(await verifyEmailToken(auth(), `${token}x`, new Headers())).toBe("invalid");
      expect(await verifyEmailToken(auth(), "", new Headers())).toBe("invalid");
    });

    it("writes in the page's language (its x-mana-locale header), else the saved display language; links to that language's pages", async () => {
      const email = uniqueEmail("lengua");
      const spanish = new Browser(shop, {
        "x-forwarded-for": `198.51.100.${++n % 250}`,
        "x-mana-locale": "es",
      });
      await spanish.signUp(email, "correct horse 7", "Vera Fied");
      const mail = await mailTo(email, "Confirma tu dirección de e-mail para MANA");
      expect(mail.text).toContain("Hola, Vera Fied:");
      expect(mail.text).toContain(`Gracias por crear una cuenta de MANA con ${email}.`);
      expect(mail.text).toContain("El enlace funciona durante 24 horas.");
      expect(mail.html).toContain('<html lang="es">');
      expect(tokenIn(mail.text, "/es/auth/verify")).toBeTruthy();

      // Signed in, the customer saves French as their language: a reset asked without a page's language
      // (no header) is in French.
      expect((await spanish.call("PUT", "/api/preferences", { display: { language: "fr" } })).status).toBe(
        200,
      );
      expect((await requestReset(browser(), email)).status).toBe(200);
      const reset = await mailTo(email, "Réinitialisez votre mot de passe MANA");
      expect(reset.text).toContain("Le lien fonctionne une seule fois, pendant 1 heure.");
      expect(tokenIn(reset.text, "/fr/auth/reset")).toBeTruthy();
      // English as before, for an English page.
      const english = uniqueEmail("english");
      await browser().signUp(english, "correct horse 7", "Eng Lish");
      const en = await mailTo(english, VERIFY_SUBJECT);
      expect(en.text).toContain("Hello Eng Lish,");
      expect(en.text).toContain(
        "The link works for 24 hours. You can ask for a new one from your account page.",
      );
      expect(en.text).toContain("Integrated science and ancestral wisdom,\nThe MANA team");
      expect(tokenIn(en.text, "/auth/verify")).toBeTruthy();
    });

    it("resends to the signed-in, unverified account, at most once a minute", async () => {
      const email = uniqueEmail("resend");
      const b = browser();
      await b.signUp(email);
      await mailTo(email, VERIFY_SUBJECT);
      const resend = () => b.call("POST", "/api/auth/send-verification-email", { email });
      expect((await resend()).status).toBe(200);
      await vi.waitFor(async () => expect(await mailsTo(email)).toHaveLength(2));
      const soon = await resend();
      expect(soon.status).toBe(429);
      expect(await mailsTo(email)).toHaveLength(2);
      // Another signed-in account cannot have mail sent to this address.
      const other = browser();
      await other.signUp(uniqueEmail("other"));
      const mismatch = await other.call("POST", "/api/auth/send-verification-email", {
        email: uniqueEmail("third"),
      });
      expect(mismatch.status).toBe(400);
    });

    it("sends nothing to a phone-only account's placeholder address", async () => {
      const res = await browser().call("POST", "/api/auth/send-verification-email", {
        email: "15550001234@phone.mana.invalid",
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("NO_EMAIL");
    });
  });

  describe("guest orders", () => {
    async function guestOrder(email: string, status: string, userId: string | null = null) {
      const [row] = await db()
        .insert(orders)
        .values({
          orderNumber: `MANA-${randomUUID().slice(0, 8).toUpperCase()}`,
          userId,
          cartFingerprint: randomUUID(),
          email,
          status,
          subtotalCents: 3000,
          totalCents: 3595,
          shippingCents: 595,
          provider: "sandbox",
        })
        .returning();
      return row as typeof orders.$inferSelect;
    }
    const ownerOf = async (id: string) =>
      (await db().select({ userId: orders.userId }).from(orders).where(eq(orders.id, id)))[0]?.userId;

    it("joins the account's paid guest orders only once its e-mail is verified", async () => {
      const email = uniqueEmail("guest");
      const shouting = email.toUpperCase();
      const paid = [
        await guestOrder(email, "processing"),
        await guestOrder(shouting, "shipped"),
        await guestOrder(`${email[0]?.toUpperCase()}${email.slice(1)}`, "delivered"),
      ];
      const unpaid = [await guestOrder(email, "pending"), await guestOrder(email, "cancelled")];
      const someoneElse = await guestOrder(uniqueEmail("someone"), "processing");
      const owner = browser();
      await owner.signUp(uniqueEmail("owner"));
      const ownerId = (await owner.session()).body.user.id as string;
      const alreadyOwned = await guestOrder(email, "processing", ownerId);

      // Signing up with the address proves nothing: nobody has opened the link yet.
      const b = browser();
      await b.signUp(email);
      const userId = (await b.session()).body.user.id as string;
      for (const o of [...paid, ...unpaid]) expect(await ownerOf(o.id)).toBeNull();
      expect((await b.call("GET", "/api/orders")).body).toEqual([]);
      await b.signOut();
      await b.signIn(email);
      for (const o of paid) expect(await ownerOf(o.id)).toBeNull();

      const token = tokenIn((await mailTo(email, VERIFY_SUBJECT)).text, "/auth/verify");
      expect(await verifyEmailToken(auth(), token, new Headers())).toBe("verified");

      for (const o of paid) expect(await ownerOf(o.id)).toBe(userId);
      for (const o of unpaid) expect(await ownerOf(o.id)).toBeNull();
      expect(await ownerOf(someoneElse.id)).toBeNull();
      expect(await ownerOf(alreadyOwned.id)).toBe(ownerId);
      const listed = (await b.call("GET", "/api/orders")).body as { orderNumber: string }[];
      expect(listed.map((o) => o.orderNumber).sort()).toEqual(paid.map((o) => o.orderNumber).sort());
    });

    /** Signs up through the local OpenID Connect provider, which says whether it verified the e-mail. */
    async function oidcSignUp(email: string, emailVerified: boolean) {
      person = { sub: `sub-${email}`, email, email_verified: emailVerified, name: "Olivia Oidc" };
      const b = browser();
      const start = await b.call("POST", "/api/auth/sign-in/social", {
        provider: "oidc",
        callbackURL: "/account",
      });
      expect(start.status).toBe(200);
      const authorize = await fetch(start.body.url, { redirect: "manual" });
      const callback = new URL(authorize.headers.get("location") as string);
      const res = await b.call("GET", `${callback.pathname}${callback.search}`);
      expect(res.status).toBe(302);
      return { b, userId: (await b.session()).body.user.id as string };
    }

    it("joins them at sign-up through a provider that vouches for the e-mail", async () => {
      const email = uniqueEmail("vouched");
      const order = await guestOrder(email.toUpperCase(), "processing");
      const { userId } = await oidcSignUp(email, true);
      expect(await ownerOf(order.id)).toBe(userId);
    });

    it("waits for the link when the provider has not verified the e-mail", async () => {
      const email = uniqueEmail("unvouched");
      const order = await guestOrder(email, "delivered");
      const { userId } = await oidcSignUp(email, false);
      expect(await ownerOf(order.id)).toBeNull();
      const token = tokenIn((await mailTo(email, VERIFY_SUBJECT)).text, "/auth/verify");
      expect(await verifyEmailToken(auth(), token, new Headers())).toBe("verified");
      expect(await ownerOf(order.id)).toBe(userId);
    });

    it("leaves guest orders alone when a verified account's other details change", async () => {
      const email = uniqueEmail("later");
      const b = browser();
      await b.signUp(email);
      const token = tokenIn((await mailTo(email, VERIFY_SUBJECT)).text, "/auth/verify");
      expect(await verifyEmailToken(auth(), token, new Headers())).toBe("verified");
      // A guest order placed afterwards with the address stays a guest order until the next proof.
      const later = await guestOrder(email, "processing");
      const uid = (await b.session()).body.user.id;
      await b.call("POST", "/api/auth/sync-user", { uid });
      expect((await b.call("PUT", "/api/auth/profile", { displayName: "New Name" })).status).toBe(200);
      expect(await ownerOf(later.id)).toBeNull();
    });
  });
});
