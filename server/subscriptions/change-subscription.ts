import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { subscriptionActionBodies } from "../../core/contracts/subscriptions.ts";
import { BASE_CURRENCY, currencyOf } from "../../core/markets.ts";
import { type PriceTable, priceOf } from "../../core/price-lists.ts";
import { lineTotalCents, subscriptionDiscountPercent } from "../../core/pricing.ts";
import { canDo, planAction, refusal, type SubscriptionAction } from "../../core/subscription-rules.ts";
import { findAddress } from "../addresses/address-book.ts";
import type { Product } from "../catalogue.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { subscriptions } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { Conflict, InvalidInput, notFound, ProviderUnavailable } from "../domain-errors.ts";
import { PaymentProviderError } from "../payments/provider.ts";
import { promoAfterPriceChange } from "../promotions/renewal-promo.ts";
import { billingTermsOf } from "./provider-billing.ts";
import { leavesStack, lockStack, otherLines, ownPriceValues } from "./stack-lines.ts";
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
 * written in one transaction, then the e-mail confirming it. A change that takes a line out of its stack
 * reprices the stack's other lines in the same transaction, each with its event and e-mail
 * (server/subscriptions/stack-lines.ts). `userId` null is the owner acting on any
 * subscription; otherwise another user's subscription is a 404 like an unknown one.
 */
export async function changeSubscription(
  deps: Pick<
    ShopDeps,
    "db" | "catalogue" | "payments" | "logger" | "mailer" | "origin" | "manageSecret" | "tax"
  >,
  request: {
    id: string;
    userId: string | null;
    actor: SubscriptionActor;
    change: SubscriptionChange;
    now?: Date;
    /** Written in the change's own transaction once it is made: the owner's audit row. */
    alsoInTransaction?: (tx: Tx, before: SubscriptionRow, after: SubscriptionRow) => Promise<void>;
  },
): Promise<{ row: SubscriptionRow; others: SubscriptionRow[] }> {
  const { change } = request;
  const now = request.now ?? new Date();
  const db = deps.db;

  // Read before the transaction: the embedded database runs one statement at a time, so a read outside
  // the transaction while it is open would wait for it.
  const catalogue = await deps.catalogue.list();
  const prices = await deps.catalogue.priceTable(0);
  const { row, eventId, previousProduct, others } = await db.transaction(async (tx) => {
    // A stack's lines first, in id order: a change to one line may reprice the others.
    const stack = await lockStack(tx, request.userId, request.id, { lock: true });
    const sub = await lockUserSubscription(tx, request.userId, request.id);
    if (!sub) throw notFound("Subscription not found.");
    const plan = await planChange(tx, productsIn(catalogue, prices, sub.currency), sub, stack, change, now);
    const eventId = await recordSubscriptionEvent(
      tx,
      sub.id,
      EVENT_OF[change.action],
      request.actor,
      eventDetail(sub, plan.after, change),
    );
    // Stripe first, under the row's lock: the change is kept only once Stripe bills it (its events then
    // confirm it), and a refusal or an outage leaves the subscription as it was.
    if (billedByStripe(sub)) await changeAtStripe(deps, sub, plan.after, eventId);
    const updated = await writeRow(tx, sub.id, plan.values);
    await request.alsoInTransaction?.(tx, sub, updated);
    const others: { row: SubscriptionRow; eventId: string }[] = [];
    for (const other of plan.others) {
      const otherEvent = await recordSubscriptionEvent(tx, other.before.id, "left-stack", request.actor, {
        bundle: other.before.bundleId,
        because: `${sub.productName} ${EVENT_OF[change.action]}`,
        from: other.before.amountCents,
        to: other.after.amountCents,
      });
      if (billedByStripe(other.before)) await changeAtStripe(deps, other.before, other.after, otherEvent);
      others.push({ row: await writeRow(tx, other.before.id, other.values), eventId: otherEvent });
    }
    return { row: updated, eventId, previousProduct: sub.productName, others };
  });

  await deps.mailer.send(
    subscriptionChangedEmail(row, { type: EVENT_OF[change.action], eventId, previousProduct }, deps),
  );
  for (const other of others)
    await deps.mailer.send(
      subscriptionChangedEmail(
        other.row,
        { type: "left-stack", eventId: other.eventId, previousProduct: row.productName },
        deps,
      ),
    );
  return { row, others: others.map((o) => o.row) };
}

/**
 * What a change would make of the subscription and of the other lines of its stack, priced by the server
 * and written nowhere: the page shows it before the customer confirms. Only the changes that can move a
 * price are previewed (core/contracts/subscriptions.ts#PREVIEWED_ACTIONS).
 */
export async function previewSubscriptionChange(
  deps: Pick<ShopDeps, "db" | "catalogue">,
  /** `userId` null: a subscription opened by its manage link, which the link alone authorises. */
  request: { id: string; userId: string | null; change: SubscriptionChange; now?: Date },
): Promise<{ row: SubscriptionRow; others: SubscriptionRow[] }> {
  const db = deps.db;
  const catalogue = await deps.catalogue.list();
  const prices = await deps.catalogue.priceTable(0);
  const stack = await lockStack(db, request.userId, request.id, { lock: false });
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(
      request.userId === null
        ? eq(subscriptions.id, request.id)
        : and(eq(subscriptions.id, request.id), eq(subscriptions.userId, request.userId)),
    );
  if (!sub) throw notFound("Subscription not found.");
  const plan = await planChange(
    db,
    productsIn(catalogue, prices, sub.currency),
    sub,
    stack,
    request.change,
    request.now ?? new Date(),
  );
  return { row: plan.after, others: plan.others.map((o) => o.after) };
}

interface Planned {
  values: Partial<SubscriptionRow>;
  after: SubscriptionRow;
}

