import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { outbox } from "../db/schema.ts";
import type { Env } from "../env.ts";

/** Sends a text message. Every outside service sits behind a small interface (STYLE.md, habit 6). */
export interface SmsSender {
  kind: "outbox" | "twilio";
  send(message: { to: string; text: string }): Promise<void>;
}

/** Development and tests: the message is stored in the outbox table, shown at /dev/outbox. */
export function outboxSmsSender(db: Db): SmsSender {
  return {
    kind: "outbox",
    async send({ to, text }) {
      await db.insert(outbox).values({ channel: "sms", to, subject: null, text });
    },
  };
}

/**
 * Production: Twilio's Messages REST API (no SDK; one form POST). The message is recorded in the outbox
 * too, with its delivery status; a failed delivery throws so the visitor sees 'Could not send SMS'.
 */
export function twilioSmsSender(
  options: { accountSid: string; authToken: string; from: string; db: Db; logger: Logger },
  fetchImpl: typeof fetch = fetch,
): SmsSender {
  const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64");
  return {
    kind: "twilio",
    async send({ to, text }) {
      const res = await fetchImpl(url, {
        method: "POST",
        headers: {
          Authorization: `Basic ${auth}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ To: to, From: options.from, Body: text }),
        signal: AbortSignal.timeout(10_000),
      });
      const ok = res.ok;
      // The code itself is not kept when it went out through Twilio: the outbox row records the delivery.
      await options.db.insert(outbox).values({
        channel: "sms",
        to,
        text: "[verification code sent by Twilio]",
        status: ok ? "sent" : "failed",
      });
      if (!ok) {
        options.logger.error({ status: res.status, to }, "Twilio refused the SMS");
        throw new Error(`Twilio answered ${res.status}`);
      }
    },
  };
}

export function createSmsSender(env: Env, db: Db, logger: Logger): SmsSender {
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    return twilioSmsSender(
      {
        accountSid: env.TWILIO_ACCOUNT_SID,
        authToken: env.TWILIO_AUTH_TOKEN,
        from: env.TWILIO_FROM,
        db,
        logger,
      },
      fetch,
    );
  }
  return outboxSmsSender(db);
}
