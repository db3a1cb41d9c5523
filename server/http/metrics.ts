import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Env } from "../env.ts";

/** How many connections the database pool holds, is lending out or has queued for. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** What the database has recorded, for the gauges read at each scrape. */
export interface RecordCounts {
  ordersPaid: number;
  messages: { channel: string; status: string; count: number }[];
}

/**
 * The shop's Prometheus metrics (prom-client), one registry per server so tests never share counters.
 * Labels are bounded: routes are patterns (`/api/cart/:id`, `/products/:param`), never raw paths.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: "mana_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  readonly duration = new Histogram({
    name: "mana_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly pageCache = new Counter({
    name: "mana_page_cache_requests_total",
    help: "Cacheable requests answered from the page cache (hit) or rendered (miss)",
    labelNames: ["result"] as const,
    registers: [this.registry],
  });
  /** The two page-cache children, labelled once (a hit is counted on the cache's fastest path). */
  readonly pageCacheHit = this.pageCache.labels({ result: "hit" });
  readonly pageCacheMiss = this.pageCache.labels({ result: "miss" });
  readonly paymentEvents = new Counter({
    name: "mana_payment_events_total",
    help: "Payment provider events handled, by provider and outcome",
    labelNames: ["provider", "outcome"] as const,
    registers: [this.registry],
  });
  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: "mana_" });
  }

  /** Reports the database pool on every scrape (PostgreSQL; PGlite has one connection and no pool). */
  watchPool(stats: () => PoolStats): void {
    new Gauge({
      name: "mana_db_pool_connections",
      help: "Database pool connections: total, idle, and requests waiting for one",
      labelNames: ["state"] as const,
      registers: [this.registry],
      collect() {
        const s = stats();
        this.set({ state: "total" }, s.total);
        this.set({ state: "idle" }, s.idle);
        this.set({ state: "waiting" }, s.waiting);
      },
    });
  }

  /**
   * Reports what the database records, on every scrape: e-mails and SMS by channel and what became of
   * them (the outbox: stored, sent, failed, skipped), and orders paid. Read from the database, so every
   * app process reports the same shop-wide figures, whichever process sent the message.
   */
  watchRecords(read: () => Promise<RecordCounts>): void {
    // Both gauges are collected in one scrape: they share one read of the database.
    let current: { at: number; counts: Promise<RecordCounts> } | null = null;
    const counts = () => {
      if (!current || Date.now() - current.at > 1000) current = { at: Date.now(), counts: read() };
      return current.counts;
    };
    new Gauge({
      name: "mana_messages",
      help: "E-mails and SMS recorded in the outbox, by channel and status (stored, sent, failed, skipped)",
      labelNames: ["channel", "status"] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const m of (await counts()).messages)
          this.set({ channel: m.channel, status: m.status }, m.count);
      },
    });
    new Gauge({
      name: "mana_orders_paid",
      help: "Orders paid (their payment confirmed by the provider), ever",
      registers: [this.registry],
      async collect() {
        this.set((await counts()).ordersPaid);
      },
    });
  }

  // The labelled children, looked up once per label set: an answer from the page cache takes a few
  // microseconds, and hashing the labels on every call would be a measurable share of it.
  #children = new Map<string, { count: { inc(): void }; time: { observe(seconds: number): void } }>();

  /** Counts one answered request. */
  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let child = this.#children.get(key);
    if (!child) {
      child = {
        count: this.requests.labels({ method, route, status: String(status) }),
        time: this.duration.labels({ method, route }),
      };
      this.#children.set(key, child);
    }
    child.count.inc();
    child.time.observe(seconds);
  }
}

/** A page path as a pattern: the first segment kept, the rest as parameters (`/story/:param`). */
export function pagePattern(path: string): string {
  const segments = path.split("?")[0]?.split("/").filter(Boolean) ?? [];
  if (segments.length === 0) return "/";
  return `/${[segments[0], ...segments.slice(1).map(() => ":param")].join("/")}`;
}

const cachedLabels = new Map<string, string>();

/**
 * The route pattern of a page or API path answered straight from the page cache (no router ran). Worked
 * out once per URL: cache hits take microseconds, and the page cache holds a bounded set of URLs.
 */
export function cachedRouteLabel(path: string): string {
  let label = cachedLabels.get(path);
  if (label === undefined) {
    label = routeLabelOfPath(path);
    if (cachedLabels.size >= 1000) cachedLabels.clear();
    cachedLabels.set(path, label);
  }
  return label;
}

function routeLabelOfPath(path: string): string {
  const bare = path.split("?")[0] ?? "/";
  if (!bare.startsWith("/api/")) return pagePattern(bare.replace(/\.data$/, ""));
  return bare
    .replace(/^\/api\/content\/(articles|stacks)\/[a-z0-9-]+$/, "/api/content/$1/:slug")
    .replace(/\/\d+(?=\/|$)/g, "/:id");
}

/** The pattern of the route that answered: the API's own route path, a page's pattern, or "unmatched". */
export function routeLabel(c: Context): string {
  if (c.res.status === 404) return "unmatched";
  if (c.req.path.startsWith("/api/")) {
    const endpoint = matchedRoutes(c).filter((r) => r.method !== "ALL" && !r.path.endsWith("*"));
    return endpoint.at(-1)?.path ?? "/api/*";
  }
  return pagePattern(c.req.path);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' text format (docs/decisions/012-metrics-behind-a-token.md): with
 * METRICS_TOKEN set, only to `Authorization: Bearer <token>`; without it, only outside production.
 */
export function metricsEndpoint(metrics: Metrics, env: Env): MiddlewareHandler {
  return async (c) => {
    if (env.METRICS_TOKEN) {
      const auth = c.req.header("authorization") ?? "";
      const token = auth.startsWith("Bearer ") ? auth.slice("Bearer ".length) : "";
      if (!sameSecret(token, env.METRICS_TOKEN)) {
        c.header("WWW-Authenticate", 'Bearer realm="metrics"');
        return c.json({ message: "A valid metrics token is required.", code: "unauthorized" }, 401);
      }
    } else if (env.NODE_ENV === "production") {
      return c.json({ message: "Not found.", code: "not_found" }, 404);
    }
    c.header("Cache-Control", "no-store");
    return c.body(await metrics.registry.metrics(), 200, { "Content-Type": metrics.registry.contentType });
  };
}
