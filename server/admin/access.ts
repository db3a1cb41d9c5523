import { eq } from "drizzle-orm";
import { allows, type DashboardRole, isDashboardRole, type Permission } from "../auth/roles.ts";
import type { AppServices, SessionUser } from "../context.ts";
import type { DbOrTx } from "../db/client.ts";
import { user } from "../db/schema.ts";
import { Forbidden, NotSignedIn } from "../domain-errors.ts";

export interface DashboardUser extends SessionUser {
  role: DashboardRole;
}

/** The user's role as stored now (a promotion or demotion counts from the next request). */
export async function roleOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return row?.role ?? null;
}

export type DashboardAccess =
  | { kind: "signed-out" }
  | { kind: "forbidden"; user: SessionUser }
  | { kind: "allowed"; user: DashboardUser };

/** Whether the request's user may do `permission` in the dashboard. */
export async function dashboardAccess(
  services: Pick<AppServices, "identity" | "database">,
  headers: Headers,
  permission: Permission,
): Promise<DashboardAccess> {
  const signedIn = await services.identity.getUser(headers);
  if (!signedIn) return { kind: "signed-out" };
  const role = await roleOf(services.database.db, signedIn.id);
  if (!isDashboardRole(role) || !allows(role, permission)) return { kind: "forbidden", user: signedIn };
  return { kind: "allowed", user: { ...signedIn, role } };
}

/** For /api/admin: 401 signed out, 403 without the permission, else the dashboard user. */
export async function requireDashboard(
  services: Pick<AppServices, "identity" | "database">,
  headers: Headers,
  permission: Permission,
): Promise<DashboardUser> {
  const access = await dashboardAccess(services, headers, permission);
  if (access.kind === "signed-out") throw new NotSignedIn("unauthorized", "Please sign in.");
  if (access.kind === "forbidden")
    throw new Forbidden("forbidden", "Your account does not have access to this part of the dashboard.");
  return access.user;
}
