import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type {
  AppliedGiftCard,
  CartBalancesResponse,
  GiftCardLineBody,
  GiftCardLineView,
} from "../../core/contracts/balances.ts";
import type { Locale } from "../../core/i18n/locales.ts";
import { BASE_CURRENCY, type Currency, currencyOf } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import { type GiftCardAmounts, giftCardAmountAllowed } from "../../core/price-lists.ts";
import { balancesNotInCurrency, POINTS_PER_STEP } from "../../core/tenders.ts";
import type { CartOwner } from "../cart/cart-owner.ts";
import { ownerKey } from "../cart/cart-queries.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import { cartGiftCards, carts, giftCards } from "../db/schema.ts";
import { Conflict, InvalidInput, LimitExceeded, NotFound, notFound, words } from "../domain-errors.ts";
import { wordsIn } from "../i18n/words.ts";
import { balancesByCurrency, balancesOf } from "./customer-ledger.ts";
import { findGiftCardByCode, giftCardBalance } from "./gift-cards.ts";

/**
 * The cart's balances: gift cards applied (their ids; a code is never stored), store credit and points to
 * use, and gift cards to buy (docs/decisions/047-gift-cards-credit-and-points.md).
 */

/** At most this many gift cards on one order. */
export const MAX_GIFT_CARDS_PER_ORDER = 5;
/** At most this many gift cards bought in one order. */
export const MAX_GIFT_CARD_LINES = 10;

type CartRow = typeof carts.$inferSelect;

/** The cart row of a user or of a guest's token, by its unique key (the checkout page's read). */
const cartRowOf = perDatabase((db) => {
  const owner = sql.placeholder("owner");
  const read = (where: SQL, name: string) => db.select().from(carts).where(where).limit(1).prepare(name);
  return {
    user: read(eq(carts.userId, owner), "cart_row_user"),
    guest: read(eq(carts.guestTokenHash, owner), "cart_row_guest"),
  };
});

export async function cartRow(db: DbOrTx, owner: CartOwner): Promise<CartRow | null> {
  const key = ownerKey(owner);
  if (!key) return null;
  const [row] = await cartRowOf(db)[owner.kind].execute({ owner: key });
  return row ?? null;
}

/** The owner's cart row, made when they have none. */
async function ensureCart(db: Db, owner: CartOwner): Promise<CartRow> {
  const key = ownerKey(owner);
  if (!key) throw new Error("a cart needs an owner");
  await db
    .insert(carts)
    .values(owner.kind === "user" ? { userId: key } : { guestTokenHash: key })
    .onConflictDoNothing();
  const row = await cartRow(db, owner);
  if (!row) throw new Error("cart could not be created");
  return row;
}

/** The applied gift cards still usable, with their balances now (a voided or empty one is left out). */
export async function appliedGiftCards(db: DbOrTx, ids: string[]): Promise<AppliedGiftCard[]> {
  return (await appliedGiftCardsIn(db, ids)).map(({ currency: _c, ...card }) => card);
}

/** As `appliedGiftCards`, each with its currency (decision 051: it pays only orders in it). */
export async function appliedGiftCardsIn(
  db: DbOrTx,
  ids: string[],
): Promise<(AppliedGiftCard & { currency: Currency })[]> {
  const out: (AppliedGiftCard & { currency: Currency })[] = [];
  for (const id of ids) {
    const [card] = await db.select().from(giftCards).where(eq(giftCards.id, id)).limit(1);
    if (card?.status !== "active" || !card.last4) continue;
    const balanceCents = await giftCardBalance(db, id);
    if (balanceCents > 0)
      out.push({ id, last4: card.last4, balanceCents, currency: currencyOf(card.currency) ?? BASE_CURRENCY });
  }
  return out;
}

/**
 * The cart's balances: the customer's store credit and points in `currency` (the currency the page shows the
 * order in; US dollars when not given: they are kept per currency, decision 051). With `currency`, also
 * which balances cannot pay an order in it and why: a gift card in another currency
 * (core/tenders.ts `balancesNotInCurrency`), and the customer's credit and points in another currency, each
 * saying which orders it pays ("Your CA$12.00 of store credit pays orders in CAD.").
 */
