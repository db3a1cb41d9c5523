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
  SHIPPING_FLAT_RATE: z.coerce.number().min(0).max(1000).default(5.95),
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
  return result.data;
}
