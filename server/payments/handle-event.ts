import { and, eq, inArray, or, sql } from "drizzle-orm";
import { assertMove, canMove, isPaidStatus } from "../../core/order-status.ts";
import { clearCart } from "../cart/cart-store.ts";
import type { AppServices } from "../context.ts";
import type { Db } from "../db/client.ts";
import { orders, paymentEvents, subscriptions } from "../db/schema.ts";
import { orderConfirmationEmail } from "../orders/confirmation-email.ts";
import { loadOrderLines, type OrderRow } from "../orders/create-order.ts";
import {
  type CheckoutSessionObject,
  checkoutSessionSchema,
  idOf,
  invoiceObjectSchema,
  type PaymentEvent,
  subscriptionObjectSchema,
} from "./event-schemas.ts";
import type { ProviderSubscriptionState } from "./provider.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type EventOutcome =
  | "paid"
  | "already_paid"
  | "duplicate"
  | "amount_mismatch"
  | "awaiting_payment"
  | "payment_failed"
  | "subscription_updated"
  | "unknown_order"
  | "order_cancelled"
  | "ignored";

export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
] as const;

const MONTH_INTERVAL = sql`interval '1 month'`;

/**
 * The one code path that changes an order because of a payment: Stripe's verified webhooks and the
 * sandbox's own confirmation both arrive here as provider events. Each event id is stored in the same
 * transaction as its effect, so an event delivered twice (or ten times at once) has one effect, and a
 * failure leaves nothing behind for the provider's redelivery to trip over (ARCHITECTURE.md, "Payments").
 */
export async function handlePaymentEvent(
  services: AppServices,
  provider: "sandbox" | "stripe",
  event: PaymentEvent,
): Promise<EventOutcome> {
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return "ignored";
  const db = services.database.db;

  if (event.type.startsWith("checkout.session.")) {
    const session = checkoutSessionSchema.parse(event.data.object);
    const outcome = await onceOnly(db, provider, event, (tx) =>
      onCheckoutSession(services, tx, provider, event, session),
    );
    await confirmIfPaid(services, provider, session);
    return outcome;
  }
  return onceOnly(db, provider, event, (tx) => onSubscriptionEvent(services, tx, event));
}

async function onceOnly(
  db: Db,
  provider: string,
  event: PaymentEvent,
  apply: (tx: Tx) => Promise<EventOutcome>,
): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, provider, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return "duplicate";
    return apply(tx);
  });
}

/** The order a session pays for, locked: by the session id stored at checkout, else by its metadata. */
async function lockOrderForSession(
  tx: Tx,
  provider: string,
  session: CheckoutSessionObject,
): Promise<OrderRow | null> {
  const [bySession] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.providerSessionId, session.id), eq(orders.provider, provider)))
    .for("update");
  if (bySession) return bySession;
  const orderId = session.metadata?.orderId ?? session.client_reference_id;
  if (!orderId || !/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const [byId] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.provider, provider)))
    .for("update");
  // A session id stored for this order must be this session: never let another session pay it.
  if (!byId || (byId.providerSessionId && byId.providerSessionId !== session.id)) return null;
  return byId;
}

async function onCheckoutSession(
  services: AppServices,
  tx: Tx,
  provider: string,
  event: PaymentEvent,
  session: CheckoutSessionObject,
): Promise<EventOutcome> {
  const order = await lockOrderForSession(tx, provider, session);
  if (!order) {
    services.logger.warn({ eventId: event.id, sessionId: session.id }, "payment event for an unknown order");
    return "unknown_order";
  }
  if (event.type === "checkout.session.async_payment_failed") {
    if (!canMove(order.status, "cancelled") || order.status !== "pending") return "ignored";
    await tx
      .update(orders)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    return "payment_failed";
  }
  if (
    event.type === "checkout.session.completed" &&
    session.payment_status !== "paid" &&
    session.payment_status !== "no_payment_required"
  ) {
    return "awaiting_payment"; // an async method: checkout.session.async_payment_succeeded follows
  }
  if (order.status === "cancelled") {
    // Cancelled before it was paid (the owner, a failed payment, or the purge of abandoned checkouts,
    // decision 008): a cancelled order never comes back, so the money must go back. Said loudly, not
    // applied; the event is stored, so redelivery does not repeat the alarm.
    services.logger.error(
      {
        eventId: event.id,
        orderId: order.id,
        orderNumber: order.orderNumber,
        sessionId: session.id,
        amount: session.amount_total,
      },
      "payment received for a cancelled order: it stays cancelled; refund the payment with the provider",
    );
    return "order_cancelled";
  }
  if (order.status !== "pending") return isPaidStatus(order.status) ? "already_paid" : "ignored";
  if (
    session.amount_total !== order.totalCents ||
    (session.currency ?? "").toLowerCase() !== order.currency
  ) {
    services.logger.error(
      {
        eventId: event.id,
        orderId: order.id,
        expected: order.totalCents,
        received: session.amount_total,
        currency: session.currency,
      },
      "payment amount differs from the order total: the order is not marked paid",
    );
    return "amount_mismatch";
  }
  await markPaid(services, tx, order, session);
  return "paid";
}

