import { and, asc, eq, ne } from "drizzle-orm";
import { formatMoney } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import type { Tx } from "../db/client.ts";
import { giftCards } from "../db/schema.ts";
import { Conflict } from "../domain-errors.ts";
import { addGiftCardEntry, type GiftCardRow, giftCardBalance, lockGiftCard } from "./gift-cards.ts";

/**
 * Refunding an order that bought gift cards takes back from those cards what they still hold
 * (docs/decisions/047-gift-cards-credit-and-points.md, "Refunding an order that bought gift cards"):
 * otherwise the buyer would get the money back and keep the card. Runs in the refund's transaction,
 * under each card's row lock (as redemptions do), so a redemption and a refund never both take the same
 * money (`tests/api/gift-card-refunds.test.ts`).
 */

/** What a refund took back from one card: given back if the provider then refuses the refund. */
export interface TakenBack {
  giftCardId: string;
  cents: number;
  /** The refund took all it held and voided it. */
  voided: boolean;
}

/**
 * The part of a refund that is the gift cards' price: an order's goods and shipping are refunded first,
 * and only what goes beyond them (over this refund and the ones before, `committedCents`) is the cards'.
 */
export function giftCardPartOfRefund(
  order: { totalCents: number; giftCardCents: number },
  committedCents: number,
  amountCents: number,
): number {
  const goodsCents = order.totalCents - order.giftCardCents;
  const beyond = (cents: number) => Math.max(0, cents - goodsCents);
  return beyond(committedCents + amountCents) - beyond(committedCents);
}

/** `••••ABCD`, or how a card not sent yet (no code, so no last four) is named. */
const cardName = (card: GiftCardRow) => (card.last4 ? `••••${card.last4}` : "one not sent yet");

/** "A, B and C" */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** Why a refund is refused: what the order's cards hold of what they were bought with, and what may be refunded. */
function spentMessage(
  cards: { card: GiftCardRow; balance: number }[],
  available: number,
  otherCents: number,
): string {
  const bought = cards.reduce((sum, c) => sum + c.card.initialCents, 0);
  const first = cards[0] as { card: GiftCardRow };
  // The cards an order bought are in its currency, as is the refund (decision 051).
  const money = (cents: number) => formatMoney(cents, storedCurrency(first.card.currency));
  const held = `${money(available)} left of the ${money(bought)}`;
  const what =
    cards.length === 1
      ? `The gift card ${first.card.last4 ? cardName(first.card) : "this order bought"} has ${held} it was bought with: at most ${money(available)} of its price can be refunded.`
      : `The gift cards this order bought (${listed(cards.map((c) => cardName(c.card)))}) have ${held} they were bought with: at most ${money(available)} of their price can be refunded.`;
  return otherCents > 0 ? `${what} Refund at most ${money(otherCents + available)} now.` : what;
}

/**
 * Takes `partCents` back from the cards order `orderId` bought, under each card's lock: the cards not sent
 * yet first (voided, so they are never sent), then in the order they were bought. A card given all it holds
 * is voided (a `voided` entry); one given part an `adjusted` entry. Refused (409 `gift_cards_spent`) when
 * the cards hold less than `partCents`, naming what may still be refunded; nothing is taken then.
 * `otherCents` is the rest of the refund (its goods and shipping), for that message.
 */
export async function takeBackBoughtGiftCards(
  tx: Tx,
  input: { orderId: string; orderNumber: string; partCents: number; otherCents: number; actor: string },
): Promise<TakenBack[]> {
  if (input.partCents <= 0) return [];
  const rows = await tx
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(and(eq(giftCards.orderId, input.orderId), ne(giftCards.status, "pending")))
    .orderBy(asc(giftCards.id));
  const cards: { card: GiftCardRow; balance: number }[] = [];
  // Locked in one order (by id), so two refunds of the same cards queue instead of deadlocking.
  for (const { id } of rows) {
    const card = await lockGiftCard(tx, id);
    if (card) cards.push({ card, balance: card.status === "active" ? await giftCardBalance(tx, id) : 0 });
  }
  const available = cards.reduce((sum, c) => sum + Math.max(0, c.balance), 0);
  if (cards.length === 0) return [];
  if (available < input.partCents)
    throw new Conflict("gift_cards_spent", spentMessage(cards, available, input.otherCents));

  const inTakingOrder = [...cards].sort(
    (a, b) =>
      Number(Boolean(a.card.deliveredAt)) - Number(Boolean(b.card.deliveredAt)) ||
      a.card.createdAt.getTime() - b.card.createdAt.getTime(),
  );
  const taken: TakenBack[] = [];
  let left = input.partCents;
  for (const { card, balance } of inTakingOrder) {
    const cents = Math.min(left, balance);
    if (cents <= 0) continue;
    const voided = cents === balance;
    await addGiftCardEntry(tx, {
      giftCardId: card.id,
      kind: voided ? "voided" : "adjusted",
      amountCents: -cents,
      orderId: input.orderId,
      actor: input.actor,
      note: `Order ${input.orderNumber} refunded`,
    });
    if (voided) await tx.update(giftCards).set({ status: "voided" }).where(eq(giftCards.id, card.id));
    taken.push({ giftCardId: card.id, cents, voided });
    left -= cents;
    if (left === 0) break;
  }
  return taken;
}

/**
 * Gives back what `takeBackBoughtGiftCards` took when the refund it was for failed at the provider (the
 * buyer got nothing back): an `adjusted` entry per card, and a card it voided is active again.
 */
export async function giveBackTakenGiftCards(
  tx: Tx,
  input: { orderId: string; taken: TakenBack[]; actor: string },
): Promise<void> {
  for (const t of input.taken) {
    await lockGiftCard(tx, t.giftCardId);
    await addGiftCardEntry(tx, {
      giftCardId: t.giftCardId,
      kind: "adjusted",
      amountCents: t.cents,
      orderId: input.orderId,
      actor: input.actor,
      note: "The refund failed at the payment provider: given back",
    });
    if (t.voided) await tx.update(giftCards).set({ status: "active" }).where(eq(giftCards.id, t.giftCardId));
  }
}
