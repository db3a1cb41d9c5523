import pino from "pino";
import { createAuthIdentity } from "./auth/create-identity.ts";
import { Catalogue } from "./catalogue.ts";
import type { AppServices } from "./context.ts";
import { openDatabase } from "./db/client.ts";
import { seedIfEmpty } from "./db/seed.ts";
import type { Env } from "./env.ts";
import { PageCache } from "./http/page-cache.ts";
import { createMailer } from "./mail/mailer.ts";
import { withPendingPurge } from "./orders/purge-pending.ts";
import { createPaymentProvider } from "./payments/create-provider.ts";

/** Opens the database (migrating it), seeds an empty catalogue, and wires the services. */
export async function createServices(env: Env): Promise<AppServices> {
  // Asynchronous writes: lines logged while a write is in flight go out together in the next one, so a busy
  // server makes one write per batch instead of one per request (issue 7); pino flushes on exit.
  const logger = pino(
    { level: env.LOG_LEVEL, base: { service: "mana" } },
    pino.destination({ dest: 1, sync: false }),
  );
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
  });
  if (env.AUTO_SEED && (await seedIfEmpty(database.db))) logger.info("seeded the catalogue from content/");
  const mailer = createMailer({ db: database.db, from: env.MAIL_FROM, smtpUrl: env.SMTP_URL, logger });
  const identity = createAuthIdentity({ env, db: database.db, logger });
  return {
    env,
    // Hourly purge of abandoned pending orders; closing the database at shutdown stops it.
    database: withPendingPurge(database, env, logger),
    catalogue: new Catalogue(database.db),
    identity,
    mailer,
    pageCache: new PageCache(),
    logger,
    payments: createPaymentProvider(env),
  };
}
