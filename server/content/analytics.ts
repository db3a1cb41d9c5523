import { createHash, randomBytes } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { articleEvents } from "../db/schema.ts";
import type { Env } from "../env.ts";

/**
 * Article analytics, built so that bots and floods cannot
 * inflate counts without bound:
 * - a visitor is a hash of a first-party anonymous cookie (`mana_vid`, `__Host-mana_vid` in production,
 *   issued by the track call) or, without it, of IP + user agent;
 * - the key is prefixed with a hash of the network address, so one address can add at most
 *   MAX_VISITORS_PER_NETWORK views of an article per hour even if it rotates cookies;
 * - the database keeps at most one view per article, visitor and hour (unique partial index).
 */
export const VISITOR_COOKIE = "mana_vid";
export const HOST_VISITOR_COOKIE = `__Host-${VISITOR_COOKIE}`;
const VISITOR_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
export const MAX_VISITORS_PER_NETWORK = 50;
export const MAX_CLICKS_PER_VISITOR_HOUR = 30;

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * Named like the cart cookie (server/http/cart-cookie.ts): `__Host-` + Secure in production over https
 * binds it to our origin, the plain name in development and tests (plain http).
 */
export function visitorCookieName(env: Env): string {
  return env.NODE_ENV === "production" && env.PUBLIC_URL?.startsWith("https:")
    ? HOST_VISITOR_COOKIE
    : VISITOR_COOKIE;
}

/**
 * The visitor id and the name it came under. Both names are read: visitors from before the prefix keep
 * their id (and are moved to the current name), and a switch of PUBLIC_URL does not reset everybody.
 */
export function readVisitorCookie(
  cookieHeader: string | null | undefined,
): { id: string; name: string } | null {
  for (const name of [HOST_VISITOR_COOKIE, VISITOR_COOKIE]) {
    const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${name}=([a-f0-9]{32})(?:;|$)`));
    if (match?.[1]) return { id: match[1], name };
  }
  return null;
}

/** The Set-Cookie header for a visitor id (a fresh one unless given) under the current name. */
export function visitorCookie(
  env: Env,
  id = randomBytes(16).toString("hex"),
): { id: string; header: string } {
  const name = visitorCookieName(env);
  const secure = name.startsWith("__Host-") ? "; Secure" : "";
  const header = `${name}=${id}; Path=/; Max-Age=${VISITOR_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`;
  return { id, header };
}

export function visitorKey(input: { cookieId: string | null; ip: string; userAgent: string }): string {
  const network = sha(`net:${input.ip}`).slice(0, 16);
  const who = input.cookieId
    ? `c${sha(`vid:${input.cookieId}`)}`
    : `a${sha(`ipua:${input.ip}|${input.userAgent}`)}`;
  return `${network}:${who.slice(0, 41)}`;
}

export function hourBucket(now = new Date()): Date {
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
}

export type TrackEvent =
  | { articleId: number; eventType: "view" }
  | { articleId: number; eventType: "product_click"; productId: number };

/** Stores the event unless it is a repeat view (or over a cap); returns whether it was counted. */
export async function recordEvent(
  db: Db,
  event: TrackEvent,
  key: string,
  now = new Date(),
): Promise<boolean> {
  const bucket = hourBucket(now);
  const network = key.slice(0, key.indexOf(":") + 1);
  const cap = event.eventType === "view" ? MAX_VISITORS_PER_NETWORK : MAX_CLICKS_PER_VISITOR_HOUR;
  const scope = event.eventType === "view" ? network : key;
  return db.transaction(async (tx) => {
    // Serialises concurrent events of one network (or visitor) on one article, so the cap holds
    // under a flood; the lock ends with the transaction.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`${event.articleId}|${event.eventType}|${scope}`}, 0))`,
    );
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(articleEvents)
      .where(
        and(
          eq(articleEvents.articleId, event.articleId),
          eq(articleEvents.eventType, event.eventType),
          eq(articleEvents.hourBucket, bucket),
          event.eventType === "view"
            ? like(articleEvents.visitorKey, `${network}%`)
            : eq(articleEvents.visitorKey, key),
        ),
      );
    if (n >= cap) return false;
    const inserted = await tx
      .insert(articleEvents)
      .values({
        articleId: event.articleId,
        eventType: event.eventType,
        productId: event.eventType === "product_click" ? event.productId : null,
        visitorKey: key,
        hourBucket: bucket,
      })
      .onConflictDoNothing()
      .returning({ id: articleEvents.id });
    return inserted.length > 0;
  });
}

export async function countViews(db: Db, articleId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(articleEvents)
    .where(and(eq(articleEvents.articleId, articleId), eq(articleEvents.eventType, "view")));
  return row?.n ?? 0;
}
