import { and, eq, or, sql } from "drizzle-orm";
import type { ShippingAddress } from "../../core/address.ts";
import { BASE_CURRENCY, currencyOf } from "../../core/markets.ts";
import { canMove, isPaidStatus } from "../../core/order-status.ts";
import { UUID } from "../../core/uuid.ts";
import { deliverOrderGiftCards } from "../balances/issue-gift-cards.ts";
import { clearCart } from "../cart/cart-store.ts";
import type { Db, Tx } from "../db/client.ts";
import { orderEvents, orders, subscriptions } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { countriesIn } from "../markets/markets.ts";
import { applyOnce, type ReportedEvent } from "../orders/apply-once.ts";
import { cancelOrder } from "../orders/cancel-order.ts";
import { orderConfirmationEmail, type RenewalAcknowledgment } from "../orders/confirmation-email.ts";
import {
  cancelUnpaidOrders,
  markOrderPaid,
  recordCardFingerprint,
  recordOversold,
} from "../orders/order-life.ts";
import { loadOneOrderTaxLines, loadOrderLines, type OrderRow } from "../orders/order-rows.ts";
import { recordAddressRefused, shippingAddressForPayment } from "../orders/payment-address.ts";
import { type Shortfall, takeOrderStock } from "../orders/take-stock.ts";
import { startingPromos } from "../promotions/renewal-promo.ts";
import { manageUrl } from "../subscriptions/manage-link.ts";
import { startProviderSubscriptions } from "../subscriptions/provider-billing.ts";
import { type PaymentTaxes, recordPaymentTaxes, taxableOf } from "../tax/payment-taxes.ts";
import { renewalConsentOfOrder } from "./renewal-consent.ts";

export type CheckoutPaymentOutcome =
  | "paid"
  | "already_paid"
  | "duplicate"
  | "amount_mismatch"
  | "awaiting_payment"
  | "payment_failed"
  | "unknown_order"
  | "order_cancelled"
  | "sold_out"
  | "oversold"
  | "address_refused"
  | "ignored";

/** What a payment provider reports about one of its checkout sessions (Stripe's webhook, the sandbox's card page). */
export interface CheckoutPaymentReport {
  event: ReportedEvent;
  /** paid: the money is in; pending: an asynchronous method has not paid yet; failed: it will not pay. */
  payment: "paid" | "pending" | "failed";
  sessionId: string;
  /** The order id the session carries, for a session whose id was not stored on the order yet. */
  orderId: string | null;
  amountCents: number | null;
  currency: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  /** The payment itself (Stripe's payment intent), which a refund is made against. */
  paymentId?: string | null;
  /** The sandbox's token for the card that paid, kept on the subscriptions to charge their renewals. */
  card?: { token: string; label: string } | null;
  /** Which card paid, when the provider says it with the payment (the sandbox); Stripe's is read after. */
  cardFingerprint?: string | null;
  /** The address the payment page collected, as the form's fields (unchecked), for an order without one. */
  collectedAddress?: Record<string, unknown> | null;
  /**
   * The taxes the payment page added to an order priced without them (decision 050): Stripe Tax's on the
   * session, or the sandbox page's for the address it collected. The amount charged includes what they add.
   */
  paymentTaxes?: PaymentTaxes | null;
}

const MONTH_INTERVAL = sql`interval '1 month'`;

/**
 * The only way an order becomes paid: a payment its provider reported. The event id and the paid path's
 * steps in the transaction (take stock, mark paid, subscriptions, cart cleared: `payOrder`) are one
 * transaction with the order row locked, so a report that arrives twice (or ten times at once) pays the
 * order once, and a failure leaves nothing behind for the provider's redelivery to trip over. The steps
 * after the commit (`afterPayment`) send the mail and start the provider's subscriptions.
 */
