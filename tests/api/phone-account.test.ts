import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCheckoutPage } from "../../app/routes/checkout.server.ts";
import { loadSandboxPage } from "../../app/routes/pay.$sessionId.server.ts";
import { loadSuccessPage } from "../../app/routes/success.server.ts";
import { isPlaceholderEmail, placeholderEmailFor } from "../../core/placeholder-email.ts";
import { orders, outbox } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { SmtpStandIn } from "../support/smtp-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, lastSmsCode, ORIGIN, solveHumanCheck } from "./auth-helpers.ts";
import { TEST_ADDRESS } from "./checkout-visitor.ts";

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Kai Moana" };
const sessionIdOf = (url: string) => new URL(url).pathname.split("/").pop() as string;

/** Signs a new visitor in by SMS code: the account is created on first verification, phone only. */
async function signInByPhone(shop: TestShop, phone: string): Promise<Browser> {
  const b = new Browser(shop);
  const sent = await b.call(
    "POST",
    "/api/auth/phone-number/send-otp",
    { phoneNumber: phone },
    { "x-human-check": await solveHumanCheck(b) },
  );
  expect(sent.status).toBe(200);
  const code = await lastSmsCode(shop, phone);
  const verified = await b.call("POST", "/api/auth/phone-number/verify", { phoneNumber: phone, code });
  expect(verified.status).toBe(200);
  return b;
}

/** The headers a page loader sees for this visitor. */
const pageHeaders = (b: Browser) => new Headers({ cookie: b.cookie, origin: ORIGIN });

