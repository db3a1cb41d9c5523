import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportAdminSubscribers } from "../../server/admin/newsletter.ts";
import { NEWSLETTER_SIGNUPS } from "../../server/api/newsletter.ts";
import { newsletterConfirmations, newsletterSubscribers, outbox, user } from "../../server/db/schema.ts";
import { SmtpStandIn } from "../support/smtp-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";
import {
  CONFIRM_SUBJECT,
  confirmationToken,
  confirmSubscription,
  mailsTo,
  signUpForNewsletter as post,
} from "./newsletter-helpers.ts";

describe.each(testDatabases)("newsletter API on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  const subscriberRows = (email: string) =>
    db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  it("records nothing for an anonymous sign-up and e-mails a confirmation link; following it subscribes once, records consent and sends one welcome e-mail", async () => {
    const first = await post(shop, { email: "  Ada@Example.com ", consent: true });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ subscribed: true });
    const again = await post(shop, { email: "ada@example.com", consent: true });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ subscribed: true });
    // Pending: not a subscriber, not on the owner's list or its CSV, no welcome yet.
    expect(await subscriberRows("ada@example.com")).toHaveLength(0);
    expect((await exportAdminSubscribers(db())).map((s) => s.email)).not.toContain("ada@example.com");
    expect(await mailsTo(shop, "ada@example.com", "Welcome to MANA!")).toHaveLength(0);
    expect(await mailsTo(shop, "ada@example.com", CONFIRM_SUBJECT)).toHaveLength(1);

    const before = Date.now();
    const token = await confirmationToken(shop, "ada@example.com");
    const confirmed = await confirmSubscription(shop, token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ subscribed: true });
    const rows = await subscriberRows("ada@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.consentAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[0]?.unsubscribedAt).toBeNull();
    expect((await exportAdminSubscribers(db())).map((s) => s.email)).toContain("ada@example.com");
    const welcome = await mailsTo(shop, "ada@example.com", "Welcome to MANA!");
    expect(welcome).toHaveLength(1);
    expect(welcome[0]).toMatchObject({ channel: "email", to: "ada@example.com" });
    expect(welcome[0]?.text).toContain(
      "You subscribed as ada@example.com. Unsubscribe at any time: http://localhost/newsletter/unsubscribe?token=",
    );
    expect(welcome[0]?.html).toMatch(
      /You subscribed as ada@example\.com\. <a href="http:\/\/localhost\/newsletter\/unsubscribe\?token=[^"]+" style="color:#1F3A2E">Unsubscribe<\/a> at any time\./,
    );

    // The link works once; signing up again once subscribed sends nothing more.
    const reused = await confirmSubscription(shop, token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ code: "invalid_token", message: expect.any(String) });
    expect((await post(shop, { email: "ada@example.com", consent: true })).status).toBe(200);
    expect(await db().select().from(outbox).where(eq(outbox.to, "ada@example.com"))).toHaveLength(2);
  });

  it("writes the confirmation and the welcome in the language of the page (x-mana-locale), linking to its pages", async () => {
    const spanish = { "x-mana-locale": "es" };
    expect((await post(shop, { email: "lucia@example.com", consent: true }, spanish)).status).toBe(200);
    const [mail] = await mailsTo(shop, "lucia@example.com", "Confirma tu suscripción a la carta de MANA");
    const link = mail?.text.match(
      /Alguien, esperamos que tú, pidió recibir la carta de MANA en lucia@example\.com\. Confirma tu suscripción: (\S+)/,
    )?.[1] as string;
    expect(link).toMatch(/^http:\/\/localhost\/es\/newsletter\/confirm\?token=/);
    expect(mail?.html).toContain('<html lang="es">');
    const token = decodeURIComponent(new URL(link).searchParams.get("token") as string);
    const confirmed = await shop.app.request("http://localhost/api/newsletter/confirm", {
      method: "POST",
      headers: { "content-type": "application/json", ...spanish },
      body: JSON.stringify({ token }),
    });
    expect(confirmed.status).toBe(200);
    const [welcome] = await mailsTo(shop, "lucia@example.com", "¡Te damos la bienvenida a MANA!");
    expect(welcome?.text).toContain(
      "Te suscribiste como lucia@example.com. Cancela la suscripción cuando quieras: http://localhost/es/newsletter/unsubscribe?token=",
    );
    expect(welcome?.html).toContain(">Cancela la suscripción</a> cuando quieras.");
  });

  it("answers the call { email } alone the same, and records consent only when the link is followed", async () => {
    const res = await post(shop, { email: "bob@example.com" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ subscribed: true });
    expect(await subscriberRows("bob@example.com")).toHaveLength(0);
    expect(await db().select().from(outbox).where(eq(outbox.to, "bob@example.com"))).toHaveLength(1);
    const token = await confirmationToken(shop, "bob@example.com");
    expect((await confirmSubscription(shop, token)).status).toBe(200);
    const rows = await subscriberRows("bob@example.com");
    expect(rows[0]?.consentAt).toBeInstanceOf(Date);
    expect(await mailsTo(shop, "bob@example.com", "Welcome to MANA!")).toHaveLength(1);
  });

  it("refuses an expired link, a forged one and a malformed body, and subscribes nobody", async () => {
    expect((await post(shop, { email: "late@example.com", consent: true })).status).toBe(200);
    const token = await confirmationToken(shop, "late@example.com");
    await db()
      .update(newsletterConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterConfirmations.email, "late@example.com"));
    for (const body of [{ token }, { token: `${token.slice(0, -1)}x` }, { token: "" }, { token: 5 }, {}]) {
      const res = await shop.app.request("http://localhost/api/newsletter/confirm", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: expect.any(String) });
    }
    expect(await subscriberRows("late@example.com")).toHaveLength(0);
    // A new sign-up after the link expired sends a new link, which works.
    expect((await post(shop, { email: "late@example.com", consent: true })).status).toBe(200);
    const fresh = await confirmationToken(shop, "late@example.com");
    expect(fresh).not.toBe(token);
    expect((await confirmSubscription(shop, fresh)).status).toBe(200);
    expect(await subscriberRows("late@example.com")).toHaveLength(1);
  });

  it.each([
    ["an invalid e-mail", { email: "not-an-email", consent: true }],
    ["an address that can never receive mail", { email: "15550001234@phone.mana.invalid", consent: true }],
    ["consent false", { email: "carol@example.com", consent: false }],
    ["an empty body", {}],
    ["an e-mail of 10,000 characters", { email: `${"a".repeat(10_000)}@x.com`, consent: true }],
  ])("refuses %s with 400", async (_name, body) => {
    const res = await post(shop, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_input", message: expect.any(String) });
  });

  it("50 simultaneous sign-ups of one address make one pending confirmation and one e-mail, then one row", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(shop, { email: "eve@example.com", consent: true })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(
      await db()
        .select()
        .from(newsletterConfirmations)
        .where(eq(newsletterConfirmations.email, "eve@example.com")),
    ).toHaveLength(1);
    expect(await db().select().from(outbox).where(eq(outbox.to, "eve@example.com"))).toHaveLength(1);
    const token = await confirmationToken(shop, "eve@example.com");
    const confirms = await Promise.all(Array.from({ length: 5 }, () => confirmSubscription(shop, token)));
    expect(confirms.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await subscriberRows("eve@example.com")).toHaveLength(1);
    expect(await mailsTo(shop, "eve@example.com", "Welcome to MANA!")).toHaveLength(1);
  });
});