export async function recordCheckoutPayment(
  deps: Pick<
    ShopDeps,
    "db" | "payments" | "mailer" | "logger" | "origin" | "manageSecret" | "shipTo" | "tax"
  >,
  report: CheckoutPaymentReport,
): Promise<CheckoutPaymentOutcome> {
  // Read before the transaction: the countries shipped to come from the catalogue's copy or the database.
  const shipTo = await deps.shipTo();
  const outcome = await applyOnce(deps.db, report.event, (tx) =>
    applyReport({ ...deps, shipTo }, tx, report),
  );
  await afterPayment(deps, report);
  return outcome;
}

/** The order a session pays for, locked: by the session id stored at checkout, else by the id it carries. */
async function lockOrderForSession(tx: Tx, report: CheckoutPaymentReport): Promise<OrderRow | null> {
  const provider = report.event.provider;
  const [bySession] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.providerSessionId, report.sessionId), eq(orders.provider, provider)))
    .for("update");
  if (bySession) return bySession;
  const orderId = report.orderId;
  if (!orderId || !UUID.test(orderId)) return null;
  const [byId] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.provider, provider)))
    .for("update");
  // A session id stored for this order must be this session: never let another session pay it.
  if (!byId || (byId.providerSessionId && byId.providerSessionId !== report.sessionId)) return null;
  return byId;
}

async function applyReport(
  deps: Pick<ShopDeps, "payments" | "logger" | "tax"> & { shipTo: readonly string[] },
  tx: Tx,
  report: CheckoutPaymentReport,
): Promise<CheckoutPaymentOutcome> {
  const { event } = report;
  const order = await lockOrderForSession(tx, report);
  if (!order) {
    deps.logger.warn(
      { eventId: event.id, sessionId: report.sessionId },
      "payment event for an unknown order",
    );
    return "unknown_order";
  }
  if (report.payment === "failed") {
    if (!canMove(order.status, "cancelled") || order.status !== "pending") return "ignored";
    await cancelUnpaidOrders(tx, [order.id], "payment_failed");
    return "payment_failed";
  }
  if (report.payment === "pending") return "awaiting_payment"; // the provider reports the payment later
  if (order.status === "cancelled") {
    // Cancelled before it was paid (the owner, a failed payment, or the purge of abandoned checkouts): a
    // cancelled order never comes back, so the money must go back. Said loudly, not applied; the event is
    // stored, so redelivery does not repeat the alarm.
    deps.logger.error(
      {
        eventId: event.id,
        orderId: order.id,
        orderNumber: order.orderNumber,
        sessionId: report.sessionId,
        amount: report.amountCents,
      },
      "payment received for a cancelled order: it stays cancelled; refund the payment with the provider",
    );
    return "order_cancelled";
  }
  if (order.status !== "pending") return isPaidStatus(order.status) ? "already_paid" : "ignored";
  // Taxes added on the payment page (decision 050) go on an order the checkout did not tax, and the provider
  // charged them: an order with taxes of its own takes none, and its payment does not match.
  const pageTaxes =
    report.paymentTaxes && order.taxCents === 0 && (await loadOneOrderTaxLines(tx, order.id)).length === 0
      ? report.paymentTaxes
      : null;
  // The provider charges what is due: the total less what gift cards, store credit and points paid.
  const due = order.totalCents + (pageTaxes?.addedCents ?? 0) - order.tenderedCents;
  if (report.amountCents !== due || (report.currency ?? "").toLowerCase() !== order.currency) {
    deps.logger.error(
      {
        eventId: event.id,
        orderId: order.id,
        expected: due,
        received: report.amountCents,
        currency: report.currency,
      },
      "payment amount differs from the order total: the order is not marked paid",
    );
    return "amount_mismatch";
  }
  // A paid order always carries its address: one begun without takes the payment page's (decision 027), in
  // a country shipped to whose orders are in the order's currency (decision 051), as the page was told.
  const collectable = countriesIn(deps.shipTo, currencyOf(order.currency) ?? BASE_CURRENCY);
  const address = shippingAddressForPayment(order, report.collectedAddress, collectable);
  if (!address.ok) {
    await recordAddressRefused(tx, order.id, address.fields);
    deps.logger.error(
      { eventId: event.id, orderId: order.id, orderNumber: order.orderNumber, fields: address.fields },
      "payment received with a shipping address the shop cannot ship to: the order stays pending; refund the payment with the provider",
    );
    return "address_refused";
  }
  const taxed = pageTaxes ? await recordPaymentTaxes(tx, order, pageTaxes) : order;
  if (!pageTaxes && !order.shippingAddress && order.provider === "stripe")
    await flagUntaxedAddress(deps, tx, order, address.address);
  return payOrder(deps, tx, { ...taxed, shippingAddress: address.address }, report);
}