describe.each(testDatabases)("an account created by phone sign-in, on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true });
  });
  afterAll(() => shop.close());

  it("session: the phone number to show, and an e-mail the page can tell is only a placeholder", async () => {
    const phone = "+15550007001";
    const b = await signInByPhone(shop, phone);
    const { body } = await b.session();
    expect(body.user.phoneNumber).toBe(phone);
    expect(body.user.email).toBe(placeholderEmailFor(phone));
    expect(isPlaceholderEmail(body.user.email)).toBe(true);
  });

  it("profile: sync and edit answer email null (no e-mail yet) with the phone number", async () => {
    const phone = "+15550007002";
    const b = await signInByPhone(shop, phone);
    const { user } = (await b.session()).body;
    // The page syncs with the session's user as it is (placeholder included): that must still match.
    const synced = await b.call("POST", "/api/auth/sync-user", {
      uid: user.id,
      email: user.email,
      displayName: user.name,
      photoURL: null,
      phoneNumber: user.phoneNumber,
    });
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({ id: user.id, email: null, displayName: phone, phoneNumber: phone });
    const edited = await b.call("PUT", "/api/auth/profile", { displayName: "Kai Moana" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ email: null, displayName: "Kai Moana", phoneNumber: phone });
    expect(JSON.stringify([synced.body, edited.body])).not.toContain("invalid");
  });

  it("checkout: asks for an e-mail like a guest, refuses a placeholder, sends the confirmation to the given one", async () => {
    const phone = "+15550007003";
    const b = await signInByPhone(shop, phone);
    const userId = (await b.session()).body.user.id as string;
    expect(
      (await b.call("POST", "/api/cart", { productId: 1, quantity: 1, isSubscription: false })).status,
    ).toBe(201);
    const page = await loadCheckoutPage(shop.services, pageHeaders(b));
    expect(page.signedInEmail).toBeNull();
    const cartItems = page.cartItems;

    const none = await b.call("POST", "/api/checkout/create-session", { userId: null, cartItems });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe("email_required");
    for (const email of [placeholderEmailFor(phone), "kai@example.invalid"]) {
      const refused = await b.call("POST", "/api/checkout/create-session", {
        email,
        userId: null,
        cartItems,
      });
      expect(refused.status, email).toBe(400);
      expect(refused.body.code).toBe("invalid_email");
    }

    const res = await b.call("POST", "/api/checkout/create-session", {
      email: "kai@example.com",
      userId: null,
      cartItems,
      shippingAddress: TEST_ADDRESS,
    });
    expect(res.status).toBe(200);
    const sessionId = sessionIdOf(res.body.url);
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    expect(order).toMatchObject({ userId, email: "kai@example.com" });
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
      kind: "paid",
    });
    const mails = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order-confirmation:${order?.id}`));
    expect(mails.map((m) => [m.to, m.status])).toEqual([["kai@example.com", "stored"]]);
    expect((await loadSuccessPage(shop.services, pageHeaders(b), sessionId)).order?.email).toBe(
      "kai@example.com",
    );
  });

  it("an order that holds only the placeholder: no e-mail queued to it, a skipped record instead, pages show none", async () => {
    const phone = "+15550007004";
    const placeholder = placeholderEmailFor(phone);
    const b = await signInByPhone(shop, phone);
    await b.call("POST", "/api/cart", { productId: 2, quantity: 1, isSubscription: false });
    const { cartItems } = await loadCheckoutPage(shop.services, pageHeaders(b));
    const res = await b.call("POST", "/api/checkout/create-session", {
      email: "kai.legacy@example.com",
      userId: null,
      cartItems,
      shippingAddress: TEST_ADDRESS,
    });
    expect(res.status).toBe(200);
    const sessionId = sessionIdOf(res.body.url);
    // As every phone-only order was stored before this fix: the account's placeholder as the order's e-mail.
    await db().update(orders).set({ email: placeholder }).where(eq(orders.providerSessionId, sessionId));
    expect((await loadSandboxPage(shop.services, sessionId))?.email).toBeNull();

    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
      kind: "paid",
    });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    expect(order?.status).toBe("processing");
    const toPlaceholder = await db().select().from(outbox).where(eq(outbox.to, placeholder));
    // The one record says what was not sent and why; nothing is stored for delivery or sent.
    expect(toPlaceholder.map((m) => [m.dedupeKey, m.status])).toEqual([
      [`order-confirmation:${order?.id}`, "skipped"],
    ]);
    expect(toPlaceholder.filter((m) => m.status !== "skipped")).toEqual([]);
    expect((await loadSuccessPage(shop.services, pageHeaders(b), sessionId)).order).toMatchObject({
      orderNumber: order?.orderNumber,
      email: null,
    });
  });
});

describe("mailer and placeholder addresses over SMTP", () => {
  const logs: { level: number; msg: string; to?: string; dedupeKey?: string }[] = [];
  let smtp: SmtpStandIn;
  let shop: TestShop;

  beforeAll(async () => {
    smtp = await new SmtpStandIn().start();
    shop = await createTestShop("pglite");
  });
  afterAll(async () => {
    await shop.close();
    await smtp.stop();
  });

  it("never hands a placeholder address to SMTP: records it skipped, warns, and still delivers real mail", async () => {
    const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    const mailer = createMailer({
      db: shop.services.database.db,
      from: "shop@example.com",
      smtpUrl: smtp.url,
      logger,
    });
    const placeholder = placeholderEmailFor("+15550007005");
    const message = { subject: "Your MANA order", text: "Thank you", dedupeKey: "order-confirmation:test" };
    expect(await mailer.send({ ...message, to: placeholder })).toBe(false);
    expect(await mailer.send({ ...message, to: placeholder })).toBe(false);
    expect(await mailer.send({ to: "kai@example.com", subject: "Hello", text: "Hi" })).toBe(true);

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain("kai@example.com");
    expect(smtp.received.join("\n")).not.toContain("invalid");
    const rows = await shop.services.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, "email"), eq(outbox.to, placeholder)));
    expect(rows.map((r) => r.status)).toEqual(["skipped"]);
    const warnings = logs.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ to: placeholder, dedupeKey: "order-confirmation:test" });
    expect(warnings[0]?.msg).toMatch(/skipped: placeholder address/);
  });
});
