import { createServer } from "node:net";
import { and, desc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { smsFailure } from "../../app/components/auth/auth-errors.ts";
import { requestTranslator } from "../../app/i18n/catalogue.server.ts";
import { SmsDeliveryError, TWILIO_TIMEOUT_MS, twilioSmsSender } from "../../server/auth/sms-sender.ts";
import { outbox } from "../../server/db/schema.ts";
import { parseEnv } from "../../server/env.ts";
import { createTestShop, type TestShop } from "../support/test-app.ts";
import { TwilioStandIn } from "../support/twilio-stand-in.ts";
import { Browser, solveHumanCheck } from "./auth-helpers.ts";

/** The Twilio sender against a local stand-in of Twilio's Messages API. */
describe("phone sign-in codes through Twilio (local stand-in)", () => {
  let twilio: TwilioStandIn;
  let shop: TestShop;
  let n = 0;
  let sends = 0;
  const phone = () => `+1555300${String(++n).padStart(4, "0")}`;

  beforeAll(async () => {
    twilio = await new TwilioStandIn().start();
    shop = await createTestShop("pglite", {
      auth: true,
      // Each send from its own address: the per-IP limit (5 a minute) is not what these tests are about.
      env: { ...twilio.env(), ALTCHA_MAX_NUMBER: "1000", TRUSTED_PROXIES: "127.0.0.1" },
    });
  });
  afterAll(async () => {
    await shop.close();
    await twilio.stop();
  });
  beforeEach(() => {
    twilio.mode = "ok";
  });

  async function sendCode(to: string, headers: Record<string, string> = {}) {
    const b = new Browser(shop, { "x-forwarded-for": `198.18.7.${++sends}`, ...headers });
    const started = performance.now();
    const res = await b.call(
      "POST",
      "/api/auth/phone-number/send-otp",
      { phoneNumber: to },
      { "x-human-check": await solveHumanCheck(b) },
    );
    return { b, res, ms: performance.now() - started };
  }
  const smsRows = (to: string) =>
    shop.services.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, "sms"), eq(outbox.to, to)))
      .orderBy(desc(outbox.createdAt));

  it("is the shop's sender once TWILIO_* is set, and defaults to Twilio's own API", () => {
    expect(parseEnv({}).TWILIO_API_URL).toBe("https://api.twilio.com");
    expect(shop.services.env.TWILIO_API_URL).toBe(twilio.url);
  });

  it("POSTs To, From and Body as a form to the account's Messages.json with basic auth; the code it carries signs in", async () => {
    const to = phone();
    const { b, res } = await sendCode(to);
    expect(res.status).toBe(200);
    expect(twilio.requests).toHaveLength(1);
    const [req] = twilio.requests;
    expect(req).toMatchObject({
      method: "POST",
      path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString("base64")}`,
      contentType: "application/x-www-form-urlencoded",
    });
    expect(Object.keys(req?.form ?? {}).sort()).toEqual(["Body", "From", "To"]);
    expect(req?.form).toMatchObject({ To: to, From: twilio.from });
    const code = req?.form.Body?.match(/\b(\d{6})\b/)?.[1] as string;
    expect(req?.form.Body).toBe(`Your MANA verification code is ${code}. It expires in 5 minutes.`);

    // Recorded as sent, without the code itself.
    const [row] = await smsRows(to);
    expect(row).toMatchObject({
      status: "sent",
      text: expect.stringMatching(/^\[verification code sent by Twilio: SM/),
    });
    expect(row?.text).not.toContain(code);

    const verified = await b.call("POST", "/api/auth/phone-number/verify", { phoneNumber: to, code });
    expect(verified.status).toBe(200);
    expect((await b.session()).body.user.phoneNumber).toBe(to);
  });

  it.each([
    ["400", "refuses the number"],
    ["500", "fails"],
  ] as const)(
    "Twilio answering %s (it %s): a 503 JSON message the page shows as 'Could not send SMS', recorded as failed",
    async (mode, _what) => {
      twilio.mode = mode;
      const to = phone();
      const before = twilio.requests.length;
      const { res } = await sendCode(to);
      expect(twilio.requests.length).toBe(before + 1);
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body).toMatchObject({
        code: "SMS_NOT_SENT",
        message: "Could not send SMS. Please try again in a few minutes.",
      });
      const { t } = requestTranslator("en", new Set());
      expect(smsFailure({ status: res.status, code: res.body.code }, t)).toMatchObject({
        title: "SMS Failed",
        description: "Could not send SMS",
      });
      const rows = await smsRows(to);
      expect(rows.map((r) => [r.status, r.text])).toEqual([
        ["failed", `[verification code not sent: Twilio answered ${mode}]`],
      ]);
    },
  );

  it(`Twilio hanging: the sender gives up after ${TWILIO_TIMEOUT_MS / 1000} s and the route answers 503 with its message`, async () => {
    twilio.mode = "hang";
    const to = phone();
    const { res, ms } = await sendCode(to);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      code: "SMS_NOT_SENT",
      message: expect.stringContaining("Could not send SMS"),
    });
    expect(ms).toBeGreaterThanOrEqual(TWILIO_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(TWILIO_TIMEOUT_MS + 2_000);
    expect((await smsRows(to)).map((r) => r.status)).toEqual(["failed"]);
    expect((await smsRows(to))[0]?.text).toBe(
      `[verification code not sent: Twilio did not answer within ${TWILIO_TIMEOUT_MS} ms]`,
    );
  }, 15_000);

  it("a failed send still counts toward the number's limit: Twilio down is no way around 3 sends per 10 minutes", async () => {
    twilio.mode = "500";
    const to = phone();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await sendCode(to)).res.status);
    twilio.mode = "ok";
    statuses.push((await sendCode(to)).res.status);
    expect(statuses).toEqual([503, 503, 503, 429]);
    expect((await smsRows(to)).map((r) => r.status)).toEqual(["failed", "failed", "failed"]);
  });

  it("no connection to Twilio at all: SmsDeliveryError, recorded as failed", async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const sender = twilioSmsSender({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: twilio.from,
      baseUrl: `http://127.0.0.1:${port}`,
      db: shop.services.database.db,
      logger: pino({ level: "silent" }),
    });
    const to = phone();
    await expect(sender.send({ to, text: "code 123456" })).rejects.toThrow(SmsDeliveryError);
    expect((await smsRows(to)).map((r) => [r.status, r.text])).toEqual([
      ["failed", "[verification code not sent: Twilio could not be reached]"],
    ]);
  });

  it("texts the code in the sign-in page's language (its x-mana-locale header); English without one", async () => {
    for (const [locale, text] of [
      ["fr", "Votre code de vérification MANA est <code>. Il expire dans 5 minutes."],
      ["es", "Tu código de verificación de MANA es <code>. Caduca en 5 minutos."],
      ["xx", "Your MANA verification code is <code>. It expires in 5 minutes."],
    ] as const) {
      twilio.requests.length = 0;
      const { res } = await sendCode(phone(), { "x-mana-locale": locale });
      expect(res.status).toBe(200);
      expect(twilio.requests[0]?.form.Body?.replace(/\d{6}/, "<code>")).toBe(text);
    }
  });
});
