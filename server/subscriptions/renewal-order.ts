import { and, eq, sql } from "drizzle-orm";
import { BASE_CURRENCY, currencyOf } from "../../core/markets.ts";
import { type PriceTable, priceOf } from "../../core/price-lists.ts";
import { lineTotalCents } from "../../core/pricing.ts";
import type { Product } from "../catalogue.ts";
import type { Tx } from "../db/client.ts";
import { orderLines, orders, orderTaxLines } from "../db/schema.ts";
import { recordOrderEvent } from "../orders/order-events.ts";
import { insertOrder, recordOversold } from "../orders/order-life.ts";
import type { OrderRow } from "../orders/order-rows.ts";
import { takeRenewalStock } from "../orders/take-stock.ts";
import type { ChargedTax } from "../payments/provider.ts";
import type { SubscriptionRow } from "./subscription-rows.ts";

/** The renewal order of a subscription for a billing date, if it was created already. */
export async function findRenewalOrder(
  tx: Tx,
  subscriptionId: string,
  billingDate: Date,
): Promise<OrderRow | null> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.subscriptionId, subscriptionId), eq(orders.renewalDate, billingDate)));
  return order ?? null;
}

/**
 * The renewal's order, paid: the subscription's product, quantity and price, its shipping address, free
 * shipping, a "placed" and a "paid" event. Listed by catalogue price less the subscription discount, the
 * stack's share shown as savings, so its figures sum like any order's (core/order-totals.ts). A renewal a
 * discount code still covers (`promo`, core/renewal-promo.ts) shows the code and what it took off, on the
 * order and its line, and charges that much less. The order is in the subscription's currency, at its
 * locked amount; the listed price is the product's in that currency's list (`prices`; the catalogue's own
 * in US dollars), else the amount itself (decision 051). Its taxes (`taxes`: quoted for the subscription's
 * address, server/subscriptions/renewal-tax.ts, or as the provider's invoice charged them) are its tax lines;
 * the added ones are its `tax_cents` and part of its total, the included ones (VAT) add nothing (decision 050).
 */
export async function createRenewalOrder(
  tx: Tx,
  catalogue: Product[],
  sub: SubscriptionRow,
  renewal: {
    provider: "sandbox" | "stripe";
    billingDate: Date;
    paymentId?: string | null;
    promo?: { code: string; offCents: number } | null;
    /** The renewal's taxes, in the subscription's currency; none: untaxed. */
    taxes?: readonly ChargedTax[];
  },
  prices: PriceTable | null = null,
): Promise<OrderRow> {
  const promo = renewal.promo && renewal.promo.offCents > 0 ? renewal.promo : null;
  const codeCents = promo ? Math.min(promo.offCents, sub.amountCents) : 0;
  const product = catalogue.find((p) => p.id === sub.productId);
  const currency = currencyOf(sub.currency) ?? BASE_CURRENCY;
  const unitListed = !product
    ? null
    : currency === BASE_CURRENCY
      ? product.priceCents
      : prices
        ? priceOf(prices, `product:${product.id}`, currency)
        : null;
  const listed =
    unitListed !== null ? lineTotalCents(unitListed, sub.quantity, sub.discountPercent) : sub.amountCents;
  const fits = unitListed !== null && listed >= sub.amountCents;
  const unitPriceCents =
    fits && unitListed !== null ? unitListed : Math.round(sub.amountCents / sub.quantity);
  const discountPercent = fits ? sub.discountPercent : 0;
  const lineTotal = fits ? listed : lineTotalCents(unitPriceCents, sub.quantity, 0);
  const savingCents = lineTotal - sub.amountCents;
  const taxes = (renewal.taxes ?? []).filter((t) => t.amountCents > 0);
  const taxCents = taxes.filter((t) => !t.included).reduce((sum, t) => sum + t.amountCents, 0);

  const order = await insertOrder(tx, {
    userId: sub.userId,
    cartFingerprint: `renewal:${sub.id}:${renewal.billingDate.toISOString()}`,
    email: sub.email,
    locale: sub.locale,
    status: "processing",
    subtotalCents: lineTotal,
    discountCents: savingCents,
    shippingCents: 0,
    discountCode: promo?.code ?? null,
    codeDiscountCents: codeCents,
    taxCents,
    totalCents: sub.amountCents - codeCents + taxCents,
    currency: sub.currency,
    provider: renewal.provider,
    shippingAddress: sub.shippingAddress,
    paidAt: sql`now()`,
    providerPaymentId: renewal.paymentId ?? null,
    subscriptionId: sub.id,
    renewalDate: renewal.billingDate,
  });
  await tx.insert(orderLines).values({
    orderId: order.id,
    productId: sub.productId,
    productName: sub.productName,
    quantity: sub.quantity,
    isSubscription: true,
    bundleId: sub.bundleId,
    unitPriceCents,
    discountPercent,
    lineTotalCents: lineTotal,
    savingCents,
    codeDiscountCents: codeCents,
  });
  if (taxes.length > 0)
    await tx.insert(orderTaxLines).values(
      taxes.map((t, position) => ({
        orderId: order.id,
        position,
        name: t.name,
        ratePercent: t.ratePercent,
        amountCents: t.amountCents,
        currency: sub.currency.toLowerCase(),
        included: t.included,
      })),
    );
  await recordOrderEvent(tx, order.id, "paid", { amountCents: order.totalCents });
  // A renewal takes what stock there is and is never refused for it (decision 019); short, it is marked.
  const short = await takeRenewalStock(tx, sub.productId, sub.quantity);
  if (short.length > 0) await recordOversold(tx, order.id, short);
  return order;
}
