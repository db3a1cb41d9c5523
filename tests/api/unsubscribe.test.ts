import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../server/db/schema.ts";
import {
  emailOfUnsubscribeToken,
  unsubscribeSecret,
  unsubscribeToken,
} from "../../server/newsletter/unsubscribe.ts";
import { SmtpStandIn } from "../support/smtp-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import {
  CONFIRM_SUBJECT,
  confirmationToken,
  confirmSubscription,
  mailsTo,
  ORIGIN,
  signUpForNewsletter,
  subscribedAndConfirmed as subscribe,
} from "./newsletter-helpers.ts";

/** A mail client's one-click unsubscribe (RFC 8058): a form POST from its own servers, no cookies. */
const oneClick = (shop: TestShop, token: string, headers: Record<string, string> = {}) =>
  shop.app.request(`${ORIGIN}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "List-Unsubscribe=One-Click",
  });

describe.each(testDatabases)("newsletter unsubscribe on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  const secret = () => unsubscribeSecret(shop.services.env);
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  const subscriber = async (email: string) =>
    (await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
  /** The token of the visible unsubscribe link in the address's welcome e-mail. */
  async function linkToken(email: string) {
    const [mail] = await mailsTo(shop, email, "Welcome to MANA!");
    const page = mail?.text.match(/Unsubscribe at any time: (\S+)/)?.[1] as string;
    expect(page).toMatch(new RegExp(`^${ORIGIN}/newsletter/unsubscribe\\?token=`));
    expect(mail?.html).toContain(`href="${page}"`);
    return decodeURIComponent(new URL(page).searchParams.get("token") as string);
  }

  it("puts a signed unsubscribe link in the welcome e-mail, for this address only", async () => {
    await subscribe(shop, "Una@Example.com");
    const token = await linkToken("una@example.com");
    expect(token).toBe(unsubscribeToken(secret(), "una@example.com"));
    expect(emailOfUnsubscribeToken(secret(), token)).toBe("una@example.com");
    expect(emailOfUnsubscribeToken("another secret of the same length 0123", token)).toBeNull();
  });

  it("unsubscribes on the one-click POST from any origin, without cookies; a second POST changes nothing", async () => {
    await subscribe(shop, "oscar@example.com");
    const token = await linkToken("oscar@example.com");
    expect((await subscriber("oscar@example.com"))?.unsubscribedAt).toBeNull();
    const res = await oneClick(shop, token, {
      origin: "https://mail.example",
      "sec-fetch-site": "cross-site",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: true });
    const first = (await subscriber("oscar@example.com"))?.unsubscribedAt;
    expect(first).toBeInstanceOf(Date);
    expect((await oneClick(shop, token)).status).toBe(200);
    expect((await subscriber("oscar@example.com"))?.unsubscribedAt).toEqual(first);
  });

  it("never unsubscribes on GET (link scanners): it sends the reader to the page that asks", async () => {
    await subscribe(shop, "gina@example.com");
    const token = await linkToken("gina@example.com");
    const res = await shop.app.request(
      `${ORIGIN}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await subscriber("gina@example.com"))?.unsubscribedAt).toBeNull();
  });

  it("refuses tokens the server did not sign, and changes nothing", async () => {
    await subscribe(shop, "vic@example.com");
    const good = await linkToken("vic@example.com");
    const [encoded, signature] = good.split(".") as [string, string];
    const other = unsubscribeToken(secret(), "someone@example.com").split(".")[1] as string;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const token of [
      "",
      "garbage",
      `${encoded}.${other}`,
      `${encoded}.${flipped}`,
      `${encoded}.${signature}.extra`,
      `${Buffer.from("vic@example.com ").toString("base64url")}.${signature}`,
    ]) {
      const res = await oneClick(shop, token);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid_token" });
    }
    expect((await subscriber("vic@example.com"))?.unsubscribedAt).toBeNull();
  });

  it("subscribes again after unsubscribing only once the address follows a new confirmation link", async () => {
    await subscribe(shop, "rita@example.com");
    expect((await oneClick(shop, await linkToken("rita@example.com"))).status).toBe(200);
    const unsubscribed = await subscriber("rita@example.com");
    expect(unsubscribed?.unsubscribedAt).toBeInstanceOf(Date);
    // Anyone can type the address into the form: that alone changes nothing, and answers the same.
    const again = await signUpForNewsletter(shop, { email: "rita@example.com", consent: true });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ subscribed: true });
    expect(await subscriber("rita@example.com")).toEqual(unsubscribed);
    expect(await mailsTo(shop, "rita@example.com", CONFIRM_SUBJECT)).toHaveLength(2);
    // The address's owner follows the link: subscribed again, with the new consent time.
    expect((await confirmSubscription(shop, await confirmationToken(shop, "rita@example.com"))).status).toBe(
      200,
    );
    const resubscribed = await subscriber("rita@example.com");
    expect(resubscribed?.unsubscribedAt).toBeNull();
    expect(resubscribed?.consentAt?.getTime()).toBeGreaterThan(unsubscribed?.consentAt?.getTime() as number);
  });

  it("keeps the same-origin check on every other POST", async () => {
    const res = await shop.app.request(`${ORIGIN}/api/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ email: "csrf@example.com" }),
    });
    expect(res.status).toBe(403);
    const nested = await shop.app.request(`${ORIGIN}/api/newsletter/unsubscribe/more`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(nested.status).toBe(403);
  });
});

describe("newsletter unsubscribe headers over SMTP", () => {
  let smtp: SmtpStandIn;
  let shop: TestShop;
  beforeAll(async () => {
    smtp = await new SmtpStandIn().start();
    shop = await createTestShop("pglite", {
      env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://shop.example", BETTER_AUTH_SECRET: "s".repeat(40) },
    });
  });
  afterAll(async () => {
    await shop.close();
    await smtp.stop();
  });

  it("sends List-Unsubscribe (the one-click URL) and List-Unsubscribe-Post with the welcome e-mail", async () => {
    await subscribe(shop, "hedda@example.com", "https://shop.example");
    // The confirmation, then the welcome.
    expect(smtp.received).toHaveLength(2);
    // Long header lines are folded on the wire: unfold before reading them.
    const raw = (smtp.received[1] as string).replace(/\r?\n[ \t]+/g, " ");
    const token = unsubscribeToken(unsubscribeSecret(shop.services.env), "hedda@example.com");
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const header = raw.match(/^List-Unsubscribe: (.+?)\r?$/m)?.[1];
    expect(header?.replace(/\s/g, "")).toBe(
      `<https://shop.example/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}>`,
    );
    const res = await oneClick(shop, token);
    expect(res.status).toBe(200);
  });
});
