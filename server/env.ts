import { z } from "zod";

/**
 * Every environment variable the shop reads, validated once at start-up.
 * `.env.example` lists the same variables with their defaults; keep the two in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Public origin of the shop, used for absolute URLs (Open Graph, checkout return URLs). */
  PUBLIC_URL: z.url().optional(),
  /** Bearer token that opens GET /metrics (docs/decisions/012-metrics-behind-a-token.md). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** postgres://… selects a PostgreSQL server; unset means the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Largest request body the API accepts, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(100_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("MANA <hello@mana.local>"),
  /** The address customers write to: shown on /contact and in the shop's e-mails. */
  SUPPORT_EMAIL: z.email().optional(),
  /**
   * A JSON file of Proposition 65 warnings by product slug, added to the labels in content/products.json
   * (journeys give a product a warning with it; the shop's own warnings belong in content/).
   */
  PROP65_FILE: z.string().min(1).optional(),
  SHIPPING_FLAT_RATE: z.coerce.number().min(0).max(1000).default(5.95),
  /**
   * Countries in no market the shop also ships to, in US dollars: ISO 3166-1 alpha-2 codes, comma-separated
   * (core/address.ts has their rules). A market's country ships only while its market is on (decision 051,
   * server/markets/markets.ts shipToCountries).
   */
  SHIP_TO_COUNTRIES: z
    .string()
    .default("US,CA")
    .transform((v) => [
      ...new Set(
        v
          .split(",")
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^[A-Z]{2}$/, "must be two-letter country codes, e.g. US,CA"))
        .min(1, "must name at least one country"),
    ),
  /**
   * The US states where the shop collects sales tax (its nexus): two-letter codes, comma-separated; the
   * rate is the table's (content/tax-rates.json). Elsewhere in the United States no sales tax is charged.
   */
  TAX_HOME_STATES: z
    .string()
    .default("WA")
    .transform((v) => [
      ...new Set(
        v
          .split(",")
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, "must be two-letter state codes, e.g. WA,NY"))),
  /**
   * Who taxes the checkout (decision 050): `table`, the shop's rate table (content/tax-rates.json) on every
   * provider; `stripe`, Stripe Tax (Checkout's automatic tax, configured on the owner's Stripe account),
   * only with the stripe payment provider.
   */
  TAX_PROVIDER: z.enum(["table", "stripe"]).default("table"),
  // Payments (server/payments). Default provider: stripe when STRIPE_SECRET_KEY is set, else sandbox.
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
    .optional(),
  /** Signing secret of the webhook endpoint (whsec_…): required with the stripe provider. */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Where the Stripe client sends API calls; only changed for a local stand-in in tests. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  /** Show /dev/outbox to every client (end-to-end tests only; never in a real shop). Unset: decision 013. */
  DEV_OUTBOX: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  // Identity (server/auth). The secret signs session cookies: required in production.
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Extra origins allowed to call /api (comma-separated), besides PUBLIC_URL and the request's own. */
  TRUSTED_ORIGINS: z.string().optional(),
  /** Proxies (IPs or CIDR ranges, comma-separated) whose X-Forwarded-For is believed. Unset: none. */
  TRUSTED_PROXIES: z.string().optional(),
  /** redis://… keeps sessions (secondary storage), rate limits and used human checks in Redis. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  X_CLIENT_ID: z.string().optional(),
  X_CLIENT_SECRET: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  /** A generic OpenID Connect provider (any issuer with a discovery document). */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().min(1).default("OpenID Connect"),
  /** Twilio's REST API for SMS codes; unset keeps SMS in the dev outbox. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  /** Where the SMS sender sends Twilio API calls; only changed for a local stand-in in tests. */
  TWILIO_API_URL: z.url().default("https://api.twilio.com"),
  /** Secret for the human-check (ALTCHA) challenges; defaults to BETTER_AUTH_SECRET. */
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  /** ALTCHA proof-of-work difficulty (largest random number the browser searches). */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(50_000),
  /** Pending orders (never paid) older than this many days are cancelled, hourly (decision 008). */
  PENDING_ORDER_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /**
   * Set by `npm start` when neither NODE_ENV nor PUBLIC_URL is given: a shop tried on this machine, which
   * names no public origin and answers at any loopback address on its port (docs/decisions/030-one-shop-origin.md).
   */
  LOCAL_TRIAL: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Seed the catalogue automatically when the products table is empty. */
  AUTO_SEED: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parse an environment; throws an EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const provider = env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? "stripe" : "sandbox");
  if (provider === "stripe" && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new EnvError(
      `Invalid environment configuration:\n  ${env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"}: required with the stripe payment provider`,
    );
  }
  // Stripe Tax is Stripe Checkout's: the sandbox has no automatic tax to ask for (decision 050).
  if (env.TAX_PROVIDER === "stripe" && provider !== "stripe") {
    throw new EnvError(
      "Invalid environment configuration:\n  TAX_PROVIDER: stripe (Stripe Tax) works only with the stripe payment provider (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=stripe); the sandbox taxes with the rate table: unset TAX_PROVIDER or set it to table",
    );
  }
  // Absolute links (canonical, Open Graph, JSON-LD, the sitemap) must never come from a request's Host
  // header, which anyone can forge: a production shop names its own origin.
  // A shop tried on this machine (`npm start` without NODE_ENV, LOCAL_TRIAL) builds its links as development
  // does (server/http/shop-origin.ts).
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL && !env.LOCAL_TRIAL) {
    throw new EnvError(
      "Invalid environment configuration:\n  PUBLIC_URL: required in production, the shop's public origin (e.g. https://shop.example.com); `npm start` without NODE_ENV runs a local trial at http://localhost:PORT instead",
    );
  }
  // A real deployment (production over HTTPS) must bring its own secret; local production builds on
  // http://localhost fall back to the development secret (server/auth/auth.ts logs a warning).
  if (env.NODE_ENV === "production" && env.PUBLIC_URL?.startsWith("https:") && !env.BETTER_AUTH_SECRET) {
    throw new EnvError(
      "Invalid environment configuration:\n  BETTER_AUTH_SECRET: required in production over HTTPS (32+ random characters, e.g. `openssl rand -base64 32`)",
    );
  }
  return env;
}