/**
 * An order whose address Stripe's page collected, on the shop's rate table (TAX_PROVIDER=table): its
 * amount was fixed before the address was known and Stripe charged no tax, so the taxes the table would have
 * added there were not collected (decision 050: only Stripe Tax taxes such an order on Stripe). The owner is
 * told on the order's timeline ("tax_not_collected", with the amount) and in the log; the order stays as paid.
 */
async function flagUntaxedAddress(
  deps: Pick<ShopDeps, "logger" | "tax">,
  tx: Tx,
  order: OrderRow,
  address: ShippingAddress,
): Promise<void> {
  const currency = currencyOf(order.currency) ?? BASE_CURRENCY;
  const quote = deps.tax.quote({
    currency,
    destination: { country: address.country, region: address.region },
    ...taxableOf(order),
  });
  if (quote.added === 0) return;
  await tx.insert(orderEvents).values({
    orderId: order.id,
    type: "tax_not_collected",
    detail: {
      amountCents: quote.added,
      taxes: quote.lines.map((l) => `${l.name} ${l.ratePercent}%`).join(", "),
    },
  });
  deps.logger.warn(
    { orderId: order.id, orderNumber: order.orderNumber, taxCents: quote.added },
    "order paid on Stripe without the taxes of the address its payment page collected: set TAX_PROVIDER=stripe to tax such orders",
  );
}

/**
 * The paid path, in the payment's transaction, step by step (decision 019 for stock):
 * 1. take stock: the order's units, all or none (server/orders/take-stock.ts reports a shortfall);
 *    short on the sandbox, whose card is charged only when the shop accepts, the order is cancelled
 *    ("sold out") and nothing else happens;
 * 2. mark paid: pending -> processing with its "paid" step (server/orders/order-life.ts);
 * 3. subscriptions: one per subscription line;
 * 4. cart cleared;
 * 5. short on a payment the provider has already taken (Stripe): the order stays paid, marked
 *    "oversold" for the owner and logged as an error; after the commit it is refunded and cancelled.
 * The mail goes after the commit (`afterPayment`).
 */
async function payOrder(
  deps: Pick<ShopDeps, "payments" | "logger">,
  tx: Tx,
  order: OrderRow,
  report: CheckoutPaymentReport,
): Promise<"paid" | "sold_out" | "oversold"> {
  const stock = await takeOrderStock(tx, order.id);
  const short = stock.kind === "short" ? stock.products : null;
  if (short && order.provider === "sandbox") {
    await cancelUnpaidOrders(tx, [order.id], "sold_out");
    return "sold_out";
  }
  await markOrderPaid(tx, order, {
    shippingAddress: order.shippingAddress,
    paymentId: report.paymentId ?? null,
    cardFingerprint: report.cardFingerprint ?? null,
  });
  await createSubscriptions(deps, tx, order, report);
  await clearCart(tx, order.cartId);
  if (!short) return "paid";
  await recordShortfall(deps, tx, order, short);
  return "oversold";
}

