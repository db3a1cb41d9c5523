import { and, eq, sql } from "drizzle-orm";
import { CURRENCIES, type Currency, currencyOf } from "../../core/markets.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import { customerLedger, user } from "../db/schema.ts";
import { Conflict } from "../domain-errors.ts";

/**
 * A customer's store credit (cents) and Wellness Points (points): one signed row per movement, the
 * balance their sum (docs/decisions/047-gift-cards-credit-and-points.md). Each balance is in one currency
 * (decision 051): a row carries its currency, and the balances are sums per kind and currency, never across
 * two. Every change that takes from a balance holds the customer's row lock (one lock for all their
 * currencies), so two orders at once never take it below zero.
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

/** A currency as the ledger stores it (lower case, as orders do). */
const stored = (currency: Currency) => currency.toLowerCase();

export async function ledgerBalance(
  db: DbOrTx,
  userId: string,
  kind: LedgerKind,
  currency: Currency,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${customerLedger.amount}), 0)::int` })
    .from(customerLedger)
    .where(
      and(
        eq(customerLedger.userId, userId),
        eq(customerLedger.kind, kind),
        eq(customerLedger.currency, stored(currency)),
      ),
    );
  return row?.n ?? 0;
}

/** A customer's store credit and points in one currency. */
export interface CurrencyBalances {
  currency: Currency;
  creditCents: number;
  points: number;
}

const ledgerSumsOf = perDatabase((db) =>
  db
    .select({
      kind: customerLedger.kind,
      currency: customerLedger.currency,
      n: sql<number>`coalesce(sum(${customerLedger.amount}), 0)::int`,
    })
    .from(customerLedger)
    .where(eq(customerLedger.userId, sql.placeholder("userId")))
    .groupBy(customerLedger.kind, customerLedger.currency)
    .prepare("ledger_sums_of_user"),
);

/** Every currency's balances of a customer, in the shop's order of currencies (none left out). */
export async function balancesByCurrency(db: DbOrTx, userId: string): Promise<CurrencyBalances[]> {
  const rows = await ledgerSumsOf(db).execute({ userId });
  return CURRENCIES.map((currency) => {
    const of = (kind: LedgerKind) =>
      rows.find((r) => r.kind === kind && currencyOf(r.currency) === currency)?.n ?? 0;
    return { currency, creditCents: of("credit"), points: of("points") };
  });
}

/** The currencies whose credit or points are not zero (the account, the owner's customer page). */
export const nonZeroBalances = (all: CurrencyBalances[]) =>
  all.filter((b) => b.creditCents !== 0 || b.points !== 0);

/** Both balances in one currency at once, for the checkout. */
export async function balancesOf(
  db: DbOrTx,
  userId: string,
  currency: Currency,
): Promise<{ creditCents: number; points: number }> {
  const mine = (await balancesByCurrency(db, userId)).find((b) => b.currency === currency);
  return { creditCents: mine?.creditCents ?? 0, points: mine?.points ?? 0 };
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
    /** The balance's currency: an order's rows are in the order's (decision 051). */
    currency: Currency;
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
      currency: stored(entry.currency),
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
 * Takes `amount` of a balance in the order's `currency` for the order (its `redeemed` row), with the
 * customer's row locked and that currency's balance read under the lock. Refused (409) when it no longer
 * covers it.
 */
export async function redeemFromLedger(
  tx: Tx,
  input: { userId: string; kind: LedgerKind; amount: number; currency: Currency; orderId: string },
): Promise<void> {
  await lockCustomer(tx, input.userId);
  const balance = await ledgerBalance(tx, input.userId, input.kind, input.currency);
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
    currency: input.currency,
    orderId: input.orderId,
  });
}
