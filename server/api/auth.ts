import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { isE164 } from "../../core/phone.ts";
import { isPlaceholderEmail } from "../../core/placeholder-email.ts";
import {
  CLIENT_IP_HEADER,
  COOKIE_PREFIX,
  enabledProviders,
  trustedOrigins,
  trustedProxies,
} from "../auth/auth.ts";
import { mergeGuestCart } from "../cart/cart-store.ts";
import type { AppServices, SignInFrontDoor } from "../context.ts";
import { user } from "../db/schema.ts";
import { guestCookieRemoval, guestTokenHash } from "../http/cart-cookie.ts";
import { clientIp, proxyList } from "../http/client-ip.ts";
import { shopOrigin } from "../http/shop-origin.ts";
import { hasNul } from "../http/validate.ts";

/** Brute force: limits per account and per phone number, whatever the client's address. */
export const ACCOUNT_SIGN_IN_FAILURES = { window: 600, max: 10 };
export const SMS_SENDS_PER_NUMBER = { window: 600, max: 3 };
export const SMS_SENDS_PER_NUMBER_PER_DAY = { window: 86_400, max: 10 };
export const SMS_CHECKS_PER_NUMBER = { window: 600, max: 10 };
/** Password-reset e-mails per address, whether or not an account has it (the answer stays the same). */
export const RESET_REQUESTS_PER_EMAIL = { window: 900, max: 3 };
/** Verification e-mails asked for again: one a minute, five an hour, per address. */
export const VERIFICATION_SENDS_PER_EMAIL = { window: 60, max: 1 };
export const VERIFICATION_SENDS_PER_EMAIL_PER_HOUR = { window: 3600, max: 5 };

/** The header the auth page sends the human-check (ALTCHA) payload in. */
export const HUMAN_CHECK_HEADER = "x-human-check";

const json = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ code, message }), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
  });

const tooMany = (retryAfter: number | null) =>
  json(429, "TOO_MANY_REQUESTS", "Too many requests. Please try again later.", {
    "retry-after": String(retryAfter ?? 60),
  });

const SESSION_COOKIE = new RegExp(`^(?:__Secure-)?${COOKIE_PREFIX}\\.session_token=([^;]*)`);

/**
 * The front door of /api/auth/*: resolves the client IP for Better Auth's limiter, adds the limits
 * Better Auth has no notion of (per account, per phone number, per address for reset and verification
 * e-mails, the human check before every SMS),
 * maps the sign-in failure to its two messages (no such account, wrong password), and merges the guest cart at every sign-in.
 */