export async function cartBalances(
  db: DbOrTx,
  owner: CartOwner,
  currency?: Currency,
  locale: Locale = "en",
): Promise<CartBalancesResponse> {
  const row = await cartRow(db, owner);
  const signedIn = owner.kind === "user";
  const all = signedIn ? await balancesByCurrency(db, owner.userId) : [];
  const mine = all.find((b) => b.currency === (currency ?? BASE_CURRENCY)) ?? { creditCents: 0, points: 0 };
  const cards = row ? await appliedGiftCardsIn(db, row.giftCardIds) : [];
  const answer: CartBalancesResponse = {
    giftCards: cards.map(({ currency: _c, ...card }) => card),
    signedIn,
    creditCents: mine.creditCents,
    useCredit: signedIn && (row?.useCredit ?? false),
    points: mine.points,
    pointSteps: signedIn ? (row?.pointSteps ?? 0) : 0,
  };
  if (!currency) return answer;
  const unusable = balancesNotInCurrency(
    { giftCards: cards, creditCents: 0, pointsBalance: 0, pointSteps: 0 },
    currency,
  );
  const en = wordsIn(locale);
  const others = all.filter((b) => b.currency !== currency);
  return {
    ...answer,
    currency,
    notUsable: [
      ...unusable.map((u) => {
        const last4 = answer.giftCards.find((g) => g.id === u.giftCardId)?.last4 ?? "";
        return {
          kind: u.kind,
          giftCardId: u.giftCardId,
          message: en.t("errors.giftCardOtherCurrency", { last4, cardCurrency: u.currency }),
        };
      }),
      ...others
        .filter((b) => b.creditCents > 0)
        .map((b) => ({
          kind: "credit" as const,
          currency: b.currency,
          message: en.t("errors.creditOtherCurrency", {
            amount: formatMoney(b.creditCents, b.currency),
            currency: b.currency,
          }),
        })),
      ...others
        .filter((b) => b.points >= POINTS_PER_STEP)
        .map((b) => ({
          kind: "points" as const,
          currency: b.currency,
          message: en.t("errors.pointsOtherCurrency", { count: b.points, currency: b.currency }),
        })),
    ],
  };
}

/** Applies a gift card by its code: refused when unknown (404), empty (409), or one too many. */
export async function applyGiftCard(db: Db, owner: CartOwner, code: string): Promise<CartBalancesResponse> {
  const card = await findGiftCardByCode(db, code);
  if (!card) throw new NotFound(words("errors.giftCardUnknown"), "gift_card_unknown");
  if ((await giftCardBalance(db, card.id)) <= 0)
    throw new Conflict("gift_card_empty", words("errors.giftCardEmpty", { last4: card.last4 ?? "" }));
  const row = await ensureCart(db, owner);
  if (!row.giftCardIds.includes(card.id)) {
    if (row.giftCardIds.length >= MAX_GIFT_CARDS_PER_ORDER)
      throw new LimitExceeded(
        "too_many_gift_cards",
        words("errors.tooManyGiftCardsUsed", { max: MAX_GIFT_CARDS_PER_ORDER }),
      );
    await db
      .update(carts)
      .set({ giftCardIds: [...row.giftCardIds, card.id], updatedAt: sql`now()` })
      .where(eq(carts.id, row.id));
  }
  return cartBalances(db, owner);
}

export async function removeGiftCard(db: Db, owner: CartOwner, id: string): Promise<CartBalancesResponse> {
  const row = await cartRow(db, owner);
  if (!row?.giftCardIds.includes(id)) throw new NotFound(words("errors.giftCardNotInCart"));
  await db
    .update(carts)
    .set({ giftCardIds: row.giftCardIds.filter((x) => x !== id), updatedAt: sql`now()` })
    .where(eq(carts.id, row.id));
  return cartBalances(db, owner);
}

/**
 * A signed-in customer's choice: use the store credit, and how many steps of points, for an order in
 * `currency` (its points are the ones counted; US dollars when not given).
 */
export async function setCartBalances(
  db: Db,
  owner: CartOwner,
  input: { useCredit: boolean; pointSteps: number },
  currency?: Currency,
): Promise<CartBalancesResponse> {
  if (owner.kind !== "user") throw new InvalidInput("sign_in_required", words("errors.signInForBalances"));
  const mine = await balancesOf(db, owner.userId, currency ?? BASE_CURRENCY);
  if (input.pointSteps * 100 > mine.points)
    throw new InvalidInput("not_enough_points", words("errors.notEnoughPoints", { points: mine.points }));
  const row = await ensureCart(db, owner);
  await db
    .update(carts)
    .set({ useCredit: input.useCredit, pointSteps: input.pointSteps, updatedAt: sql`now()` })
    .where(eq(carts.id, row.id));
  return cartBalances(db, owner, currency);
}