/**
 * The catalogue as a subscription in `stored` currency is priced from (decision 051): each product at its
 * price in that currency's list; one the owner has not priced in it is left out (a swap to it is refused,
 * a line of it keeps its own unit price). In US dollars, the catalogue as it is.
 */
function productsIn(catalogue: Product[], prices: PriceTable, stored: string): Product[] {
  const currency = currencyOf(stored) ?? BASE_CURRENCY;
  if (currency === BASE_CURRENCY) return catalogue;
  return catalogue.flatMap((p) => {
    const cents = priceOf(prices, `product:${p.id}`, currency);
    return cents === null ? [] : [{ ...p, priceCents: cents, price: (cents / 100).toFixed(2) }];
  });
}

/** The change checked against the rules (an impossible one is a 409), with the stack's lines it reprices. */
async function planChange(
  db: DbOrTx,
  catalogue: Product[],
  sub: SubscriptionRow,
  stack: SubscriptionRow[],
  change: SubscriptionChange,
  now: Date,
): Promise<Planned & { others: (Planned & { before: SubscriptionRow })[] }> {
  if (!canDo(sub.status, change.action))
    throw new Conflict("not_allowed", refusal(sub.status, change.action));
  const values = await withPromo(db, sub, await newValues(db, catalogue, sub, change, now));
  const others: (Planned & { before: SubscriptionRow })[] = [];
  if (leavesStack(sub, change))
    for (const before of otherLines(stack, sub)) {
      const otherValues = await withPromo(db, before, ownPriceValues(catalogue, before));
      others.push({ before, values: otherValues, after: { ...before, ...otherValues } });
    }
  return { values, after: { ...sub, ...values }, others };
}

/**
 * A new price carries the subscription's discount code along: a percentage follows the new amount, a swap
 * to a product the code does not cover ends it (server/promotions/renewal-promo.ts).
 */
async function withPromo<T extends Partial<SubscriptionRow>>(
  db: DbOrTx,
  sub: SubscriptionRow,
  values: T,
): Promise<T> {
  if (values.amountCents === undefined || sub.promoCents <= 0) return values;
  const promo = await promoAfterPriceChange(db, sub, {
    amountCents: values.amountCents,
    productId: (values as Partial<SubscriptionRow>).productId ?? sub.productId,
  });
  return promo.promoCents === sub.promoCents ? values : { ...values, ...promo };
}

async function writeRow(tx: Tx, id: string, values: Partial<SubscriptionRow>): Promise<SubscriptionRow> {
  const [updated] = await tx
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!updated) throw new Error(`subscription ${id} vanished while locked`);
  return updated;
}

/** Makes Stripe bill the changed subscription: 409 while it is not started there yet, 502 when Stripe fails. */
async function changeAtStripe(
  deps: Pick<ShopDeps, "payments" | "logger" | "tax">,
  before: SubscriptionRow,
  after: SubscriptionRow,
  eventId: string,
) {
  const billing = deps.payments.billing;
  if (!before.providerSubscriptionId || !billing)
    throw new Conflict(
      "not_started",
      "This subscription is still being set up with Stripe: try again in a minute.",
    );
  try {
    // The change's own event id: a retried call is one change at Stripe.
    await billing.update(
      before.providerSubscriptionId,
      // With the taxes of each one's address: a new address charges its own (decision 050).
      billingTermsOf(before, deps.tax),
      billingTermsOf(after, deps.tax),
      `mana-subscription-change:${eventId}`,
    );
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    deps.logger.error({ err, subscriptionId: before.id }, "Stripe refused a subscription change");
    throw new ProviderUnavailable(
      "payment_provider_unavailable",
      "Stripe could not make this change just now. Nothing was changed: please try again.",
    );
  }
}

/** The columns a change sets, priced and dated on the server. */
async function newValues(
  db: DbOrTx,
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
        throw planned.code === "not_allowed"
          ? new Conflict(planned.code, planned.message)
          : new InvalidInput(planned.code, planned.message);
      return {
        ...planned.changes,
        ...(change.action === "cancel" ? { cancelReason: change.reason ?? null, retryAt: null } : {}),
      };
    }
    case "quantity": {
      // A stack's line leaves the stack: its own subscription price for the new number of units.
      if (leavesStack(sub, change))
        return { quantity: change.quantity, ...ownPriceValues(catalogue, sub, change.quantity) };
      // The same price per unit the subscription has now, for the new number of units; an announced new
      // price (decision 043) keeps its own price per unit too.
      const perUnit = sub.amountCents / sub.quantity;
      return {
        quantity: change.quantity,
        amountCents: Math.round(perUnit * change.quantity),
        ...(sub.pendingAmountCents === null
          ? {}
          : { pendingAmountCents: Math.round((sub.pendingAmountCents / sub.quantity) * change.quantity) }),
      };
    }
    case "swap": {
      const product = catalogue.find((p) => p.id === change.productId);
      if (!product) throw new InvalidInput("unknown_product", "That product is not in the shop.");
      if (product.id === sub.productId)
        throw new InvalidInput("same_product", `This subscription already sends ${product.name}.`);
      // Priced by the catalogue with the product's own subscription discount: a swap leaves any stack.
      const discountPercent = subscriptionDiscountPercent(product.subscriptionDiscount);
      return {
        productId: product.id,
        productName: product.name,
        bundleId: "",
        discountPercent,
        amountCents: lineTotalCents(product.priceCents, sub.quantity, discountPercent),
        // Priced at the catalogue's price now: a new price announced for the old product no longer applies.
        pendingAmountCents: null,
        pendingAmountFrom: null,
      };
    }
    case "address": {
      if (!sub.userId) throw notFound("Address not found.");
      const address = await findAddress(db, sub.userId, change.addressId);
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
