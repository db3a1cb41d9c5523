import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { and, desc, eq } from "drizzle-orm";
import { outbox } from "../../server/db/schema.ts";
import type { TestShop } from "../support/test-app.ts";

export const ORIGIN = "http://localhost";

/** A browser-like visitor: a cookie jar (every Set-Cookie kept by name) and the shop's Origin. */
export class Browser {
  jar = new Map<string, string>();
  private shop: TestShop;
  private extraHeaders: Record<string, string>;
  constructor(shop: TestShop, extraHeaders: Record<string, string> = {}) {
    this.shop = shop;
    this.extraHeaders = extraHeaders;
  }
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.shop.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "GET" ? {} : { origin: ORIGIN }),
        ...(this.jar.size ? { cookie: this.cookie } : {}),
        ...this.extraHeaders,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const i = (pair ?? "").indexOf("=");
      const name = (pair ?? "").slice(0, i);
      const value = (pair ?? "").slice(i + 1);
      if (!value || /max-age=0/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    // biome-ignore lint/suspicious/noExplicitAny: test responses are read loosely
    return { status: res.status, body: parsed as any, headers: res.headers };
  }
  signUp(email: string, password = "correct horse 7", name = "Test Person") {
    return this.call("POST", "/api/auth/sign-up/email", { email, password, name });
  }
  signIn(email: string, password = "correct horse 7") {
    return this.call("POST", "/api/auth/sign-in/email", { email, password });
  }
  signOut() {
    return this.call("POST", "/api/auth/sign-out", {});
  }
  session() {
    return this.call("GET", "/api/auth/get-session");
  }
}

/** Solves the shop's human check the way the widget does, returning the payload header value. */
export async function solveHumanCheck(b: Browser): Promise<string> {
  const { body: challenge } = await b.call("GET", "/api/auth/human-check");
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

export async function lastSmsCode(shop: TestShop, phone: string): Promise<string> {
  const [row] = await shop.services.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, "sms"), eq(outbox.to, phone)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const code = row?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code for ${phone}`);
  return code;
}

let n = 0;
export const uniqueEmail = (tag = "user") => `${tag}-${Date.now()}-${++n}@example.com`;
