import { createHash } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { articleEvents } from "../db/schema.ts";

/**
 * Article analytics, built so that bots and floods cannot inflate counts without bound, and with no
 * cookie (decision 045: the shop shows no consent banner, so it sets only strictly necessary cookies):
 * - a visitor is a one-way hash of the network address and the user agent;
 * - the key is prefixed with a hash of the network address, so one address can add at most
 *   MAX_VISITORS_PER_NETWORK views of an article per hour however it varies its user agent;
 * - the database keeps at most one view per article, visitor and hour (unique partial index).
 * The visitor cookie of before (`mana_vid`, `__Host-mana_vid`) is no longer read; a browser that still
 * sends one is told to drop it.
 */
export const VISITOR_COOKIE = "mana_vid";
export const HOST_VISITOR_COOKIE = `__Host-${VISITOR_COOKIE}`;
export const MAX_VISITORS_PER_NETWORK = 50;
export const MAX_CLICKS_PER_VISITOR_HOUR = 30;

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** The Set-Cookie lines that drop a visitor cookie of before the request still carries (none without one). */
export function visitorCookieRemovals(cookieHeader: string | null | undefined): string[] {
  const removals: string[] = [];
  for (const name of [HOST_VISITOR_COOKIE, VISITOR_COOKIE]) {
    if (!cookieHeader || !new RegExp(`(?:^|;\\s*)${name}=`).test(cookieHeader)) continue;
    const secure = name.startsWith("__Host-") ? "; Secure" : "";
    removals.push(`${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  }
  return removals;
}

/** A visitor's key: the network's hash, then the hash of network address and user agent. */
export function visitorKey(input: { ip: string; userAgent: string }): string {
  const network = sha(`net:${input.ip}`).slice(0, 16);
  const who = `a${sha(`ipua:${input.ip}|${input.userAgent}`)}`;
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
