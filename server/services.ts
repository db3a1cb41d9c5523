import pino from "pino";
import { createAuthIdentity } from "./auth/create-identity.ts";
import { Catalogue } from "./catalogue.ts";
import { syncCatalogue } from "./catalogue-sync.ts";
import { readArticleWords } from "./content/article-translations.ts";
import type { AppServices } from "./context.ts";
import { openDatabase } from "./db/client.ts";
import { recordCounts } from "./db/record-counts.ts";
import { seedIfEmpty } from "./db/seed.ts";
import type { Env } from "./env.ts";
import { Metrics } from "./http/metrics.ts";
import { PageCache } from "./http/page-cache.ts";
import { startScheduler } from "./jobs/scheduler.ts";
import { mailerFromEnv } from "./mail/mailer.ts";
import { createPaymentProvider } from "./payments/create-provider.ts";
import { shopTaxProvider } from "./tax/shop-tax.ts";

/** The wired services, and the one function that stops what they started. */
export interface StartedServices {
  services: AppServices;
  /**
   * Stops, in order: the catalogue's change listener, the job scheduler (a job in flight finishes), the
   * identity's Redis connection, then the database. Call it once requests have stopped.
   */
  shutdown(): Promise<void>;
}

/** Opens the database (migrating it), seeds an empty catalogue, wires the services and starts their jobs. */
export async function createServices(env: Env): Promise<StartedServices> {
  const logger = createLogger(env);
  // The tax rate table is read now: one that does not parse stops the start with its reasons (decision 050).
  shopTaxProvider(env.TAX_HOME_STATES);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DATABASE_POOL_MAX,
  });
  if (env.AUTO_SEED && (await seedIfEmpty(database.db))) logger.info("seeded the catalogue from content/");
  const metrics = new Metrics();
  if (database.poolStats) metrics.watchPool(database.poolStats);
  const mailer = mailerFromEnv(env, database.db, logger);
  metrics.watchRecords(() => recordCounts(database.db));
  const identity = await createAuthIdentity({ env, db: database.db, logger, mailer });
  const services: AppServices = {
    env,
    database,
    catalogue: new Catalogue(database.db),
    identity,
    mailer,
    pageCache: new PageCache({ keyByHost: !env.PUBLIC_URL, metrics }),
    metrics,
    logger,
    payments: await createPaymentProvider(env),
    articleWords: readArticleWords(),
  };
  // Renewals, reminders and the purge of abandoned checkouts run on the scheduler.
  const scheduler = await startScheduler(services, logger);
  // Prices and stock changed by any process reach this one's caches within a second (decision 019).
  const listener = await syncCatalogue(services);
  async function shutdown() {
    await listener.stop();
    await scheduler.stop();
    await identity.close();
    await database.close();
  }
  return { services, shutdown };
}

/**
 * JSON lines on stdout, written asynchronously in batches of at least 4 KB (about 20 request lines), and
 * at least every 250 ms: a busy server makes one write per batch instead of one per request, and a quiet one still shows a line within 250 ms.
 * pino flushes what is left when the process exits.
 */
function createLogger(env: Env) {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 250).unref();
  return pino({ level: env.LOG_LEVEL, base: { service: "mana" } }, destination);
}
