import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers, outbox } from "../../server/db/schema.ts";
import { SmtpStandIn } from "../support/smtp-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";

const post = (shop: TestShop, body: unknown) =>
  shop.app.request("/api/newsletter", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe.each(testDatabases)("newsletter API on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  it("subscribes once, records consent and sends one welcome e-mail", async () => {
    const first = await post(shop, { email: "  Ada@Example.com ", consent: true });
    expect(first.status).toBe(200);
    const again = await post(shop, { email: "ada@example.com", consent: true });
    expect(again.status).toBe(200);
    const rows = await shop.services.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "ada@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.consentAt).toBeInstanceOf(Date);
    const mail = await shop.services.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, "ada@example.com"));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: "email", subject: "Welcome to MANA!" });
  });

  it("subscribes the call { email } alone, sends the welcome and records no consent time", async () => {
    const res = await post(shop, { email: "bob@example.com" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ subscribed: true });
    const db = shop.services.database.db;
    const rows = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "bob@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.consentAt).toBeNull();
    expect(await db.select().from(outbox).where(eq(outbox.to, "bob@example.com"))).toHaveLength(1);
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

  it("50 simultaneous subscriptions of one address make one row and one e-mail", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(shop, { email: "eve@example.com", consent: true })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const db = shop.services.database.db;
    expect(
      await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "eve@example.com")),
    ).toHaveLength(1);
    expect(await db.select().from(outbox).where(eq(outbox.to, "eve@example.com"))).toHaveLength(1);
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

  it("delivers the welcome e-mail to a real SMTP server and marks it sent", async () => {
    expect((await post(shop, { email: "smtp@example.com", consent: true })).status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain("Subject: Welcome to MANA!");
    expect(smtp.received[0]).toContain("smtp@example.com");
    const [row] = await shop.services.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, "smtp@example.com"));
    expect(row?.status).toBe("sent");
  });
});

describe("the shop's support address", () => {
  it("ends every e-mail with SUPPORT_EMAIL, in the text and the HTML", async () => {
    const shop = await createTestShop("pglite", { env: { SUPPORT_EMAIL: "care@mana-shop.test" } });
    try {
      expect((await post(shop, { email: "dan@example.com" })).status).toBe(200);
      const [mail] = await shop.services.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, "dan@example.com"));
      expect(mail?.text).toContain("Questions? Write to care@mana-shop.test.");
      expect(mail?.html).toContain('href="mailto:care@mana-shop.test"');
    } finally {
      await shop.close();
    }
  });
});
