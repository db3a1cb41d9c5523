import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Env } from "../env.ts";
import { setAnswerHeader } from "./answer-header.ts";

/**
 * Security headers on every answer.
 * HTML gets a nonce-based Content-Security-Policy: React Router's inline scripts carry the nonce of the
 * response. Cached anonymous pages are rendered once with NONCE_PLACEHOLDER, which is swapped for a fresh
 * nonce in every answer (server/http/nonce-template.ts), so no two responses share a nonce.
 */

/** Same length as a real nonce (16 random bytes in base64url = 22 characters), so a swap is a byte copy. */
export const NONCE_PLACEHOLDER = "MANAnoncePlaceholder00";

/** Random bytes drawn 256 nonces at a time: one call into the system's generator, not one per request. */
let pool = Buffer.alloc(0);
let drawn = 0;

/** A fresh nonce: 16 random bytes, never given twice. */
export function newNonce(): string {
  if (drawn + 16 > pool.length) {
    pool = randomBytes(16 * 256);
    drawn = 0;
  }
  const nonce = pool.toString("base64url", drawn, drawn + 16);
  drawn += 16;
  return nonce;
}

/** Pages that show one person's data or take their money: never stored by a browser or a proxy. */
const PRIVATE_PAGE = /^\/(?:account|orders|checkout|auth|success|pay|wishlist|preferences|dev)(?:[/.]|$)/;

export interface SecurityHeaderOptions {
  /** Report-only keeps Vite's dev-time inline scripts working; everywhere else the policy is enforced. */
  reportOnly: boolean;
  /** HSTS and upgrade-insecure-requests: only a production shop served over https. */
  https: boolean;
}

export function securityOptions(env: Env): SecurityHeaderOptions {
  return {
    reportOnly: env.NODE_ENV === "development",
    https: env.NODE_ENV === "production" && env.PUBLIC_URL?.startsWith("https:") === true,
  };
}

export function contentSecurityPolicy(nonce: string, options: SecurityHeaderOptions): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the ALTCHA widget's proof of work run its WebAssembly; no eval of JS.
    `script-src 'self' 'nonce-${nonce}' 'wasm-unsafe-eval'`,
    // Style elements need the nonce: the root stylesheet is written into the page, and widgets
    // that add their own get the nonce from app/lib/csp-nonce.ts. Style attributes stay allowed: Radix
    // positions popovers with them, and the server renders a few (image aspect ratios, progress bars).
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The offline stories' worker (/sw.js) and the installable shop's manifest (decision 054).
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Every header for one answer, as [name, value] pairs (also used by the raw cache fast path). */
export function securityHeaderList(
  path: string,
  contentType: string | null | undefined,
  nonce: string,
  options: SecurityHeaderOptions,
  /** The answer's own Cache-Control, when it set one (a page of the dashboard: no-store). */
  cacheControl?: string | null,
): [string, string][] {
  const list: [string, string][] = [
    ["x-content-type-options", "nosniff"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    ["x-frame-options", "DENY"],
    ["cross-origin-opener-policy", "same-origin"],
  ];
  if (options.https) list.push(["strict-transport-security", "max-age=31536000; includeSubDomains"]);
  if (contentType?.startsWith("text/html")) {
    list.push([
      options.reportOnly ? "content-security-policy-report-only" : "content-security-policy",
      contentSecurityPolicy(nonce, options),
    ]);
  }
  if (PRIVATE_PAGE.test(path)) list.push(["cache-control", "no-store"]);
  // A page (and its .data) is asked for again at every visit, so a price or stock change shows at once; the
  // server answers it from its page cache (decision 019). Static files keep their own lifetimes.
  else if ((contentType?.startsWith("text/html") || path.endsWith(".data")) && cacheControl !== "no-store")
    list.push(["cache-control", "no-cache"]);
  return list;
}

type Vars = { cspNonce: string };

/** Sets the response's nonce (read by the page renderer) and adds the headers once the answer exists. */
export function securityHeaders(env: Env): MiddlewareHandler<{ Variables: Vars }> {
  const options = securityOptions(env);
  return async (c, next) => {
    const nonce = newNonce();
    c.set("cspNonce", nonce);
    await next();
    for (const [name, value] of securityHeaderList(
      c.req.path,
      c.res.headers.get("content-type"),
      nonce,
      options,
      c.res.headers.get("cache-control"),
    )) {
      // A page's own stricter policy stays: the reset, verification and unsubscribe pages carry a token in
      // their address and answer Referrer-Policy: no-referrer.
      if (name === "referrer-policy" && c.res.headers.get(name) === "no-referrer") continue;
      setAnswerHeader(c, name, value);
    }
  };
}