export function authRoutes(services: AppServices, frontDoor: SignInFrontDoor) {
  const { identity } = services;
  const { auth, humanCheck } = frontDoor;
  const { limits } = identity;
  const { env, database, logger } = services;
  const proxies = proxyList(trustedProxies(env));
  const trusted = trustedOrigins(env);
  const app = new Hono();

  app.get("/human-check", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await humanCheck.createChallenge());
  });

  /** Which sign-in methods work here, so the page can say so instead of failing later. */
  app.get("/providers", (c) => c.json(enabledProviders(env)));

  app.all("*", async (c) => {
    const req = c.req.raw;
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/api\/auth/, "");
    const headers = new Headers(req.headers);
    headers.delete(CLIENT_IP_HEADER);
    headers.set(CLIENT_IP_HEADER, clientIp(c, proxies));

    // The admin plugin's own endpoints (set a role, ban, impersonate) stay closed: the owner acts through
    // /api/admin, where each action is checked per role and written to the audit log.
    if (path === "/admin" || path.startsWith("/admin/"))
      return json(404, "NOT_FOUND", `No sign-in route at ${path}`);

    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    // A shop that names its address (PUBLIC_URL) signs people in there only; opened at another address
    // (127.0.0.1 for localhost, a LAN address), the page says which one to use instead of failing silently.
    const origin = req.headers.get("origin");
    if (env.PUBLIC_URL && hasBody && origin && !path.startsWith("/callback/") && !trusted.includes(origin)) {
      return json(403, "WRONG_ADDRESS", `Open the shop at ${shopOrigin(env)} to sign in.`);
    }
    const text = hasBody ? await req.text() : undefined;
    let body: Record<string, unknown> = {};
    if (text && (headers.get("content-type") ?? "").includes("application/json")) {
      try {
        const parsed = JSON.parse(text);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed;
      } catch {
        // Better Auth answers malformed JSON itself.
      }
    }

    if (hasNul(body)) return json(400, "INVALID_INPUT", "The request body contains a NUL character.");

    let refundKey: string | null = null;
    if (req.method === "POST" && path === "/sign-in/email" && typeof body.email === "string") {
      refundKey = `signin-fail:${body.email.trim().toLowerCase()}`;
      const d = await limits.consume(refundKey, ACCOUNT_SIGN_IN_FAILURES);
      if (!d.allowed) return tooMany(d.retryAfter);
    }
    if (req.method === "POST" && path === "/phone-number/send-otp") {
      const phone = typeof body.phoneNumber === "string" ? body.phoneNumber : "";
      if (!isE164(phone)) return json(400, "INVALID_PHONE_NUMBER", "Invalid phone number");
      const check = await humanCheck.verify(c.req.header(HUMAN_CHECK_HEADER));
      if (!check.ok) {
        return json(400, "HUMAN_CHECK_FAILED", "Please complete the human check before we send a code.");
      }
      for (const [key, rule] of [
        [`sms-send:${phone}`, SMS_SENDS_PER_NUMBER],
        [`sms-send-day:${phone}`, SMS_SENDS_PER_NUMBER_PER_DAY],
      ] as const) {
        const d = await limits.consume(key, rule);
        if (!d.allowed) return tooMany(d.retryAfter);
      }
    }
    const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    if (req.method === "POST" && path === "/request-password-reset" && email) {
      const d = await limits.consume(`reset-request:${email}`, RESET_REQUESTS_PER_EMAIL);
      if (!d.allowed) return tooMany(d.retryAfter);
    }
    if (req.method === "POST" && path === "/send-verification-email" && email) {
      // A phone-only account has no address to verify.
      if (isPlaceholderEmail(email)) return json(400, "NO_EMAIL", "This account has no e-mail address.");
      for (const [key, rule] of [
        [`verify-send:${email}`, VERIFICATION_SENDS_PER_EMAIL],
        [`verify-send-hour:${email}`, VERIFICATION_SENDS_PER_EMAIL_PER_HOUR],
      ] as const) {
        const d = await limits.consume(key, rule);
        if (!d.allowed) return tooMany(d.retryAfter);
      }
    }
    if (req.method === "POST" && path === "/phone-number/verify") {
      const phone = typeof body.phoneNumber === "string" ? body.phoneNumber : "";
      const d = await limits.consume(`sms-check:${phone}`, SMS_CHECKS_PER_NUMBER);
      if (!d.allowed) return tooMany(d.retryAfter);
    }

    let res = await auth.handler(
      new Request(req.url, { method: req.method, headers, body: text, redirect: "manual" }),
    );

    // Better Auth answers unknown paths with an empty 404; every /api answer is JSON { message }.
    if (res.status === 404 && !res.headers.get("content-type")?.includes("json")) {
      res = json(404, "NOT_FOUND", `No sign-in route at ${path}`);
    }
    if (refundKey) {
      if (res.ok) await limits.refund(refundKey);
      else if (res.status === 401) res = await explainSignInFailure(res, body.email as string);
    }
    return afterSignIn(c, await withoutTokens(res));
  });

  /**
   * Session tokens live in the HttpOnly cookie only: Better Auth also puts them in JSON answers
   * (sign-in, get-session, list-sessions), where a script injected into a page could read them
   * (docs/decisions/006-security-headers.md).
   */
  async function withoutTokens(res: Response): Promise<Response> {
    if (!res.headers.get("content-type")?.includes("application/json")) return res;
    const text = await res.clone().text();
    if (!text.includes('"token"')) return res;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return res;
    }
    const strip = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(strip);
      else if (v && typeof v === "object") {
        delete (v as Record<string, unknown>).token;
        strip((v as Record<string, unknown>).session);
      }
    };
    strip(data);
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    return new Response(JSON.stringify(data), { status: res.status, statusText: res.statusText, headers });
  }

  /** Sign-in tells 'No account found with this email' from 'Incorrect password'. */
  async function explainSignInFailure(res: Response, email: string): Promise<Response> {
    const failure = (await res
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    if (failure?.code !== "INVALID_EMAIL_OR_PASSWORD") return res;
    const [found] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email.trim().toLowerCase()))
      .limit(1);
    return found
      ? json(401, "INVALID_PASSWORD", "Incorrect password")
      : json(401, "USER_NOT_FOUND", "No account found with this email");
  }

  /** A response that starts a session: merge the visitor's guest cart into theirs, drop the guest cookie. */
  async function afterSignIn(c: Context, res: Response): Promise<Response> {
    const token = res.headers
      .getSetCookie()
      .map((line) => SESSION_COOKIE.exec(line)?.[1])
      .find((v) => v);
    const guestHash = token ? guestTokenHash(c.req.raw.headers, env) : null;
    if (!token || !guestHash) return res;
    const cookieName = res.headers
      .getSetCookie()
      .find((l) => SESSION_COOKIE.test(l))
      ?.split("=")[0] as string;
    const session = await identity.getSession(new Headers({ cookie: `${cookieName}=${token}` }));
    if (!session) return res;
    try {
      await mergeGuestCart(database.db, guestHash, session.user.id);
    } catch (err) {
      logger.error({ err }, "guest cart merge failed");
      return res;
    }
    const out = new Response(res.body, res);
    out.headers.append("set-cookie", guestCookieRemoval(env));
    return out;
  }

  return app;
}
