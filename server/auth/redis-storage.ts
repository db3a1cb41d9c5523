import { Redis } from "ioredis";

/** Better Auth's secondary storage contract (sessions cached in Redis when REDIS_URL is set). */
export interface SecondaryStorage {
  get(key: string): Promise<unknown>;
  getAndDelete(key: string): Promise<unknown>;
  increment(key: string, ttl: number): Promise<number>;
  set(key: string, value: string, ttl?: number): Promise<unknown>;
  delete(key: string): Promise<void>;
}

export function connectRedis(url: string): Redis {
  // Fail fast rather than queue commands forever: a limiter that cannot answer refuses (fail closed).
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
}

export function redisSecondaryStorage(redis: Redis): SecondaryStorage {
  const prefix = "mana:auth:";
  return {
    get: (key) => redis.get(prefix + key),
    getAndDelete: (key) => redis.getdel(prefix + key),
    async increment(key, ttl) {
      const [[, n]] = (await redis
        .multi()
        .incr(prefix + key)
        .expire(prefix + key, ttl, "NX")
        .exec()) as [[unknown, number]];
      return n;
    },
    set: (key, value, ttl) =>
      ttl ? redis.set(prefix + key, value, "EX", ttl) : redis.set(prefix + key, value),
    async delete(key) {
      await redis.del(prefix + key);
    },
  };
}
