import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import pino from "pino";
import { inject } from "vitest";
import { createApp } from "../../server/app.ts";
import { createAuthIdentity } from "../../server/auth/create-identity.ts";
import { Catalogue } from "../../server/catalogue.ts";
import { readArticleWords } from "../../server/content/article-translations.ts";
import type { AppServices, Identity } from "../../server/context.ts";
import { openDatabase } from "../../server/db/client.ts";
import { openHere } from "../../server/db/pglite.ts";
import { recordCounts } from "../../server/db/record-counts.ts";
import { seed } from "../../server/db/seed.ts";
import { parseEnv } from "../../server/env.ts";
import { Metrics } from "../../server/http/metrics.ts";
import { PageCache } from "../../server/http/page-cache.ts";
import { createMailer } from "../../server/mail/mailer.ts";
import { createPaymentProvider } from "../../server/payments/create-provider.ts";
import { testIdentity } from "./test-identity.ts";

export type DatabaseKind = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export const testDatabases: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/** The run's migrated embedded database (tests/support/pglite-image.global.ts), read once per file. */
let image: Blob | undefined;
function pgliteImage(): Blob | undefined {
  if (image) return image;
  const path = inject("pgliteImage");
  if (path) image = new Blob([readFileSync(path)]);
  return image;
}

export interface TestShop {
  app: ReturnType<typeof createApp>;
  services: AppServices;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database of the given kind (PostgreSQL databases are dropped by `drop`), and the
 * environment that reaches it from another process (`DATA_DIR` for PGlite on disk, `DATABASE_URL`).
 */
export async function freshDatabase(kind: DatabaseKind, options: { dataDir?: string } = {}) {
  if (kind === "pglite") {
    const dataDir = options.dataDir ?? "memory://";
    const image = dataDir === "memory://" ? pgliteImage() : undefined;
    return {
      database: image ? await openHere(dataDir, image) : await openDatabase({ dataDir }),
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      drop: async () => {},
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `mana_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 20 });
  return {
    database,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestShopOptions {
  env?: Record<string, string>;
  /** Stand-in for the identity provider, e.g. a user looked up from a test header. */
  identity?: Identity;
  /** Real Better Auth on the test database (sign-up, sessions, limits, SMS to the outbox). */
  auth?: boolean;
}

export async function createTestShop(kind: DatabaseKind, options: TestShopOptions = {}): Promise<TestShop> {
  const { database, drop } = await freshDatabase(kind);
  await seed(database.db);
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    ...(options.auth ? { PUBLIC_URL: "http://localhost" } : {}),
    ...options.env,
  });
  const realAuth = options.auth
    ? await createAuthIdentity({ env, db: database.db, logger: pino({ level: "silent" }) })
    : null;
  const metrics = new Metrics({ defaultMetrics: false });
  metrics.watchRecords(() => recordCounts(database.db));
  const services: AppServices = {
    env,
    database,
    catalogue: new Catalogue(database.db),
    identity: realAuth ?? options.identity ?? testIdentity(() => database.db),
    mailer: createMailer({
      db: database.db,
      from: env.MAIL_FROM,
      smtpUrl: env.SMTP_URL,
      logger: pino({ level: "silent" }),
      supportEmail: env.SUPPORT_EMAIL,
    }),
    pageCache: new PageCache({ keyByHost: !env.PUBLIC_URL, metrics }),
    metrics,
    logger: pino({ level: "silent" }),
    payments: await createPaymentProvider(env),
    articleWords: readArticleWords(),
  };
  const app = createApp(services);
  return {
    app,
    services,
    close: async () => {
      await realAuth?.close();
      await database.close();
      await drop();
    },
  };
}