describe.each(testDatabases)("newsletter sign-ups of signed-in customers and rate limits on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  const subscriberRows = (email: string) =>
    db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  const join = (b: Browser, email: string) => b.call("POST", "/api/newsletter", { email, consent: true });
  /** A signed-up customer at a client address, with the account's e-mail verified or not. */
  async function customer(ip: string, verified: boolean) {
    const b = new Browser(shop, { "x-forwarded-for": ip });
    const email = uniqueEmail("customer");
    expect((await b.signUp(email)).status).toBe(200);
    if (verified) await db().update(user).set({ emailVerified: true }).where(eq(user.email, email));
    return { b, email };
  }
  beforeAll(async () => {
    // Behind a trusted proxy, so each test client can stand at its own address.
    shop = await createTestShop(kind, { auth: true, env: { TRUSTED_PROXIES: "127.0.0.1" } });
  });
  afterAll(() => shop.close());

  it("records a signed-in customer's own verified address at once, even after an unsubscribe", async () => {
    const { b, email } = await customer("203.0.113.60", true);
    const res = await join(b, email.toUpperCase());
    expect(res).toMatchObject({ status: 200, body: { subscribed: true } });
    const [row] = await subscriberRows(email);
    expect(row?.consentAt).toBeInstanceOf(Date);
    expect(await mailsTo(shop, email, "Welcome to MANA!")).toHaveLength(1);
    expect(await mailsTo(shop, email, CONFIRM_SUBJECT)).toHaveLength(0);
    await db()
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: new Date() })
      .where(eq(newsletterSubscribers.email, email));
    expect((await join(b, email)).status).toBe(200);
    expect((await subscriberRows(email))[0]?.unsubscribedAt).toBeNull();
  });

  it("asks for confirmation of an unverified account's address and of anyone else's address", async () => {
    const unverified = await customer("203.0.113.61", false);
    expect((await join(unverified.b, unverified.email)).status).toBe(200);
    expect(await subscriberRows(unverified.email)).toHaveLength(0);
    expect(await mailsTo(shop, unverified.email, CONFIRM_SUBJECT)).toHaveLength(1);

    const verified = await customer("203.0.113.62", true);
    const stranger = uniqueEmail("stranger");
    expect((await join(verified.b, stranger)).status).toBe(200);
    expect(await subscriberRows(stranger)).toHaveLength(0);
    expect(await mailsTo(shop, stranger, CONFIRM_SUBJECT)).toHaveLength(1);
    expect(await mailsTo(shop, stranger, "Welcome to MANA!")).toHaveLength(0);
  });

  it("answers 429 with Retry-After once a client has signed up too many addresses, and only that client", async () => {
    const guest = new Browser(shop, { "x-forwarded-for": "203.0.113.70" });
    for (let i = 0; i < NEWSLETTER_SIGNUPS.max; i++) {
      expect((await join(guest, uniqueEmail(`bulk-${i}`))).status).toBe(200);
    }
    const over = await join(guest, uniqueEmail("bulk-over"));
    expect(over).toMatchObject({
      status: 429,
      body: { code: "too_many_requests", message: expect.any(String) },
    });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await mailsTo(shop, uniqueEmail("bulk-over"), CONFIRM_SUBJECT)).toHaveLength(0);

    // A signed-in customer at the same address may still sign up others only within the same limit...
    const { b, email } = await customer("203.0.113.70", true);
    expect((await join(b, uniqueEmail("other"))).status).toBe(429);
    // ...but their own verified address is not counted.
    expect((await join(b, email)).status).toBe(200);
    expect(await subscriberRows(email)).toHaveLength(1);

    const neighbour = new Browser(shop, { "x-forwarded-for": "203.0.113.71" });
    expect((await join(neighbour, uniqueEmail("neighbour"))).status).toBe(200);
  });
});

