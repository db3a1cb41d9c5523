import type { Redis } from "ioredis";

/** Better Auth's secondary storage contract (sessions cached in Redis when REDIS_URL is set). */
export interface SecondaryStorage {
  get(key: string): Promise<unknown>;
  getAndDelete(key: string): Promise<unknown>;
  increment(key: string, ttl: number): Promise<number>;
  set(key: string, value: string, ttl?: number): Promise<unknown>;
  delete(key: string): Promise<void>;
}

/**
 * A client of the Redis at `url`. ioredis is loaded here, not with the module: only a shop with REDIS_URL
 * set loads it (about 3 MB of the process's memory).
 */
export async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import("ioredis");
  // Fail fast rather than queue commands forever: a limiter that cannot answer refuses (fail closed).
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
}

/**
 * Commands are not queued while disconnected (fail fast), but a connection being (re)established is
 * waited for briefly, so the first requests after start-up or after Redis returns are not refused.
 */
export async function whenReady(redis: Redis, ms = 1000): Promise<void> {
  if (redis.status === "ready") return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once("ready", done);
  });
}

export function redisSecondaryStorage(redis: Redis): SecondaryStorage {
  const prefix = "mana:auth:";
  return {
    // Sessions are also in the database (storeSessionInDatabase): while Redis is away a read misses and
    // Better Auth looks in the database, so signed-in visitors stay signed in. Writes still fail loudly.
    get: async (key) => {
      await whenReady(redis, 200);
      return redis.get(prefix + key).catch(() => null);
    },
    getAndDelete: async (key) => {
      await whenReady(redis);
      return redis.getdel(prefix + key);
    },
    async increment(key, ttl) {
      await whenReady(redis);
      const [[, n]] = (await redis
        .multi()
        .incr(prefix + key)
        .expire(prefix + key, ttl, "NX")
        .exec()) as [[unknown, number]];
      return n;
    },
    set: async (key, value, ttl) => {
      await whenReady(redis);
      return ttl ? redis.set(prefix + key, value, "EX", ttl) : redis.set(prefix + key, value);
    },
    async delete(key) {
      await whenReady(redis);
      await redis.del(prefix + key);
    },
  };
}
