import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.ts";
import { customerLedger, user } from "../db/schema.ts";
import { Conflict } from "../domain-errors.ts";

/**
 * A customer's store credit (cents) and Wellness Points (points): one signed row per movement, the
 * balance their sum (docs/decisions/047-gift-cards-credit-and-points.md). Every change that takes from a
 * balance holds the customer's row lock, so two orders at once never take it below zero.
 */

export type LedgerKind = "credit" | "points";
export type LedgerReason =
  | "refund"
  | "goodwill"
  | "referral"
  | "earned"
  | "redeemed"
  | "released"
  | "reversed"
  | "adjusted";

export async function ledgerBalance(db: DbOrTx, userId: string, kind: LedgerKind): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${customerLedger.amount}), 0)::int` })
    .from(customerLedger)
    .where(and(eq(customerLedger.userId, userId), eq(customerLedger.kind, kind)));
  return row?.n ?? 0;
}

/** Both balances at once, for the account and the checkout. */
export async function balancesOf(
  db: DbOrTx,
  userId: string,
): Promise<{ creditCents: number; points: number }> {
  const rows = await db
    .select({ kind: customerLedger.kind, n: sql<number>`coalesce(sum(${customerLedger.amount}), 0)::int` })
    .from(customerLedger)
    .where(eq(customerLedger.userId, userId))
    .groupBy(customerLedger.kind);
  return {
    creditCents: rows.find((r) => r.kind === "credit")?.n ?? 0,
    points: rows.find((r) => r.kind === "points")?.n ?? 0,
  };
}

/**
 * Adds a movement. Earned, reversed and referral rows are once per order (a unique index): a second
 * attempt adds nothing and answers false.
 */
export async function addLedgerEntry(
  tx: DbOrTx,
  entry: {
    userId: string;
    kind: LedgerKind;
    reason: LedgerReason;
    amount: number;
    orderId?: string | null;
    actor?: string | null;
    note?: string | null;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(customerLedger)
    .values({
      userId: entry.userId,
      kind: entry.kind,
      reason: entry.reason,
      amount: entry.amount,
      orderId: entry.orderId ?? null,
      actor: entry.actor ?? null,
      note: entry.note ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: customerLedger.id });
  return rows.length > 0;
}

/** Locks the customer's row: the queue every take from their balances waits in. */
export async function lockCustomer(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
}

/**
 * Takes `amount` of a balance for an order (its `redeemed` row), with the customer's row locked and the
 * balance read under the lock. Refused (409) when the balance no longer covers it.
 */
export async function redeemFromLedger(
  tx: Tx,
  input: { userId: string; kind: LedgerKind; amount: number; orderId: string },
): Promise<void> {
  await lockCustomer(tx, input.userId);
  const balance = await ledgerBalance(tx, input.userId, input.kind);
  if (balance < input.amount)
    throw new Conflict(
      input.kind === "credit" ? "credit_balance_changed" : "points_balance_changed",
      `Your ${input.kind === "credit" ? "store credit" : "Wellness Points"} balance has changed since this page was loaded. Please review your order and try again.`,
    );
  await addLedgerEntry(tx, {
    userId: input.userId,
    kind: input.kind,
    reason: "redeemed",
    amount: -input.amount,
    orderId: input.orderId,
  });
}