describe("mailer over SMTP", () => {
  let smtp: SmtpStandIn;
  let shop: TestShop;

  beforeAll(async () => {
    smtp = await new SmtpStandIn().start();
    shop = await createTestShop("pglite", { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await shop.close();
    await smtp.stop();
  });

  it("delivers the confirmation and then the welcome e-mail to a real SMTP server and marks them sent", async () => {
    expect((await post(shop, { email: "smtp@example.com", consent: true })).status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain(`Subject: ${CONFIRM_SUBJECT}`);
    expect((await confirmSubscription(shop, await confirmationToken(shop, "smtp@example.com"))).status).toBe(
      200,
    );
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]).toContain("Subject: Welcome to MANA!");
    expect(smtp.received[1]).toContain("smtp@example.com");
    const rows = await shop.services.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, "smtp@example.com"));
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
  });
});

describe("the shop's support address", () => {
  it("ends every e-mail with SUPPORT_EMAIL, in the text and the HTML", async () => {
    const shop = await createTestShop("pglite", { env: { SUPPORT_EMAIL: "care@mana-shop.test" } });
    try {
      expect((await post(shop, { email: "dan@example.com" })).status).toBe(200);
      expect((await confirmSubscription(shop, await confirmationToken(shop, "dan@example.com"))).status).toBe(
        200,
      );
      const mails = await shop.services.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, "dan@example.com"));
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        expect(mail?.text).toContain("Questions? Write to care@mana-shop.test.");
        expect(mail?.html).toContain('href="mailto:care@mana-shop.test"');
      }
    } finally {
      await shop.close();
    }
  });
});
