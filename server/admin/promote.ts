import { eq, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../audit/audit.ts";
import type { Role } from "../auth/roles.ts";
import type { DbOrTx } from "../db/client.ts";
import { user } from "../db/schema.ts";

export type RoleChange =
  | { kind: "changed"; email: string; from: string; to: Role }
  | { kind: "unchanged"; email: string; role: Role }
  | { kind: "unknown_user"; email: string };

/** Gives a user a role (admin, staff, or user to take the dashboard away), with its audit row, in one transaction. */
export async function setUserRole(
  db: DbOrTx,
  email: string,
  role: Role,
  actor: AuditActor,
): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: user.id, email: user.email, role: user.role })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      .for("update");
    if (!found) return { kind: "unknown_user", email };
    const from = found.role ?? "user";
    if (from === role) return { kind: "unchanged", email: found.email, role };
    await tx.update(user).set({ role, updatedAt: sql`now()` }).where(eq(user.id, found.id));
    await recordAudit(tx, {
      actor,
      action: "role-changed",
      targetType: "user",
      targetId: found.id,
      before: { role: from },
      after: { role },
    });
    return { kind: "changed", email: found.email, from, to: role };
  });
}
