import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { ShippingAddress } from "../../core/address.ts";
import { cartSignature } from "../../core/cart-signature.ts";
import type { Locale } from "../../core/i18n/locales.ts";
import type { CheckoutBalances } from "../balances/checkout-balances.ts";
import type { Db, Tx } from "../db/client.ts";
import { carts, orderLines, orders, orderTaxLines } from "../db/schema.ts";
import { insertOrder, setPendingOrderLocale } from "./order-life.ts";
import type { OrderRow } from "./order-rows.ts";
import type { PricedOrder } from "./price-order.ts";

/** A second submit of the same cart within this window finds the first pending order and its session. */
const REUSE_PENDING_MINUTES = 30;

export interface NewOrder {
  cartId: string;
  userId: string | null;
  email: string;
  /** The checkout page's language: the order's e-mails are written in it. */
  locale: Locale;
  provider: string;
  currency: string;
  priced: PricedOrder;
  /** Gift cards bought and what gift cards, store credit and points pay (absent: none). */
  balances?: Pick<CheckoutBalances, "giftCardCents" | "totalCents" | "tenders" | "tenderedCents">;
  /** Null when the checkout was started without one: the payment page collects it (decision 027). */
  shippingAddress: ShippingAddress | null;
  /** Written with the order, for a new order and for the pending one found again (a renewal consent). */
  alsoInTransaction?: (tx: Tx, order: OrderRow) => Promise<void>;
}

/**
 * Everything that makes two checkouts "the same": the cart's lines with their server prices, the totals
 * and taxes, e-mail, account, shipping address, provider and currency.
 */
export function cartFingerprint(order: NewOrder): string {
  const t = order.priced.totals;
  const material = JSON.stringify({
    lines: cartSignature(order.priced.lines, (l) => [
      l.unitPriceCents,
      l.lineTotalCents,
      l.savingCents,
      l.codeCents,
    ]),
    totals: [t.subtotalCents, t.discountCents, t.codeCents, t.shippingCents, t.taxCents, t.totalCents],
    taxes: t.taxLines.map((l) => [l.name, l.ratePercent, l.amount, l.included]),
    code: t.code && !t.code.refusal ? t.code.terms.code : null,
    giftCards: order.balances?.giftCardCents ?? 0,
    tenders: order.balances?.tenders ?? [],
    email: order.email.toLowerCase(),
    userId: order.userId,
    provider: order.provider,
    currency: order.currency,
    shippingAddress: order.shippingAddress,
  });
  return createHash("sha256").update(material).digest("base64url");
}

/**
 * Creates the pending order with its lines, or returns the pending order this same cart created a moment
 * ago. The cart row is locked first, so a double submit (two requests at once) yields one order; the
 * order and its "placed" event (server/orders/order-life.ts) and its lines are written in one
 * transaction, so there is never half an order.
 */
export async function createOrFindPendingOrder(
  db: Db,
  input: NewOrder,
): Promise<{ order: OrderRow; reused: boolean }> {
  const fingerprint = cartFingerprint(input);
  return db.transaction(async (tx) => {
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, input.cartId)).for("update");
    const [existing] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.cartId, input.cartId),
          eq(orders.cartFingerprint, fingerprint),
          eq(orders.status, "pending"),
          gt(orders.createdAt, sql`now() - make_interval(mins => ${REUSE_PENDING_MINUTES})`),
        ),
      )
      .limit(1);
    if (existing) {
      const order = await setPendingOrderLocale(tx, existing, input.locale);
      await input.alsoInTransaction?.(tx, order);
      return { order, reused: true };
    }

    const t = input.priced.totals;
    const order = await insertOrder(tx, {
      userId: input.userId,
      cartId: input.cartId,
      cartFingerprint: fingerprint,
      email: input.email,
      locale: input.locale,
      status: "pending",
      currency: input.currency,
      subtotalCents: t.subtotalCents,
      discountCents: t.discountCents,
      discountCode: t.code && !t.code.refusal ? t.code.terms.code : null,
      codeDiscountCents: t.codeCents,
      shippingCents: t.shippingCents,
      taxCents: t.taxCents,
      totalCents: input.balances?.totalCents ?? t.totalCents,
      giftCardCents: input.balances?.giftCardCents ?? 0,
      tenderedCents: input.balances?.tenderedCents ?? 0,
      provider: input.provider,
      shippingAddress: input.shippingAddress,
    });
    const orderId = order.id;
    // A cart of gift cards only has no product lines.
    if (input.priced.lines.length > 0)
      await tx.insert(orderLines).values(
        input.priced.lines.map((l) => ({
          orderId,
          productId: l.productId,
          productName: l.productName,
          quantity: l.quantity,
          isSubscription: l.isSubscription,
          bundleId: l.bundleId,
          unitPriceCents: l.unitPriceCents,
          discountPercent: l.discountPercent,
          lineTotalCents: l.lineTotalCents,
          savingCents: l.savingCents,
          codeDiscountCents: l.codeCents,
        })),
      );
    if (t.taxLines.length > 0)
      await tx.insert(orderTaxLines).values(
        t.taxLines.map((l, position) => ({
          orderId,
          position,
          name: l.name,
          ratePercent: l.ratePercent,
          amountCents: l.amount,
          currency: l.currency.toLowerCase(),
          included: l.included,
        })),
      );
    await input.alsoInTransaction?.(tx, order);
    return { order, reused: false };
  });
}
