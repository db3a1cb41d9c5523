import type { Logger } from "pino";
import type { Metrics } from "./metrics.ts";

/** One answered request: what the "request" log line and the request metrics record of it. */
export interface AnsweredRequest {
  reqId: string;
  method: string;
  /** The path as the log shows it. */
  path: string;
  /** The route label the metrics count it under. */
  route: string;
  status: number;
  /** `performance.now()` when the request arrived. */
  started: number;
  /** "hit" for a page answered straight from the page cache, before the framework (server/index.ts). */
  cache?: "hit";
}

/**
 * Counts and times an answered request and writes its "request" log line: the one place for both, for
 * the requests the app answers (server/app.ts) and the page-cache hits answered before it.
 */
export function recordRequest(services: { logger: Logger; metrics: Metrics }, r: AnsweredRequest): void {
  const elapsed = performance.now() - r.started;
  services.metrics.observe(r.method, r.route, r.status, elapsed / 1000);
  const ms = Math.round(elapsed * 10) / 10;
  const line = { reqId: r.reqId, method: r.method, path: r.path, status: r.status, ms };
  services.logger.info(r.cache ? { ...line, cache: r.cache } : line, "request");
}