/** pending -> processing, the cart emptied, one subscription per subscription line: all or nothing. */
async function markPaid(services: AppServices, tx: Tx, order: OrderRow, session: CheckoutSessionObject) {
  assertMove(order.orderNumber, order.status, "processing");
  const [paid] = await tx
    .update(orders)
    .set({ status: "processing", paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), eq(orders.status, "pending")))
    .returning({ paidAt: orders.paidAt });
  if (!paid) throw new Error(`order ${order.id} changed while it was locked`);
  await clearCart(tx, order.cartId);

  const lines = (await loadOrderLines(tx as unknown as Db, order.id)).filter((l) => l.isSubscription);
  if (lines.length === 0) return;
  const subscriptionId = idOf(session.subscription);
  // The provider's current view wins over the moment of payment: a cancellation that arrived before
  // this event is not undone (events in any order, one final state).
  const state = subscriptionId ? await services.payments.getSubscription(subscriptionId) : null;
  await tx
    .insert(subscriptions)
    .values(
      lines.map((l) => ({
        userId: order.userId,
        orderId: order.id,
        orderLineId: l.id,
        productId: l.productId,
        productName: l.productName,
        amountCents: l.lineTotalCents,
        interval: "month",
        status: state?.status ?? "active",
        nextBillingDate: state?.currentPeriodEnd
          ? sql`to_timestamp(${state.currentPeriodEnd})`
          : sql`(select ${orders.paidAt} + ${MONTH_INTERVAL} from ${orders} where ${orders.id} = ${order.id})`,
        providerSubscriptionId: subscriptionId,
        providerCustomerId: idOf(session.customer),
      })),
    )
    .onConflictDoNothing({ target: subscriptions.orderLineId });
}

/** invoice.* and customer.subscription.*: re-read the subscription from the provider and apply it. */
async function onSubscriptionEvent(
  services: AppServices,
  tx: Tx,
  event: PaymentEvent,
): Promise<EventOutcome> {
  let subscriptionId: string | null;
  let orderId: string | null | undefined;
  let fromPayload: ProviderSubscriptionState | null = null;
  if (event.type.startsWith("invoice.")) {
    const invoice = invoiceObjectSchema.parse(event.data.object);
    const details = invoice.parent?.subscription_details;
    subscriptionId = idOf(invoice.subscription) ?? idOf(details?.subscription);
    orderId = details?.metadata?.orderId;
  } else {
    const sub = subscriptionObjectSchema.parse(event.data.object);
    subscriptionId = sub.id;
    orderId = sub.metadata?.orderId;
    const ends = sub.items?.data
      .map((i) => i.current_period_end)
      .filter((n): n is number => typeof n === "number");
    fromPayload = {
      id: sub.id,
      status:
        event.type === "customer.subscription.deleted" || sub.status === "canceled"
          ? "cancelled"
          : sub.status === "paused" || sub.pause_collection
            ? "paused"
            : "active",
      currentPeriodEnd: ends?.length ? Math.min(...ends) : null,
    };
  }
  if (!subscriptionId) return "ignored";

  // Lock the order the subscription belongs to, so this cannot interleave with its payment.
  const orderIds = orderId
    ? [orderId]
    : (
        await tx
          .select({ orderId: subscriptions.orderId })
          .from(subscriptions)
          .where(eq(subscriptions.providerSubscriptionId, subscriptionId))
      ).map((r) => r.orderId);
  const lockable = orderIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (lockable.length)
    await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, lockable)).for("update");

  const state = (await services.payments.getSubscription(subscriptionId)) ?? fromPayload;
  if (!state) return "ignored";
  await tx
    .update(subscriptions)
    .set({
      status: state.status,
      ...(state.currentPeriodEnd ? { nextBillingDate: sql`to_timestamp(${state.currentPeriodEnd})` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
  return "subscription_updated";
}

/** Sends the confirmation of a paid order; the outbox's dedupe key makes every call after the first a no-op. */
async function confirmIfPaid(services: AppServices, provider: string, session: CheckoutSessionObject) {
  const db = services.database.db;
  const orderId = session.metadata?.orderId ?? session.client_reference_id ?? "";
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.provider, provider),
        /^[0-9a-f-]{36}$/i.test(orderId)
          ? or(eq(orders.providerSessionId, session.id), eq(orders.id, orderId))
          : eq(orders.providerSessionId, session.id),
      ),
    )
    .limit(1);
  if (!order || !isPaidStatus(order.status)) return;
  await services.mailer.send(orderConfirmationEmail(order, await loadOrderLines(db, order.id)));
}