/** A paid order short of stock: its "oversold" step for the owner, and an error in the log. */
async function recordShortfall(deps: Pick<ShopDeps, "logger">, tx: Tx, order: OrderRow, short: Shortfall[]) {
  await recordOversold(tx, order.id, short);
  deps.logger.error(
    { orderId: order.id, orderNumber: order.orderNumber, short },
    "paid order oversold: its units were no longer in stock; refund it or restock",
  );
}

/**
 * One subscription per subscription line of the paid order. A line the order's code discounted carries
 * the code into its renewals as the code says (core/renewal-promo.ts): what each renewal takes off, and
 * how many renewals.
 */
async function createSubscriptions(
  deps: Pick<ShopDeps, "payments">,
  tx: Tx,
  order: OrderRow,
  report: CheckoutPaymentReport,
) {
  const lines = (await loadOrderLines(tx, order.id)).filter((l) => l.isSubscription);
  if (lines.length === 0) return;
  const { subscriptionId } = report;
  // The provider's current view wins over the moment of payment: a cancellation that arrived before
  // this event is not undone (events in any order, one final state).
  const state = subscriptionId ? await deps.payments.getSubscription(subscriptionId) : null;
  const promoOf = await startingPromos(tx, order.discountCode);
  await tx
    .insert(subscriptions)
    .values(
      lines.map((l) => ({
        ...promoOf(l, l.lineTotalCents - l.savingCents),
        userId: order.userId,
        orderId: order.id,
        orderLineId: l.id,
        productId: l.productId,
        productName: l.productName,
        email: order.email,
        locale: order.locale,
        quantity: l.quantity,
        bundleId: l.bundleId,
        discountPercent: l.discountPercent,
        // Each renewal charges the line's price less its share of its stack's saving (core/pricing.ts),
        // in the order's currency (decision 051).
        amountCents: l.lineTotalCents - l.savingCents,
        currency: order.currency,
        interval: "month",
        intervalMonths: 1,
        shippingAddress: order.shippingAddress,
        paymentToken: report.card?.token ?? null,
        cardLabel: report.card?.label ?? null,
        status: state?.status ?? "active",
        nextBillingDate: state?.currentPeriodEnd
          ? sql`to_timestamp(${state.currentPeriodEnd})`
          : sql`(select ${orders.paidAt} + ${MONTH_INTERVAL} from ${orders} where ${orders.id} = ${order.id})`,
        // The sandbox names its subscription at payment; Stripe's is started after this commit.
        provider: order.provider,
        providerSubscriptionId: subscriptionId,
        providerCustomerId: report.customerId,
      })),
    )
    .onConflictDoNothing({ target: subscriptions.orderLineId });
}

/**
 * The paid path after the commit, on every report about the session: an oversold order is refunded and
 * cancelled (`cancelIfOversold`); else a paid order's confirmation is mailed, then Stripe is asked to
 * renew its subscriptions (a failure is retried by the scheduled job, server/jobs/scheduler.ts), and
 * which card paid (`keepCardFingerprint`).
 */
async function afterPayment(
  deps: Pick<ShopDeps, "db" | "payments" | "mailer" | "logger" | "origin" | "manageSecret">,
  report: CheckoutPaymentReport,
): Promise<void> {
  const order = await reportedOrder(deps.db, report);
  if (!order) return;
  if (await cancelIfOversold(deps, order)) return;
  if (!isPaidStatus(order.status)) return;
  await confirmPaid(deps, order);
  // Gift cards the order bought for today are sent now; those for a later day by the scheduled jobs.
  await deliverOrderGiftCards(deps, order.id);
  await startProviderSubscriptions(deps, { orderId: order.id });
  await keepCardFingerprint(deps, order);
}

/**
 * A card payment the provider did not fingerprint with its report (Stripe's event does not carry the
 * card) has its card's fingerprint read from the provider and kept on the order, for the referral rule
 * that nobody refers themselves by card (server/promotions/referrals.ts). Best effort: a provider that
 * fails leaves it null, and the payment stands.
 */
