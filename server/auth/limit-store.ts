import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import { type Db, rowsOf } from "../db/client.ts";
import { whenReady } from "./redis-storage.ts";

/** A fixed window: at most `max` hits per `window` seconds. */
export interface LimitRule {
  window: number;
  max: number;
}

export interface LimitDecision {
  allowed: boolean;
  retryAfter: number | null;
}

/**
 * Shared counters for rate limits (Better Auth's own and ours: per account, per phone number) and
 * single-use claims (a human-check solution is accepted once). Backed by the database's rate_limit
 * table, or by Redis when REDIS_URL is set, so every app process sees the same numbers.
 * Storage failures refuse (fail closed): a limiter that cannot count never lets everything through.
 */
export interface LimitStore {
  /** Where the counters are; "unlimited" counts nothing (a test shop's stand-in identity). */
  kind: "database" | "redis" | "unlimited";
  consume(key: string, rule: LimitRule): Promise<LimitDecision>;
  /** Gives back one hit (e.g. a sign-in that succeeded does not count as a failure). */
  refund(key: string): Promise<void>;
  /** True the first time a key is claimed within `ttlSeconds`, false afterwards. */
  claimOnce(key: string, ttlSeconds: number): Promise<boolean>;
}

const refused = (rule: LimitRule): LimitDecision => ({ allowed: false, retryAfter: rule.window });

/** Counters in the rate_limit table: one atomic upsert per hit (last_request holds the window start). */
export function databaseLimitStore(db: Db): LimitStore {
  let lastPrune = 0;
  async function prune(now: number) {
    if (now - lastPrune < 60_000) return;
    lastPrune = now;
    // Rows older than a day are finished windows (the longest rule is one day).
    await db.execute(sql`delete from rate_limit where last_request < ${now - 86_400_000}`);
  }
  return {
    kind: "database",
    async consume(key, rule) {
      const now = Date.now();
      const windowStart = now - rule.window * 1000;
      try {
        const result = await db.execute(sql`
          insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
          on conflict (key) do update set
            count = case when rate_limit.last_request <= ${windowStart} then 1 else rate_limit.count + 1 end,
            last_request = case when rate_limit.last_request <= ${windowStart} then ${now} else rate_limit.last_request end
          returning count, last_request`);
        const row = rowsOf(result)[0] as { count: number; last_request: string | number } | undefined;
        void prune(now).catch(() => {});
        if (!row) return refused(rule);
        if (Number(row.count) <= rule.max) return { allowed: true, retryAfter: null };
        const retry = Math.ceil((Number(row.last_request) + rule.window * 1000 - now) / 1000);
        return { allowed: false, retryAfter: Math.max(1, retry) };
      } catch {
        return refused(rule);
      }
    },
    async refund(key) {
      await db
        .execute(sql`update rate_limit set count = greatest(count - 1, 0) where key = ${key}`)
        .catch(() => {});
    },
    async claimOnce(key, ttlSeconds) {
      const now = Date.now();
      try {
        const result = await db.execute(sql`
          insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
          on conflict (key) do update set count = 1, last_request = ${now}
            where rate_limit.last_request <= ${now - ttlSeconds * 1000}
          returning id`);
        return rowsOf(result).length === 1;
      } catch {
        return false;
      }
    },
  };
}

const CONSUME_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Counters in Redis: INCR with the window as expiry, in one script (atomic). */
export function redisLimitStore(redis: Redis): LimitStore {
  const prefix = "mana:limit:";
  return {
    kind: "redis",
    async consume(key, rule) {
      try {
        await whenReady(redis);
        const [count, ttl] = (await redis.eval(CONSUME_SCRIPT, 1, prefix + key, rule.window * 1000)) as [
          number,
          number,
        ];
        if (count <= rule.max) return { allowed: true, retryAfter: null };
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch {
        return refused(rule);
      }
    },
    async refund(key) {
      await redis.decr(prefix + key).catch(() => {});
    },
    async claimOnce(key, ttlSeconds) {
      try {
        await whenReady(redis);
        return (await redis.set(`${prefix}once:${key}`, "1", "EX", ttlSeconds, "NX")) === "OK";
      } catch {
        return false;
      }
    },
  };
}
