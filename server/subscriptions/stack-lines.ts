import { and, asc, eq } from "drizzle-orm";
import { ownSubscriptionCents, subscriptionDiscountPercent } from "../../core/pricing.ts";
import type { Product } from "../catalogue.ts";
import type { DbOrTx } from "../db/client.ts";
import { subscriptions } from "../db/schema.ts";
import type { SubscriptionChange } from "./change-subscription.ts";
import type { SubscriptionRow } from "./subscription-rows.ts";

/**
 * A stack bought as a subscription is one subscription per product, each at its share of the stack's
 * price: the price of the complete set, as bought (core/pricing.ts#priceCart). A line that is cancelled,
 * swapped or given a new quantity leaves the set, and the set is then incomplete: the line that changed
 * and every other live line of that stack are priced on their own, at the product's own subscription
 * price, from their next renewal (decision 025).
 */
export function leavesStack(sub: SubscriptionRow, change: SubscriptionChange): boolean {
  if (!sub.bundleId) return false;
  if (change.action === "cancel" || change.action === "swap") return true;
  return change.action === "quantity" && change.quantity !== sub.quantity;
}

/** The columns that price a subscription on its own: the catalogue's price less the product's discount. */
export function ownPriceValues(
  catalogue: Product[],
  row: Pick<SubscriptionRow, "productId" | "quantity" | "amountCents" | "discountPercent">,
  quantity = row.quantity,
): Pick<SubscriptionRow, "bundleId" | "discountPercent" | "amountCents"> {
  const product = catalogue.find((p) => p.id === row.productId);
  // A product taken out of the shop keeps its unit price: there is no catalogue price to go to.
  if (!product)
    return {
      bundleId: "",
      discountPercent: row.discountPercent,
      amountCents: Math.round((row.amountCents / row.quantity) * quantity),
    };
  return {
    bundleId: "",
    discountPercent: subscriptionDiscountPercent(product.subscriptionDiscount),
    amountCents: ownSubscriptionCents(product.priceCents, quantity, product.subscriptionDiscount),
  };
}

/**
 * Every subscription of the stack `sub` came with (same order, same stack), locked in id order so two
 * changes to one stack at once wait for each other instead of deadlocking. Call before locking `sub`.
 */
export async function lockStack(
  db: DbOrTx,
  userId: string | null,
  id: string,
  options: { lock: boolean },
): Promise<SubscriptionRow[]> {
  const [peek] = await db
    .select({ orderId: subscriptions.orderId, bundleId: subscriptions.bundleId })
    .from(subscriptions)
    .where(
      userId === null
        ? eq(subscriptions.id, id)
        : and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)),
    );
  if (!peek?.bundleId) return [];
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.orderId, peek.orderId), eq(subscriptions.bundleId, peek.bundleId)))
    .orderBy(asc(subscriptions.id));
  return options.lock ? await query.for("update") : await query;
}

/** The other live lines of `sub`'s stack, from rows `lockStack` read, by product. */
export function otherLines(stack: SubscriptionRow[], sub: SubscriptionRow): SubscriptionRow[] {
  return stack
    .filter((s) => s.id !== sub.id && s.bundleId === sub.bundleId && s.status !== "cancelled")
    .sort((a, b) => a.productId - b.productId || a.id.localeCompare(b.id));
}
