import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { outbox } from "../db/schema.ts";
import type { Env } from "../env.ts";

/** Sends a text message. Every outside service sits behind a small interface, with a local one for development and tests. */
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

/** Twilio's API, unless TWILIO_API_URL points elsewhere (a local stand-in in tests). */
export const TWILIO_API_URL = "https://api.twilio.com";
/**
 * How long a visitor waits for Twilio before 'Could not send SMS': Twilio answers in well under a second,
 * and a hanging call must not hold the sign-in page.
 */
export const TWILIO_TIMEOUT_MS = 5_000;

/** The SMS did not go out (Twilio refused it, failed, or did not answer in time). */
export class SmsDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SmsDeliveryError";
  }
}

/**
 * Production: Twilio's Messages REST API (no SDK; one form POST). Every attempt is recorded in the outbox
 * with its delivery status, "sent" only when Twilio accepted the message; any other end (an error answer,
 * no answer within the timeout, no connection) is recorded "failed", logged, and thrown as an
 * SmsDeliveryError so the visitor sees 'Could not send SMS'.
 */
export function twilioSmsSender(
  options: {
    accountSid: string;
    authToken: string;
    from: string;
    db: Db;
    logger: Logger;
    baseUrl?: string;
    timeoutMs?: number;
  },
  fetchImpl: typeof fetch = fetch,
): SmsSender {
  const base = (options.baseUrl ?? TWILIO_API_URL).replace(/\/$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64");
  const timeoutMs = options.timeoutMs ?? TWILIO_TIMEOUT_MS;
  return {
    kind: "twilio",
    async send({ to, text }) {
      let failure: { message: string; cause?: unknown; status?: number; twilio?: unknown } | null = null;
      let sid: string | null = null;
      try {
        const res = await fetchImpl(url, {
          method: "POST",
          headers: {
            Authorization: `Basic ${auth}`,
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "application/json",
          },
          body: new URLSearchParams({ To: to, From: options.from, Body: text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        // Twilio's answer: the message resource (201), or { code, message, more_info } for an error.
        const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null;
        if (res.ok) sid = typeof answer?.sid === "string" ? answer.sid : null;
        else {
          failure = {
            message: `Twilio answered ${res.status}`,
            status: res.status,
            twilio: answer && { code: answer.code, message: answer.message },
          };
        }
      } catch (err) {
        const timedOut = err instanceof Error && err.name === "TimeoutError";
        failure = {
          message: timedOut ? `Twilio did not answer within ${timeoutMs} ms` : "Twilio could not be reached",
          cause: err,
        };
      }
      // The code itself is not kept when it went out through Twilio: the outbox row records the delivery.
      await options.db.insert(outbox).values({
        channel: "sms",
        to,
        text: failure
          ? `[verification code not sent: ${failure.message}]`
          : `[verification code sent by Twilio${sid ? `: ${sid}` : ""}]`,
        status: failure ? "failed" : "sent",
      });
      if (failure) {
        options.logger.error(
          { to, status: failure.status, twilio: failure.twilio, err: failure.cause },
          `SMS not sent: ${failure.message}`,
        );
        throw new SmsDeliveryError(failure.message, { cause: failure.cause });
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
        baseUrl: env.TWILIO_API_URL,
        db,
        logger,
      },
      fetch,
    );
  }
  return outboxSmsSender(db);
}
