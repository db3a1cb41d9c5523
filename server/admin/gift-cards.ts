import { desc, eq, sql } from "drizzle-orm";
import type { AdminCustomerBalances, AdminGiftCardView } from "../../core/contracts/admin-gift-cards.ts";
import { BASE_CURRENCY, type Currency } from "../../core/markets.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { UUID } from "../../core/uuid.ts";
import { type AuditActor, actorName, recordAudit } from "../audit/audit.ts";
import {
  addLedgerEntry,
  balancesByCurrency,
  balancesOf,
  lockCustomer,
  nonZeroBalances,
} from "../balances/customer-ledger.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { giftCards, orders, user } from "../db/schema.ts";
import { notFound } from "../domain-errors.ts";
import { referralsOf } from "../promotions/referrals.ts";

/**
 * The owner's view of gift cards and of a customer's balances (docs/decisions/047-gift-cards-credit-and-points.md).
 * A card is named by its last four only: the shop never holds its code.
 */

/** The latest gift cards (bought and issued), each with its balance: the sum of its entries. */
export async function listAdminGiftCards(db: DbOrTx, limit = 200): Promise<AdminGiftCardView[]> {
  const rows = await db
    .select({
      card: giftCards,
      orderNumber: orders.orderNumber,
      // Tables named by hand: the subquery's columns must not resolve to its own table.
      balance: sql<number>`coalesce((select sum(e.amount_cents) from gift_card_entries e where e.gift_card_id = gift_cards.id), 0)::int`,
    })
    .from(giftCards)
    .leftJoin(orders, eq(orders.id, giftCards.orderId))
    .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
    .limit(limit);
  return rows.map(({ card, orderNumber, balance }) => ({
    id: card.id,
    last4: card.last4,
    initialCents: card.initialCents,
    balanceCents: balance,
    currency: storedCurrency(card.currency),
    recipientEmail: card.recipientEmail,
    recipientName: card.recipientName,
    status: card.status,
    delivered: card.deliveredAt !== null,
    deliverOn: card.deliverOn?.toISOString().slice(0, 10) ?? null,
    orderNumber,
    issuedBy: card.issuedBy,
    note: card.note,
    createdAt: card.createdAt.toISOString(),
  }));
}

/** A customer's store credit, points and the referrals they made, for the owner's customer page. */
export async function adminCustomerBalances(db: DbOrTx, userId: string): Promise<AdminCustomerBalances> {
  const [all, refs] = await Promise.all([balancesByCurrency(db, userId), referralsOf(db, userId)]);
  const usd = all.find((b) => b.currency === BASE_CURRENCY);
  return {
    creditCents: usd?.creditCents ?? 0,
    points: usd?.points ?? 0,
    byCurrency: nonZeroBalances(all),
    referrals: refs.map((r) => ({
      orderNumber: r.orderNumber,
      status: r.status,
      voidReason: r.voidReason,
      at: r.createdAt.toISOString(),
      creditedAt: r.creditedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The owner gives a customer store credit in one of the shop's currencies (a `goodwill` ledger row, the
 * customer's credit in it: decision 051) with its audit row, in one transaction with the customer's row
 * locked (the queue every change of their balances waits in).
 */
export async function giveStoreCredit(
  db: Db,
  input: { userId: string; amountCents: number; currency?: Currency; note: string; actor: AuditActor },
): Promise<AdminCustomerBalances> {
  const currency = input.currency ?? BASE_CURRENCY;
  if (input.userId.length === 0 || input.userId.length > 200) throw notFound("There is no such customer.");
  await db.transaction(async (tx) => {
    const [customer] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.userId));
    if (!customer) throw notFound("There is no such customer.");
    await lockCustomer(tx, input.userId);
    const before = await balancesOf(tx, input.userId, currency);
    await addLedgerEntry(tx, {
      userId: input.userId,
      kind: "credit",
      reason: "goodwill",
      amount: input.amountCents,
      currency,
      actor: actorName(input.actor),
      note: input.note,
    });
    await recordAudit(tx, {
      actor: input.actor,
      action: "store credit given",
      targetType: "customer",
      targetId: input.userId,
      before: { creditCents: before.creditCents, currency },
      after: { creditCents: before.creditCents + input.amountCents, currency, note: input.note },
    });
  });
  return adminCustomerBalances(db, input.userId);
}

/** A gift card id from the address, or 404 (never a database error for a malformed one). */
export function giftCardIdOf(id: string): string {
  if (!UUID.test(id)) throw notFound("Gift card not found.");
  return id;
}
