import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { subscriptionActionBodies } from "../../core/contracts/subscriptions.ts";
import { lineTotalCents, subscriptionDiscountPercent } from "../../core/pricing.ts";
import { canDo, planAction, refusal, type SubscriptionAction } from "../../core/subscription-rules.ts";
import { findAddress } from "../addresses/address-book.ts";
import type { Product } from "../catalogue.ts";
import type { AppServices } from "../context.ts";
import type { Tx } from "../db/client.ts";
import { subscriptions } from "../db/schema.ts";
import { ApiError, notFound } from "../http/api-error.ts";
import { shopOrigin } from "../http/shop-origin.ts";
import { PaymentProviderError } from "../payments/provider.ts";
import { billingTermsOf } from "./provider-billing.ts";
import { subscriptionChangedEmail } from "./subscription-emails.ts";
import {
  billedByStripe,
  lockUserSubscription,
  recordSubscriptionEvent,
  type SubscriptionActor,
  type SubscriptionRow,
  stateOf,
} from "./subscription-rows.ts";

type Bodies = typeof subscriptionActionBodies;
/** An action with its validated body (core/contracts/subscriptions.ts). */
export type SubscriptionChange = {
  [A in Exclude<SubscriptionAction, "payment-method">]: { action: A } & z.infer<Bodies[A]>;
}[Exclude<SubscriptionAction, "payment-method">];

const EVENT_OF: Record<SubscriptionChange["action"], string> = {
  pause: "paused",
  resume: "resumed",
  skip: "skipped",
  frequency: "frequency-changed",
  quantity: "quantity-changed",
  swap: "swapped",
  "next-date": "date-changed",
  cancel: "cancelled",
  address: "address-changed",
};

/**
 * A customer's (or, for them, the owner's) change to a subscription: the row locked, the move checked
 * against core/subscription-rules.ts (an impossible one is a 409), the new fields and the change's event
 * written in one transaction, then the e-mail confirming it. `userId` null is the owner acting on any
 * subscription; otherwise another user's subscription is a 404 like an unknown one.
 */
export async function changeSubscription(
  services: AppServices,
  request: {
    id: string;
    userId: string | null;
    actor: SubscriptionActor;
    change: SubscriptionChange;
    now?: Date;
    /** Written in the change's own transaction once it is made: the owner's audit row. */
    alsoInTransaction?: (tx: Tx, before: SubscriptionRow, after: SubscriptionRow) => Promise<void>;
  },
): Promise<SubscriptionRow> {
  const { change } = request;
  const now = request.now ?? new Date();
  const db = services.database.db;

  // Read before the transaction: the embedded database runs one statement at a time, so a read outside
  // the transaction while it is open would wait for it.
  const catalogue = await services.catalogue.list();
  const { row, eventId, previousProduct } = await db.transaction(async (tx) => {
    const sub = await lockUserSubscription(tx, request.userId, request.id);
    if (!sub) throw notFound("Subscription not found.");
    if (!canDo(sub.status, change.action))
      throw new ApiError(409, "not_allowed", refusal(sub.status, change.action));
    const values = await newValues(tx, catalogue, sub, change, now);
    const eventId = await recordSubscriptionEvent(
      tx,
      sub.id,
      EVENT_OF[change.action],
      request.actor,
      eventDetail(sub, { ...sub, ...values }, change),
    );
    // Stripe first, under the row's lock: the change is kept only once Stripe bills it (its events then
    // confirm it), and a refusal or an outage leaves the subscription as it was.
    if (billedByStripe(sub)) await changeAtStripe(services, sub, { ...sub, ...values }, eventId);
    const [updated] = await tx
      .update(subscriptions)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    if (!updated) throw new Error(`subscription ${sub.id} vanished while locked`);
    await request.alsoInTransaction?.(tx, sub, updated);
    return { row: updated, eventId, previousProduct: sub.productName };
  });

  await services.mailer.send(
    subscriptionChangedEmail(
      row,
      { type: EVENT_OF[change.action], eventId, previousProduct },
      shopOrigin(services.env),
    ),
  );
  return row;
}

