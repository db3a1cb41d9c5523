import {
  addGiftCardEntry,
  canonicalGiftCardCode,
  giftCardCodeHash,
  newGiftCardCode,
} from "../../server/balances/gift-cards.ts";
import { discountCodes, giftCards } from "../../server/db/schema.ts";
import type { TestShop } from "../support/test-app.ts";

/**
 * A delivered, active gift card of `cents` with its `issued` entry, as a shopper who received it holds it:
 * its id and its code.
 */
export async function issuedGiftCard(shop: TestShop, cents: number): Promise<{ id: string; code: string }> {
  const db = shop.services.database.db;
  const code = newGiftCardCode();
  const canonical = canonicalGiftCardCode(code) as string;
  const [row] = await db
    .insert(giftCards)
    .values({
      codeHash: giftCardCodeHash(canonical),
      last4: canonical.slice(-4),
      initialCents: cents,
      recipientEmail: "holder@example.com",
      status: "active",
      deliveredAt: new Date(),
    })
    .returning();
  if (!row) throw new Error("gift card not created");
  await addGiftCardEntry(db, { giftCardId: row.id, kind: "issued", amountCents: cents });
  return { id: row.id, code };
}

let codes = 0;
/** A new discount code (10% off unless `extra` says otherwise), named `<prefix><n>X<pid>`: unique in the run. */
export async function newDiscountCode(
  shop: TestShop,
  prefix: string,
  extra: Partial<typeof discountCodes.$inferInsert> = {},
) {
  const code = `${prefix}${++codes}X${process.pid}`;
  const [row] = await shop.services.database.db
    .insert(discountCodes)
    .values({ code, kind: "percent", percent: 10, ...extra })
    .returning();
  if (!row) throw new Error("code not created");
  return row;
}
