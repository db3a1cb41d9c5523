import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { verification } from "../db/schema.ts";
import type { LimitRule, LimitStore } from "./limit-store.ts";

/**
 * The 6-digit code that confirms the deletion of an account without a password (made by phone or by a
 * sign-in provider), sent to the account's phone or e-mail (decision 045). Only its SHA-256 is stored, in
 * Better Auth's verification table under `delete-account:<user id>`; it works once, for ten minutes, and
 * five wrong tries in ten minutes refuse every code until the window ends.
 */
export const DELETION_CODE_MINUTES = 10;
export const DELETION_CODE_TRIES: LimitRule = { window: 600, max: 5 };
/** A new code at most this often per account (each one is a text message or an e-mail). */
export const DELETION_CODE_SENDS: LimitRule = { window: 600, max: 3 };

const identifierOf = (userId: string) => `delete-account:${userId}`;
const hashOf = (code: string) => createHash("sha256").update(code).digest("hex");

/** A fresh code for the account, replacing any earlier one; the caller sends it. */
export async function issueDeletionCode(db: DbOrTx, userId: string, now = new Date()): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const identifier = identifierOf(userId);
  await db.delete(verification).where(eq(verification.identifier, identifier));
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier,
    value: hashOf(code),
    expiresAt: new Date(now.getTime() + DELETION_CODE_MINUTES * 60_000),
  });
  return code;
}

/**
 * Whether `code` is the account's live deletion code; a right one is used up. "limited": too many wrong
 * tries, whatever the code.
 */
export async function redeemDeletionCode(
  db: DbOrTx,
  limits: LimitStore,
  userId: string,
  code: string,
  now = new Date(),
): Promise<"ok" | "wrong" | "limited"> {
  const tries = await limits.consume(`delete-account-code:${userId}`, DELETION_CODE_TRIES);
  if (!tries.allowed) return "limited";
  const identifier = identifierOf(userId);
  const [row] = await db
    .select()
    .from(verification)
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, now)));
  if (!row) return "wrong";
  const expected = Buffer.from(row.value, "hex");
  const given = Buffer.from(hashOf(code), "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "wrong";
  const used = await db.delete(verification).where(eq(verification.id, row.id)).returning();
  return used.length === 1 ? "ok" : "wrong";
}