function lineView(r: typeof cartGiftCards.$inferSelect): GiftCardLineView {
  return {
    id: r.id,
    amountCents: r.amountCents,
    recipientEmail: r.recipientEmail,
    recipientName: r.recipientName,
    senderName: r.senderName,
    message: r.message,
    deliverOn: r.deliverOn ? r.deliverOn.toISOString().slice(0, 10) : null,
  };
}

export async function giftCardLines(db: DbOrTx, owner: CartOwner): Promise<GiftCardLineView[]> {
  const row = await cartRow(db, owner);
  if (!row) return [];
  const rows = await db
    .select()
    .from(cartGiftCards)
    .where(eq(cartGiftCards.cartId, row.id))
    .orderBy(asc(cartGiftCards.createdAt), asc(cartGiftCards.id));
  return rows.map(lineView);
}

/** The latest day a gift card may be scheduled for, from `now`. */
const MAX_DELIVERY_DAYS = 365;

/**
 * A gift card's amount must be one the currency's list sells (decision 051: the owner's amounts offered,
 * or one within its bounds): else 400 `gift_card_amount_not_in_currency`, in the page's language.
 */
export function assertGiftCardAmount(
  sold: { currency: Currency; amounts: GiftCardAmounts },
  amountCents: number,
): void {
  if (!giftCardAmountAllowed(sold.amounts, amountCents))
    throw new InvalidInput(
      "gift_card_amount_not_in_currency",
      words("errors.giftCardAmountNotInCurrency", {
        amount: formatMoney(amountCents, sold.currency),
        currency: sold.currency,
      }),
    );
}

/**
 * Adds a gift card to buy: its amount one the cart's currency sells (`sold`: the page's currency, decision
 * 051), its day today or later (UTC), within a year.
 */
export async function addGiftCardLine(
  db: Db,
  owner: CartOwner,
  body: GiftCardLineBody,
  now: Date,
  sold: { currency: Currency; amounts: GiftCardAmounts },
): Promise<GiftCardLineView[]> {
  assertGiftCardAmount(sold, body.amountCents);
  let deliverOn: Date | null = null;
  if (body.deliverOn) {
    deliverOn = new Date(`${body.deliverOn}T00:00:00.000Z`);
    const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
    if (Number.isNaN(deliverOn.getTime()) || deliverOn.toISOString().slice(0, 10) !== body.deliverOn)
      throw new InvalidInput("invalid_date", words("errors.giftCardDateInvalid"));
    if (deliverOn < today) throw new InvalidInput("date_in_past", words("errors.giftCardDatePast"));
    if (deliverOn.getTime() - today.getTime() > MAX_DELIVERY_DAYS * 86_400_000)
      throw new InvalidInput("date_too_far", words("errors.giftCardDateTooFar"));
    if (deliverOn.getTime() === today.getTime()) deliverOn = null;
  }
  const row = await ensureCart(db, owner);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartGiftCards)
    .where(eq(cartGiftCards.cartId, row.id));
  if ((count?.n ?? 0) >= MAX_GIFT_CARD_LINES)
    throw new LimitExceeded(
      "too_many_gift_cards",
      words("errors.tooManyGiftCardsBought", { max: MAX_GIFT_CARD_LINES }),
    );
  await db.insert(cartGiftCards).values({
    cartId: row.id,
    amountCents: body.amountCents,
    recipientEmail: body.recipientEmail?.toLowerCase() ?? null,
    recipientName: body.recipientName || null,
    senderName: body.senderName || null,
    message: body.message || null,
    deliverOn,
  });
  return giftCardLines(db, owner);
}

export async function removeGiftCardLine(db: Db, owner: CartOwner, id: string): Promise<GiftCardLineView[]> {
  const row = await cartRow(db, owner);
  const deleted = row
    ? await db
        .delete(cartGiftCards)
        .where(and(eq(cartGiftCards.id, id), eq(cartGiftCards.cartId, row.id)))
        .returning({ id: cartGiftCards.id })
    : [];
  if (deleted.length === 0) throw notFound("That gift card is not in your cart.");
  return giftCardLines(db, owner);
}
