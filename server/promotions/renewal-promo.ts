import { eq } from "drizzle-orm";
import type { PromoTerms, SubscriptionPromo } from "../../core/renewal-promo.ts";
import { promoCentsOn, startingPromo } from "../../core/renewal-promo.ts";
import type { DbOrTx } from "../db/client.ts";
import { discountCodes } from "../db/schema.ts";
import { codeTerms, findCode } from "./discount-codes.ts";

/**
 * A discount code carried into a subscription's renewals, as the server keeps it on the subscription's row
 * (core/renewal-promo.ts has the rules; docs/decisions/046-discount-codes.md).
 */

/** The renewal terms of a stored code (any status: a code ended later still keeps the promise made). */
export async function promoTermsOf(db: DbOrTx, code: string | null): Promise<PromoTerms | null> {
  if (!code) return null;
  const row = await findCode(db, code);
  return row ? codeTerms(row) : null;
}

/** Whether a code limited to some products still covers `productId` (a swap to another product). */
export async function codeCoversProduct(db: DbOrTx, code: string, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ productIds: discountCodes.productIds })
    .from(discountCodes)
    .where(eq(discountCodes.code, code))
    .limit(1);
  return !row?.productIds || row.productIds.includes(productId);
}

/** The promo each subscription of a paid order starts with, by the order line's share of the order's code. */
export async function startingPromos(
  db: DbOrTx,
  discountCode: string | null,
): Promise<(line: { codeDiscountCents: number }, amountCents: number) => SubscriptionPromo> {
  const terms = await promoTermsOf(db, discountCode);
  return (line, amountCents) => startingPromo(terms, line.codeDiscountCents, amountCents);
}

/**
 * The promo's amount when what a subscription charges changes (a new quantity, a swap, a stack left): a
 * percentage follows the new amount, a fixed amount stays, never above it; a swap to a product the code
 * does not cover ends it. Unchanged without a promo.
 */
export async function promoAfterPriceChange(
  db: DbOrTx,
  sub: SubscriptionPromo & { productId: number },
  after: { amountCents: number; productId: number },
): Promise<Pick<SubscriptionPromo, "promoCents">> {
  if (!sub.promoCode || sub.promoCents <= 0) return { promoCents: sub.promoCents };
  const terms = await promoTermsOf(db, sub.promoCode);
  if (after.productId !== sub.productId && !(await codeCoversProduct(db, sub.promoCode, after.productId)))
    return { promoCents: 0 };
  return {
    promoCents: promoCentsOn(terms ?? { kind: "amount", percent: null }, sub.promoCents, after.amountCents),
  };
}
