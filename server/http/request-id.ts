import { randomBytes } from "node:crypto";

/**
 * Request ids: unique, not secret (they are echoed in X-Request-Id and the logs, and guard nothing). A
 * random prefix per process and a counter: `randomUUID()` for every request was ~2% of a cached answer's
 * CPU (docs/performance.md, "Performance work, fifth pass").
 */
const prefix = randomBytes(6).toString("base64url");
let counter = 0;

export function nextRequestId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${prefix}-${counter.toString(36)}`;
}
