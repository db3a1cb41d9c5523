import { createHash, randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../db/client.ts";
import { giftCardEntries, giftCards } from "../db/schema.ts";
import { Conflict, words } from "../domain-errors.ts";

/**
 * Gift cards (docs/decisions/047-gift-cards-credit-and-points.md): a code made when the card is delivered,
 * stored only as its hash; a balance that is the sum of the card's entries; every change an entry, written
 * with the card's row locked so two orders at once never take it below zero.
 */

export type GiftCardRow = typeof giftCards.$inferSelect;
export type GiftCardEntryKind = "issued" | "redeemed" | "released" | "refunded" | "voided" | "adjusted";

/** No 0/O, 1/I/L: easy to read aloud and to type. 16 of 31 symbols: about 79 bits. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 16;

/** A new gift card code, `XXXX-XXXX-XXXX-XXXX`. */
export function newGiftCardCode(): string {
  let raw = "";
  for (let i = 0; i < CODE_LENGTH; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return raw.match(/.{4}/g)?.join("-") ?? raw;
}

/** What a typed code is compared as: upper-case, without spaces or dashes; null when it cannot be one. */
export function canonicalGiftCardCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, "");
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

export const giftCardCodeHash = (canonical: string) => createHash("sha256").update(canonical).digest("hex");

/** The card's balance: the sum of its entries (0 for a card never issued). */
export async function giftCardBalance(db: DbOrTx, giftCardId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${giftCardEntries.amountCents}), 0)::int` })
    .from(giftCardEntries)
    .where(eq(giftCardEntries.giftCardId, giftCardId));
  return row?.n ?? 0;
}

/** The active, delivered card a typed code names, or null. */
export async function findGiftCardByCode(db: DbOrTx, text: string): Promise<GiftCardRow | null> {
  const code = canonicalGiftCardCode(text);
  if (!code) return null;
  const [row] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.codeHash, giftCardCodeHash(code)), eq(giftCards.status, "active")))
    .limit(1);
  return row ?? null;
}

export async function addGiftCardEntry(
  tx: DbOrTx,
  entry: {
    giftCardId: string;
    kind: GiftCardEntryKind;
    amountCents: number;
    orderId?: string | null;
    actor?: string | null;
    note?: string | null;
  },
): Promise<void> {
  await tx.insert(giftCardEntries).values({
    giftCardId: entry.giftCardId,
    kind: entry.kind,
    amountCents: entry.amountCents,
    orderId: entry.orderId ?? null,
    actor: entry.actor ?? null,
    note: entry.note ?? null,
  });
}

/** Locks the card's row: every change of its balance holds this lock, so changes queue. */
export async function lockGiftCard(tx: Tx, giftCardId: string): Promise<GiftCardRow | null> {
  const [row] = await tx.select().from(giftCards).where(eq(giftCards.id, giftCardId)).for("update");
  return row ?? null;
}

/**
 * Takes `cents` off an active card for an order (its `redeemed` entry), with the card's row locked and its
 * balance read under the lock: two orders at once queue, and the second sees what the first took. Refused
 * (409) when the balance no longer covers it.
 */
export async function redeemGiftCard(
  tx: Tx,
  giftCardId: string,
  orderId: string,
  cents: number,
): Promise<void> {
  const card = await lockGiftCard(tx, giftCardId);
  if (card?.status !== "active" || !card.codeHash)
    throw new Conflict("gift_card_unusable", words("errors.giftCardUnusable"));
  const balance = await giftCardBalance(tx, giftCardId);
  if (balance < cents)
    throw new Conflict(
      "gift_card_balance_changed",
      words("errors.giftCardBalanceChanged", { last4: card.last4 ?? "" }),
    );
  await addGiftCardEntry(tx, { giftCardId, kind: "redeemed", amountCents: -cents, orderId });
}

/**
 * Makes a card's code and marks it delivered, answering the code (shown once, in the e-mail that delivers
 * it). A card already delivered answers null: its code is not kept.
 */
export async function deliverGiftCard(tx: Tx, giftCardId: string): Promise<string | null> {
  const card = await lockGiftCard(tx, giftCardId);
  if (!card || card.deliveredAt || card.status !== "active") return null;
  for (;;) {
    const code = newGiftCardCode();
    const canonical = canonicalGiftCardCode(code) as string;
    const [done] = await tx
      .update(giftCards)
      .set({ codeHash: giftCardCodeHash(canonical), last4: canonical.slice(-4), deliveredAt: sql`now()` })
      .where(
        and(
          eq(giftCards.id, giftCardId),
          sql`not exists (select 1 from ${giftCards} g where g.code_hash = ${giftCardCodeHash(canonical)})`,
        ),
      )
      .returning({ id: giftCards.id });
    if (done) return code;
  }
}

/** A card's entries, newest first (the account's and the owner's history). */
export function giftCardHistory(db: Db, giftCardId: string) {
  return db
    .select()
    .from(giftCardEntries)
    .where(eq(giftCardEntries.giftCardId, giftCardId))
    .orderBy(sql`${giftCardEntries.createdAt} desc`, giftCardEntries.id);
}
