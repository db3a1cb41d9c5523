import { and, asc, eq, isNull, like, lte, or, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../core/i18n/locales.ts";
import { type Currency, currencyOf } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import {
  type GiftCardAmounts,
  type GiftCardItem,
  giftCardAmountAllowed,
  giftCardAmounts,
  isPriceItem,
  USD_GIFT_CARD_ITEMS,
} from "../../core/price-lists.ts";
import type { AuditActor } from "../audit/audit.ts";
import { actorName, recordAudit } from "../audit/audit.ts";
import type { Db, Tx } from "../db/client.ts";
import { cartGiftCards, giftCards, orders, priceListEntries } from "../db/schema.ts";
import { Conflict, InvalidInput, notFound, words } from "../domain-errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { giftCardEmail } from "../mail/templates/gift-card.ts";
import { addGiftCardEntry, deliverGiftCard, giftCardBalance, lockGiftCard } from "./gift-cards.ts";

/**
 * A gift card's life (docs/decisions/047-gift-cards-credit-and-points.md): written `pending` with the order
 * that buys it, `active` with an `issued` entry when the order is paid (or at once when the owner issues
 * one), delivered by the scheduled jobs on its day (its code made and e-mailed in one transaction), and
 * voided by the owner.
 */

/**
 * The gift cards a cart buys, written with its pending order (in the order's transaction), in the order's
 * currency (`currency`, lower case; US dollars when not given): a card's amount is what the order charged
 * for it, and it pays only orders in that currency (decision 051). Each must be of an amount that currency
 * sells (`assertGiftCardLinesSold`): else the order is not written (409).
 */
export async function writeOrderGiftCards(
  tx: Tx,
  input: { orderId: string; cartId: string; userId: string | null; email: string; currency?: string },
): Promise<number> {
  await tx
    .delete(giftCards)
    .where(and(eq(giftCards.orderId, input.orderId), eq(giftCards.status, "pending")));
  const lines = await tx
    .select()
    .from(cartGiftCards)
    .where(eq(cartGiftCards.cartId, input.cartId))
    .orderBy(asc(cartGiftCards.createdAt), asc(cartGiftCards.id));
  if (lines.length === 0) return 0;
  const currency = currencyOf(input.currency ?? "usd") ?? "USD";
  assertGiftCardLinesSold(lines, { currency, amounts: await giftCardAmountsIn(tx, currency) });
  await tx.insert(giftCards).values(
    lines.map((l) => ({
      orderId: input.orderId,
      purchaserUserId: input.userId,
      purchaserEmail: input.email,
      initialCents: l.amountCents,
      recipientEmail: l.recipientEmail ?? input.email.toLowerCase(),
      recipientName: l.recipientName,
      senderName: l.senderName,
      message: l.message,
      deliverOn: l.deliverOn,
      status: "pending",
      currency: input.currency ?? "usd",
    })),
  );
  return lines.reduce((sum, l) => sum + l.amountCents, 0);
}

/**
 * The cart's gift cards must each be of an amount the order's currency sells (decision 051): a card put in
 * the cart on a page in another currency, at an amount this one does not offer, is a 409
 * `gift_card_amount_not_in_currency`, and the order is not written.
 */
export function assertGiftCardLinesSold(
  lines: { amountCents: number }[],
  sold: { currency: Currency; amounts: GiftCardAmounts },
): void {
  const refused = lines.find((l) => !giftCardAmountAllowed(sold.amounts, l.amountCents));
  if (refused)
    throw new Conflict(
      "gift_card_amount_not_in_currency",
      words("errors.giftCardAmountNotInCurrency", {
        amount: formatMoney(refused.amountCents, sold.currency),
        currency: sold.currency,
      }),
    );
}

/**
 * The gift cards a currency sells, as the database has them now (in the order's transaction): US dollars'
 * from the code (core/contracts/balances.ts), the others' from their price lists (`gift_card:*`).
 */
export async function giftCardAmountsIn(db: Db | Tx, currency: Currency): Promise<GiftCardAmounts> {
  if (currency === "USD") return giftCardAmounts(USD_GIFT_CARD_ITEMS);
  const rows = await db
    .select({ item: priceListEntries.item, amountCents: priceListEntries.amountCents })
    .from(priceListEntries)
    .where(and(eq(priceListEntries.currency, currency), like(priceListEntries.item, "gift_card:%")));
  const items: Partial<Record<GiftCardItem, number>> = {};
  for (const r of rows) if (isPriceItem(r.item)) items[r.item as GiftCardItem] = r.amountCents;
  return giftCardAmounts(items);
}

/** What the cart's gift cards cost together (they are not discounted, shipped or paid by balances). */
export async function cartGiftCardCents(db: Db | Tx, cartId: string | null): Promise<number> {
  if (!cartId) return 0;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartGiftCards.amountCents}), 0)::int` })
    .from(cartGiftCards)
    .where(eq(cartGiftCards.cartId, cartId));
  return row?.n ?? 0;
}

/** The paid order's gift cards become active, each with its `issued` entry (in the payment's transaction). */
export async function activateOrderGiftCards(tx: Tx, orderId: string): Promise<void> {
  const activated = await tx
    .update(giftCards)
    .set({ status: "active" })
    .where(and(eq(giftCards.orderId, orderId), eq(giftCards.status, "pending")))
    .returning({ id: giftCards.id, cents: giftCards.initialCents });
  for (const c of activated)
    await addGiftCardEntry(tx, { giftCardId: c.id, kind: "issued", amountCents: c.cents, orderId });
  await tx
    .delete(cartGiftCards)
    .where(sql`${cartGiftCards.cartId} = (select cart_id from orders where id = ${orderId})`);
}

/** A cancelled order's gift cards that were never paid go with it. */
export async function dropPendingGiftCards(tx: Tx, orderIds: string[]): Promise<void> {
  for (const id of orderIds)
    await tx
      .update(giftCards)
      .set({ status: "voided" })
      .where(and(eq(giftCards.orderId, id), eq(giftCards.status, "pending")));
}

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  origin: string;
}

/**
 * Delivers every active card due by `asOf` and not delivered yet: its code is made and its e-mail queued
 * in one transaction (a crash leaves either both or neither), then sent. Safe to run twice and from
 * several processes: a delivered card is skipped under its row lock.
 */
export async function deliverDueGiftCards(
  deps: DeliveryDeps,
  asOf = new Date(),
  onlyId?: string,
): Promise<number> {
  const due = await deps.db
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(
      and(
        eq(giftCards.status, "active"),
        isNull(giftCards.deliveredAt),
        or(isNull(giftCards.deliverOn), lte(giftCards.deliverOn, asOf)),
        onlyId ? eq(giftCards.id, onlyId) : undefined,
      ),
    )
    .orderBy(asc(giftCards.createdAt));
  let delivered = 0;
  for (const { id } of due) {
    const queued = await deps.db.transaction(async (tx) => {
      const card = await lockGiftCard(tx, id);
      if (!card) return null;
      const code = await deliverGiftCard(tx, id);
      if (!code) return null;
      return deps.mailer.queue(
        tx,
        giftCardEmail({
          giftCardId: id,
          to: card.recipientEmail,
          code,
          // What it holds: a refund of its order may have taken part of it back before its day.
          amountCents: await giftCardBalance(tx, id),
          currency: card.currency,
          recipientName: card.recipientName,
          senderName: card.senderName,
          message: card.message,
          fromSomeone:
            Boolean(card.purchaserEmail) && card.recipientEmail !== card.purchaserEmail?.toLowerCase(),
          origin: deps.origin,
          // The language of the order that bought it (docs/decisions/049-languages.md).
          locale: card.orderId ? await orderLocale(tx, card.orderId) : undefined,
        }),
      );
    });
    if (queued === null) continue;
    delivered += 1;
    await deps.mailer.deliverQueued([queued]);
  }
  return delivered;
}

/** Sends the cards a paid order bought that are due today (the others wait for their day). */
export async function deliverOrderGiftCards(deps: DeliveryDeps, orderId: string): Promise<number> {
  const cards = await deps.db
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(
      and(eq(giftCards.orderId, orderId), eq(giftCards.status, "active"), isNull(giftCards.deliveredAt)),
    );
  let sent = 0;
  for (const c of cards) sent += await deliverDueGiftCards(deps, new Date(), c.id);
  return sent;
}

/** The owner issues a card (a goodwill gesture): active at once, delivered now, with its audit row. */
export async function issueGiftCard(
  deps: DeliveryDeps,
  input: {
    amountCents: number;
    /** The card's currency (decision 051): US dollars when not given. */
    currency?: Currency;
    recipientEmail: string;
    recipientName: string | null;
    message: string | null;
    note: string | null;
    actor: AuditActor;
  },
): Promise<{ id: string }> {
  const currency = input.currency ?? "USD";
  const card = await deps.db.transaction(async (tx) => {
    // Within the bounds of an amount chosen in that currency (its price list's; US dollars' in the code).
    const bounds = (await giftCardAmountsIn(tx, currency)).custom;
    if (!bounds)
      throw new InvalidInput("invalid_input", `Gift cards are not sold in ${currency}.`, {
        fields: { currency: `Gift cards are not sold in ${currency}.` },
      });
    if (input.amountCents < bounds.min || input.amountCents > bounds.max) {
      const message = `The amount must be between ${formatMoney(bounds.min, currency)} and ${formatMoney(bounds.max, currency)}.`;
      throw new InvalidInput("invalid_input", message, {
        fields: { amountCents: message },
      });
    }
    const [row] = await tx
      .insert(giftCards)
      .values({
        initialCents: input.amountCents,
        currency: currency.toLowerCase(),
        recipientEmail: input.recipientEmail.toLowerCase(),
        recipientName: input.recipientName,
        message: input.message,
        note: input.note,
        status: "active",
        issuedBy: actorName(input.actor),
      })
      .returning();
    if (!row) throw new Error("gift card not written");
    await addGiftCardEntry(tx, {
      giftCardId: row.id,
      kind: "issued",
      amountCents: input.amountCents,
      actor: actorName(input.actor),
      note: input.note,
    });
    await recordAudit(tx, {
      actor: input.actor,
      action: "gift card issued",
      targetType: "gift_card",
      targetId: row.id,
      before: null,
      after: {
        amountCents: input.amountCents,
        currency,
        recipientEmail: row.recipientEmail,
        note: input.note,
      },
    });
    return row;
  });
  await deliverDueGiftCards(deps, new Date(), card.id);
  return { id: card.id };
}

/** The owner voids a card: what is left on it goes (a `voided` entry) and it can no longer pay. */
export async function voidGiftCard(
  db: Db,
  input: { id: string; reason: string; actor: AuditActor },
): Promise<{ voidedCents: number }> {
  return db.transaction(async (tx) => {
    const card = await lockGiftCard(tx, input.id);
    if (!card) throw notFound("Gift card not found.");
    if (card.status === "voided") throw new Conflict("already_voided", "This gift card is already void.");
    const balance = await giftCardBalance(tx, card.id);
    if (balance > 0)
      await addGiftCardEntry(tx, {
        giftCardId: card.id,
        kind: "voided",
        amountCents: -balance,
        actor: actorName(input.actor),
        note: input.reason,
      });
    await tx.update(giftCards).set({ status: "voided" }).where(eq(giftCards.id, card.id));
    await recordAudit(tx, {
      actor: input.actor,
      action: "gift card voided",
      targetType: "gift_card",
      targetId: card.id,
      before: { status: card.status, balanceCents: balance },
      after: { status: "voided", reason: input.reason },
    });
    return { voidedCents: balance };
  });
}

/** The language an order was placed in (English when it is gone). */
async function orderLocale(tx: Tx, orderId: string): Promise<Locale> {
  const [row] = await tx.select({ locale: orders.locale }).from(orders).where(eq(orders.id, orderId));
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}
