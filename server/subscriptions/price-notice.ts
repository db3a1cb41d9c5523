import { and, eq, inArray } from "drizzle-orm";
import { lineTotalCents } from "../../core/pricing.ts";
import { type AuditActor, recordAudit } from "../audit/audit.ts";
import type { Tx } from "../db/client.ts";
import { subscriptions } from "../db/schema.ts";
import { Conflict } from "../domain-errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { priceChangeEmail, type SubscriptionLinks } from "./subscription-emails.ts";
import { billedByStripe, recordSubscriptionEvent } from "./subscription-rows.ts";

/** The subscriptions a new price reaches: every one still to be charged. */
const LIVE = ["active", "paused", "past_due"];

export interface PriceNotice {
  /** Subscriptions given the new price from the date, each e-mailed once. */
  noticed: number;
  /** Lines of a stack, left at their share of the stack's price (decision 025). */
  stackLinesUnchanged: number;
  /** Subscriptions bought in another currency than US dollars, kept at their locked price (decision 051). */
  otherCurrenciesUnchanged: number;
  /** Outbox ids written in the transaction: hand them to `mailer.deliverQueued` after it commits. */
  queuedMail: string[];
}

/**
 * A product's new price applied to the subscriptions bought at the old one, with notice (decision 043):
 * in the caller's transaction, each live subscription of the product on its own is given
 * `pending_amount_cents` (the new price with the subscription's own discount and quantity, by the rule
 * that made its `amount_cents`: core/pricing.ts#lineTotalCents) and `pending_amount_from`, an event, and
 * an e-mail in the outbox keyed by the change; one audit row records it. Renewals before `from` charge the
 * old price (server/subscriptions/run-due.ts). A stack's lines keep their share of the stack's price.
 * The product's price is in US dollars: it reaches only subscriptions in US dollars ("usd"); one bought in
 * CAD, EUR or GBP keeps the price it was bought at, in its currency (decision 051).
 * Subscriptions Stripe Billing renews are refused (409, nothing changed): their price lives at Stripe and
 * the shop cannot yet schedule it there for a date.
 */
export async function announceSubscriptionPrice(
  tx: Tx,
  deps: { mailer: Mailer; links: SubscriptionLinks },
  actor: AuditActor,
  product: { id: number; priceCents: number },
  from: Date,
): Promise<PriceNotice> {
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.productId, product.id), inArray(subscriptions.status, LIVE)))
    .orderBy(subscriptions.id)
    .for("update");
  const alone = rows.filter((r) => !r.bundleId);
  const own = alone.filter((r) => r.currency === "usd");
  const otherCurrenciesUnchanged = alone.length - own.length;
  const stripe = own.filter(billedByStripe).length;
  if (stripe > 0)
    throw new Conflict(
      "stripe_subscriptions",
      `${stripe === 1 ? "One subscription" : `${stripe} subscriptions`} of this product ${stripe === 1 ? "is" : "are"} renewed by Stripe, where the shop cannot yet schedule a new price for a date. Nothing was changed: save the price without "Apply to existing subscriptions", or change those subscriptions in Stripe.`,
    );
  const queuedMail: string[] = [];
  let noticed = 0;
  for (const row of own) {
    const next = lineTotalCents(product.priceCents, row.quantity, row.discountPercent);
    if (next === row.amountCents && row.pendingAmountCents === null) continue;
    const [updated] = await tx
      .update(subscriptions)
      .set({ pendingAmountCents: next, pendingAmountFrom: from })
      .where(eq(subscriptions.id, row.id))
      .returning();
    if (!updated) throw new Error(`subscription ${row.id} vanished while locked`);
    await recordSubscriptionEvent(tx, row.id, "price-change-announced", "owner", {
      from: row.amountCents,
      to: next,
      takesEffect: from.toISOString(),
    });
    const id = await deps.mailer.queue(
      tx,
      priceChangeEmail(updated, { fromCents: row.amountCents, toCents: next, from }, deps.links),
    );
    if (id) queuedMail.push(id);
    noticed += 1;
  }
  const stackLinesUnchanged = rows.length - alone.length;
  await recordAudit(tx, {
    actor,
    action: "subscription-price-announced",
    targetType: "product",
    targetId: String(product.id),
    before: null,
    after: {
      priceCents: product.priceCents,
      takesEffect: from.toISOString().slice(0, 10),
      subscriptions: noticed,
      stackLinesUnchanged,
      otherCurrenciesUnchanged,
    },
  });
  return { noticed, stackLinesUnchanged, otherCurrenciesUnchanged, queuedMail };
}