async function keepCardFingerprint(
  deps: Pick<ShopDeps, "db" | "payments" | "logger">,
  order: OrderRow,
): Promise<void> {
  if (order.cardFingerprint || !order.providerPaymentId || !order.providerSessionId) return;
  if (order.provider !== deps.payments.name) return;
  try {
    const fingerprint = await deps.payments.cardFingerprint(order.providerSessionId);
    if (fingerprint) await recordCardFingerprint(deps.db, order.id, fingerprint);
  } catch (err) {
    deps.logger.warn(
      { err, orderNumber: order.orderNumber },
      "could not read which card paid the order: it is kept without its card fingerprint",
    );
  }
}

/** The order a report is about, as it is after the report was applied. */
async function reportedOrder(db: Db, report: CheckoutPaymentReport): Promise<OrderRow | null> {
  const orderId = report.orderId ?? "";
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.provider, report.event.provider),
        UUID.test(orderId)
          ? or(eq(orders.providerSessionId, report.sessionId), eq(orders.id, orderId))
          : eq(orders.providerSessionId, report.sessionId),
      ),
    )
    .limit(1);
  return order ?? null;
}

/**
 * Sends the confirmation of a paid order after any report about its session: the outbox's dedupe key
 * makes every send after the first a no-op, and a send that failed is retried by the next report.
 */
async function confirmPaid(
  deps: Pick<ShopDeps, "db" | "mailer" | "origin" | "manageSecret">,
  order: OrderRow,
): Promise<void> {
  const lines = await loadOrderLines(deps.db, order.id);
  const acknowledgment = lines.some((l) => l.isSubscription)
    ? await renewalAcknowledgment(deps, order)
    : null;
  const taxLines = await loadOneOrderTaxLines(deps.db, order.id);
  await deps.mailer.send(orderConfirmationEmail(order, lines, deps.origin, acknowledgment, taxLines));
}

/**
 * What the confirmation acknowledges of the subscriptions the order started: the renewal terms as consented
 * to and each subscription's manage link. The subscriptions exist by now: they were written in the
 * payment's transaction (`payOrder`), which committed before the mail.
 */
async function renewalAcknowledgment(
  deps: Pick<ShopDeps, "db" | "origin" | "manageSecret">,
  order: OrderRow,
): Promise<RenewalAcknowledgment> {
  const [consent, started] = await Promise.all([
    renewalConsentOfOrder(deps.db, order.id),
    deps.db
      .select({
        id: subscriptions.id,
        productName: subscriptions.productName,
        quantity: subscriptions.quantity,
      })
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order.id))
      .orderBy(subscriptions.createdAt, subscriptions.id),
  ]);
  return {
    disclosure: consent?.disclosure ?? null,
    manage: started.map((s) => ({
      productName: s.quantity > 1 ? `${s.quantity} x ${s.productName}` : s.productName,
      url: manageUrl(deps.origin, deps.manageSecret, s.id),
    })),
  };
}

/**
 * A checkout paid after its last units were sold (Stripe takes the money before the shop can say no,
 * decision 019) is given back and cancelled by the shop: refunded in full through the provider, then
 * cancelled, and the customer is told why. Checked on every delivery of the report while the order is
 * still paid, so a provider that failed the refund is asked again on the redelivery (the refund's cap
 * keeps it to one). Answers whether the order was (or already is) cancelled for it.
 */
async function cancelIfOversold(
  deps: Pick<ShopDeps, "db" | "payments" | "mailer" | "logger" | "origin">,
  order: OrderRow,
): Promise<boolean> {
  const { db } = deps;
  const [oversold] = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, "oversold")))
    .limit(1);
  if (!oversold) return false;
  if (!isPaidStatus(order.status)) return true;
  await cancelOrder(deps, order.orderNumber, {
    refund: true,
    reason: "Sold out: paid after the last units were sold",
    actor: "the shop",
    customerNote: "sold_out",
  });
  deps.logger.warn({ orderNumber: order.orderNumber }, "oversold order refunded and cancelled");
  return true;
}
