import { eq, sql } from "drizzle-orm";
import {
  mergePreferences,
  type Preferences,
  type PreferencesUpdate,
  readPreferences,
} from "../../core/contracts/preferences.ts";
import type { Db } from "../db/client.ts";
import { userPreferences } from "../db/schema.ts";

/** A customer's saved preferences; the defaults until they save any. */
export async function loadPreferences(db: Db, userId: string): Promise<Preferences> {
  const [row] = await db
    .select({ preferences: userPreferences.preferences })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return readPreferences(row?.preferences);
}

/**
 * Lays `update` over the customer's saved preferences and keeps the result. The row is locked while it is
 * read and written, so two tabs saving different settings at once both keep their change.
 */
export async function savePreferences(
  db: Db,
  userId: string,
  update: PreferencesUpdate,
): Promise<Preferences> {
  return db.transaction(async (tx) => {
    await tx
      .insert(userPreferences)
      .values({ userId, preferences: {} })
      .onConflictDoNothing({ target: userPreferences.userId });
    const [row] = await tx
      .select({ preferences: userPreferences.preferences })
      .from(userPreferences)
      .where(eq(userPreferences.userId, userId))
      .for("update");
    const next = mergePreferences(readPreferences(row?.preferences), update);
    await tx
      .update(userPreferences)
      .set({ preferences: next, updatedAt: sql`now()` })
      .where(eq(userPreferences.userId, userId));
    return next;
  });
}

/**
 * Whether a customer takes promotional e-mail (offers, review invitations): only when they turned
 * "Promotions" on, and e-mail notifications are on. The default is off: promotional mail is opt-in.
 * Order e-mails never ask this.
 */
export async function wantsPromotions(db: Db, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const { notifications } = await loadPreferences(db, userId);
  return notifications.email && notifications.promotions;
}