/** Makes Stripe bill the changed subscription: 409 while it is not started there yet, 502 when Stripe fails. */
async function changeAtStripe(
  services: AppServices,
  before: SubscriptionRow,
  after: SubscriptionRow,
  eventId: string,
) {
  const billing = services.payments.billing;
  if (!before.providerSubscriptionId || !billing)
    throw new ApiError(
      409,
      "not_started",
      "This subscription is still being set up with Stripe: try again in a minute.",
    );
  try {
    // The change's own event id: a retried call is one change at Stripe.
    await billing.update(
      before.providerSubscriptionId,
      billingTermsOf(before),
      billingTermsOf(after),
      `mana-subscription-change:${eventId}`,
    );
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    services.logger.error({ err, subscriptionId: before.id }, "Stripe refused a subscription change");
    throw new ApiError(
      502,
      "payment_provider_unavailable",
      "Stripe could not make this change just now. Nothing was changed: please try again.",
    );
  }
}

/** The columns a change sets, priced and dated on the server. */
async function newValues(
  tx: Tx,
  catalogue: Product[],
  sub: SubscriptionRow,
  change: SubscriptionChange,
  now: Date,
): Promise<Partial<SubscriptionRow>> {
  switch (change.action) {
    case "pause":
    case "resume":
    case "skip":
    case "frequency":
    case "cancel":
    case "next-date": {
      const planned = planAction(
        stateOf(sub),
        change.action === "next-date"
          ? { action: "next-date", date: atTimeOfDay(change.date, sub.nextBillingDate) }
          : change.action === "pause"
            ? { action: "pause", months: change.months as 1 | 2 | 3 | null }
            : change.action === "frequency"
              ? { action: "frequency", months: change.months as 1 | 2 | 3 }
              : { action: change.action },
        now,
      );
      if (!planned.ok)
        throw new ApiError(planned.code === "not_allowed" ? 409 : 400, planned.code, planned.message);
      return {
        ...planned.changes,
        ...(change.action === "cancel" ? { cancelReason: change.reason ?? null, retryAt: null } : {}),
      };
    }
    case "quantity": {
      // The same price per unit the subscription has now, for the new number of units.
      const perUnit = sub.amountCents / sub.quantity;
      return { quantity: change.quantity, amountCents: Math.round(perUnit * change.quantity) };
    }
    case "swap": {
      const product = catalogue.find((p) => p.id === change.productId);
      if (!product) throw new ApiError(400, "unknown_product", "That product is not in the shop.");
      if (product.id === sub.productId)
        throw new ApiError(400, "same_product", `This subscription already sends ${product.name}.`);
      // Priced by the catalogue with the product's own subscription discount: a swap leaves any stack.
      const discountPercent = subscriptionDiscountPercent(product.subscriptionDiscount);
      return {
        productId: product.id,
        productName: product.name,
        bundleId: "",
        discountPercent,
        amountCents: lineTotalCents(product.priceCents, sub.quantity, discountPercent),
      };
    }
    case "address": {
      if (!sub.userId) throw notFound("Address not found.");
      const address = await findAddress(tx, sub.userId, change.addressId);
      if (!address) throw notFound("Address not found.");
      const { id: _id, isDefault: _default, ...shippingAddress } = address;
      return { shippingAddress };
    }
  }
}

/** A chosen day ("2027-02-14") at the time of day renewals of this subscription run. */
function atTimeOfDay(day: string, like: Date): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(
    Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, like.getUTCHours(), like.getUTCMinutes(), like.getUTCSeconds()),
  );
}

function eventDetail(
  before: SubscriptionRow,
  after: SubscriptionRow,
  change: SubscriptionChange,
): Record<string, string | number | null> {
  switch (change.action) {
    case "pause":
      return { until: after.pausedUntil?.toISOString() ?? null };
    case "cancel":
      return { reason: after.cancelReason, endsAt: after.endsAt?.toISOString() ?? null };
    case "frequency":
      return { from: before.intervalMonths, to: after.intervalMonths };
    case "quantity":
      return { from: before.quantity, to: after.quantity, amountCents: after.amountCents };
    case "swap":
      return { from: before.productName, to: after.productName, amountCents: after.amountCents };
    default:
      return {
        from: before.nextBillingDate.toISOString(),
        to: after.nextBillingDate.toISOString(),
      };
  }
}
