import { and, desc, eq } from "drizzle-orm";
import type { AdminAuditView } from "../../core/contracts/admin-products.ts";
import type { DbOrTx } from "../db/client.ts";
import { adminAudit } from "../db/schema.ts";

/**
 * Who acted: a dashboard user, the command line, or the shop itself (a paid order it had no stock for is
 * refunded and cancelled by the shop, decision 019).
 */
export type AuditActor = { userId: string; email: string } | "command line" | "the shop";

/** How an actor is shown and stored: a user's e-mail, else its name. */
export const actorName = (actor: AuditActor): string => (typeof actor === "string" ? actor : actor.email);

/** Writes one owner action; call it in the transaction that makes the change, so both or neither land. */
export async function recordAudit(
  db: DbOrTx,
  entry: {
    actor: AuditActor;
    action: string;
    targetType: string;
    targetId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<void> {
  await db.insert(adminAudit).values({
    actorUserId: typeof entry.actor === "string" ? null : entry.actor.userId,
    actor: actorName(entry.actor),
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
  });
}

/** A record's audit trail, newest first. */
export function auditOf(db: DbOrTx, targetType: string, targetId: string) {
  return db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.targetType, targetType), eq(adminAudit.targetId, targetId)))
    .orderBy(desc(adminAudit.createdAt))
    .limit(200);
}

/** A record's audit trail as the dashboard shows it. */
export async function auditViewOf(
  db: DbOrTx,
  targetType: string,
  targetId: string,
): Promise<AdminAuditView[]> {
  return (await auditOf(db, targetType, targetId)).map((a) => ({
    id: a.id,
    actor: a.actor,
    action: a.action,
    before: a.before,
    after: a.after,
    createdAt: new Date(a.createdAt).toISOString(),
  }));
}
