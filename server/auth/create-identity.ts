import type { Logger } from "pino";
import type { Identity } from "../context.ts";
import type { Db } from "../db/client.ts";
import type { Env } from "../env.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { createAuth, DEVELOPMENT_SECRET, enabledProviders } from "./auth.ts";
import { createHumanCheck } from "./human-check.ts";
import { betterAuthIdentity } from "./identity.ts";
import { databaseLimitStore, type LimitStore, redisLimitStore } from "./limit-store.ts";
import { connectRedis, redisSecondaryStorage } from "./redis-storage.ts";
import { createSmsSender, type SmsSender } from "./sms-sender.ts";

/** Wires Better Auth, the limiter store, the human check and the SMS sender from the environment. */
export async function createAuthIdentity(options: {
  env: Env;
  db: Db;
  logger: Logger;
  sms?: SmsSender;
  /** Where the account e-mails (verification, password reset) go; by default a mailer from the environment. */
  mailer?: Mailer;
}): Promise<Identity> {
  const { env, db, logger } = options;
  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL) : null;
  redis?.on("error", (err) =>
    logger.warn({ err: err.message }, "redis unavailable: sign-in limits fail closed"),
  );
  const limits: LimitStore = redis ? redisLimitStore(redis) : databaseLimitStore(db);
  const sms = options.sms ?? createSmsSender(env, db, logger);
  const secret = env.BETTER_AUTH_SECRET ?? DEVELOPMENT_SECRET;
  const mailer =
    options.mailer ??
    createMailer({
      db,
      from: env.MAIL_FROM,
      smtpUrl: env.SMTP_URL,
      logger,
      supportEmail: env.SUPPORT_EMAIL,
    });
  const auth = createAuth({
    env,
    db,
    logger,
    sms,
    limits,
    mailer,
    secondaryStorage: redis ? redisSecondaryStorage(redis) : undefined,
  });
  const humanCheck = createHumanCheck({
    secret: env.ALTCHA_HMAC_KEY ?? `${secret}:altcha`,
    maxNumber: env.ALTCHA_MAX_NUMBER,
    store: limits,
  });
  return betterAuthIdentity({
    auth,
    humanCheck,
    limits,
    sms,
    providers: enabledProviders(env),
    close: async () => {
      await redis?.quit().catch(() => {});
    },
  });
}
