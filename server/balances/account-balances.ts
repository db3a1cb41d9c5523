import { desc, eq, or, type SQL, sql } from "drizzle-orm";
import type {
  AccountBalancesResponse,
  AccountGiftCardView,
  ReferralOfferView,
} from "../../core/contracts/balances.ts";
import { BASE_CURRENCY, CURRENCIES, type Currency } from "../../core/markets.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { realEmail } from "../../core/placeholder-email.ts";
import type { Db } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import { customerLedger, giftCards, orders } from "../db/schema.ts";
import {
  REFERRAL,
  referralCodeOf,
  referralCreditIn,
  referralOfferIn,
  referralsOf,
  referralUrl,
} from "../promotions/referrals.ts";
import { balancesByCurrency, nonZeroBalances } from "./customer-ledger.ts";

/** The account's balances history: the last 100 entries, newest first, with their orders' numbers. */
const ledgerHistoryOf = perDatabase((db) =>
  db
    .select({
      kind: customerLedger.kind,
      reason: customerLedger.reason,
      amount: customerLedger.amount,
      currency: customerLedger.currency,
      orderNumber: orders.orderNumber,
      at: customerLedger.createdAt,
    })
    .from(customerLedger)
    .leftJoin(orders, eq(orders.id, customerLedger.orderId))
    .where(eq(customerLedger.userId, sql.placeholder("userId")))
    .orderBy(desc(customerLedger.createdAt), desc(customerLedger.id))
    .limit(100)
    .prepare("ledger_history_of_user"),
);

/** The gift cards a customer bought, and (with an e-mail) those sent to them, with their balances. */
const giftCardsOf = perDatabase((db) => {
  const cards = (owner: SQL | undefined, name: string) =>
    db
      .select({
        card: giftCards,
        // The card's table named by hand: a one-table select writes its columns unqualified, which would
        // compare the entry's card id with the entry's own id.
        balance: sql<number>`coalesce((select sum(e.amount_cents) from gift_card_entries e where e.gift_card_id = gift_cards.id), 0)::int`,
      })
      .from(giftCards)
      .where(owner)
      .orderBy(desc(giftCards.createdAt))
      .prepare(name);
  const buyer = eq(giftCards.purchaserUserId, sql.placeholder("userId"));
  return {
    purchased: cards(buyer, "gift_cards_of_buyer"),
    withEmail: cards(
      or(buyer, eq(giftCards.recipientEmail, sql.placeholder("email"))),
      "gift_cards_of_buyer_or_recipient",
    ),
  };
});

/**
 * What the account page shows of a customer's balances (core/contracts/balances.ts): each currency's credit
 * and points on their own (decision 051), the history with each row's currency.
 */
export async function accountBalances(
  db: Db,
  user: { id: string; email: string },
  origin: string,
): Promise<AccountBalancesResponse> {
  const email = realEmail(user.email)?.toLowerCase() ?? null;
  const [all, history, cards, code, refs] = await Promise.all([
    balancesByCurrency(db, user.id),
    ledgerHistoryOf(db).execute({ userId: user.id }),
    email
      ? giftCardsOf(db).withEmail.execute({ userId: user.id, email })
      : giftCardsOf(db).purchased.execute({ userId: user.id }),
    referralCodeOf(db, user.id),
    referralsOf(db, user.id),
  ]);
  const view = (c: (typeof cards)[number]): AccountGiftCardView => ({
    id: c.card.id,
    last4: c.card.last4,
    initialCents: c.card.initialCents,
    balanceCents: c.balance,
    currency: storedCurrency(c.card.currency),
    status: c.card.status,
    recipientEmail: c.card.recipientEmail,
    deliverOn: c.card.deliverOn?.toISOString().slice(0, 10) ?? null,
    deliveredAt: c.card.deliveredAt?.toISOString() ?? null,
  });
  const live = cards.filter((c) => c.card.status !== "pending");
  const usd = all.find((b) => b.currency === BASE_CURRENCY);
  return {
    creditCents: usd?.creditCents ?? 0,
    points: usd?.points ?? 0,
    byCurrency: nonZeroBalances(all),
    history: history.map((h) => ({
      kind: h.kind as "credit" | "points",
      reason: h.reason,
      amount: h.amount,
      currency: storedCurrency(h.currency),
      orderNumber: h.orderNumber,
      at: h.at.toISOString(),
    })),
    giftCards: {
      // A received card shows once delivered: before that it is a surprise kept for its day.
      received: live.filter((c) => c.card.recipientEmail === email && c.card.deliveredAt).map(view),
      bought: live.filter((c) => c.card.purchaserUserId === user.id).map(view),
    },
    referral: {
      code,
      url: referralUrl(origin, code),
      friendOffCents: REFERRAL.friendOffCents,
      minSubtotalCents: REFERRAL.minSubtotalCents,
      creditCents: REFERRAL.creditCents,
      // The offer in each currency: the page states it in the shopper's (decision 051).
      offers: Object.fromEntries(CURRENCIES.map((c) => [c, referralOfferIn(c)])) as Record<
        Currency,
        ReferralOfferView
      >,
      referrals: refs.map((r) => ({
        // A referral's credit is in its friend's order's currency.
        currency: storedCurrency(r.currency),
        creditCents: referralCreditIn(storedCurrency(r.currency)),
        status: r.status,
        voidReason: r.voidReason,
        at: r.createdAt.toISOString(),
        creditedAt: r.creditedAt?.toISOString() ?? null,
      })),
    },
  };
}
