import { and, eq, inArray, or, sql } from "drizzle-orm";
import { REFUND_REASON_MAX } from "../../core/contracts/admin-orders.ts";
import { formatMoney } from "../../core/money.ts";
import { OrderTransitionError } from "../../core/order-status.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import { pointsForCents, refundSplit } from "../../core/tenders.ts";
import { type AuditActor, actorName, recordAudit } from "../audit/audit.ts";
import { addLedgerEntry } from "../balances/customer-ledger.ts";
import { addGiftCardEntry } from "../balances/gift-cards.ts";
import {
  giftCardPartOfRefund,
  giveBackTakenGiftCards,
  takeBackBoughtGiftCards,
} from "../balances/refund-gift-cards.ts";
import type { Db, DbOrTx, Tx } from "../db/client.ts";
import { orders, orderTenders, refunds } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import type { ProviderRefund } from "../payments/provider.ts";
import { orderRefundedEmail } from "./fulfilment-emails.ts";
import { recordOrderEvent } from "./order-events.ts";
import { settleRefundedCents } from "./order-life.ts";
import type { OrderRow } from "./order-rows.ts";

export type RefundRow = typeof refunds.$inferSelect;

/** What a payment is refunded against: Stripe's payment intent; the sandbox's session (or the order). */
export function refundablePayment(order: OrderRow): string | null {
  if (order.providerPaymentId) return order.providerPaymentId;
  return order.provider === "sandbox" ? (order.providerSessionId ?? order.id) : null;
}

/** Refunds not failed: what counts against what may still be given back. */
export async function committedCents(tx: DbOrTx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ["pending", "succeeded"])));
  return row?.n ?? 0;
}

/**
 * Gives back `amountCents` of a paid order, in the documented order (core/tenders.ts `refundSplit`):
 * first to the gift cards that paid it, then to store credit, then points, then the card; with `to:
 * "credit"` the card's part goes to the customer's store credit instead. Everything is written with the
 * order row locked: concurrent refunds queue on that lock and each counts the ones before it, so together
 * they never exceed what was paid. The balances' part is given back in that transaction (a refund row
 * "balances", succeeded). The gift cards the order bought give back, in that transaction, what the
 * refund's gift-card part is (`takeBackBoughtGiftCards`; refused with a 409 when they were spent). The
 * card's part is written as pending, then the provider is asked (the refund's id is its idempotency key); a
 * failure marks it failed, gives the bought cards back what was taken, and nothing was given back to the
 * card. A success records the order's "refunded" step and e-mails the customer once per refund.
 */
export async function refundOrder(
  deps: Pick<ShopDeps, "db" | "payments" | "mailer" | "origin">,
  orderNumber: string,
  input: { amountCents: number; reason: string; actor: AuditActor; to?: "original" | "credit" },
): Promise<{ order: OrderRow; refund: RefundRow; emailed: boolean }> {
  const number = orderNumber.trim().toUpperCase();
  const reason = input.reason.trim();
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    throw new OrderTransitionError("A refund is an amount of money above zero, such as 12.50.");
  if (!reason)
    throw new OrderTransitionError("Say why the order is refunded (the customer does not see it).");

  const asked = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, number)).for("update");
    if (!order) throw new OrderTransitionError(`There is no order ${number}.`);
    if (!order.paidAt)
      throw new OrderTransitionError(`Order ${number} was never paid, so nothing can be refunded.`);
    if (order.provider !== deps.payments.name)
      throw new OrderTransitionError(
        `Order ${number} was paid through ${order.provider}, which this shop no longer takes payments with: refund it there.`,
      );
    const committed = await committedCents(tx, order.id);
    const left = order.totalCents - committed;
    // Refunds are in the order's currency (decision 051).
    const money = (cents: number) => formatMoney(cents, storedCurrency(order.currency));
    if (input.amountCents > left)
      throw new OrderTransitionError(
        left <= 0
          ? `Order ${number} is already refunded in full (${money(order.totalCents)}).`
          : `Order ${number} was paid ${money(order.totalCents)} and ${money(committed)} is already refunded: at most ${money(left)} more can be refunded.`,
      );
    // Store credit is kept per currency: a refund to it is in the order's currency (decision 051).
    if (input.to === "credit" && !order.userId)
      throw new OrderTransitionError(
        `Order ${number} was placed without an account: store credit needs one, so refund it to the card.`,
      );
    const giftCardPart = giftCardPartOfRefund(order, committed, input.amountCents);
    const takenBack = await takeBackBoughtGiftCards(tx, {
      orderId: order.id,
      orderNumber: number,
      partCents: giftCardPart,
      otherCents: input.amountCents - giftCardPart,
      actor: actorName(input.actor),
    });
    const given = await giveBackToBalances(tx, order, input.amountCents, input.to === "credit");
    const cardCents = input.amountCents - given;
    const paymentId = cardCents > 0 ? refundablePayment(order) : null;
    if (cardCents > 0 && !paymentId)
      throw new OrderTransitionError(
        `The shop does not know the ${order.provider} payment of order ${number}: refund it in the provider's dashboard, and the shop records it when the provider reports it.`,
      );
    const write = (amountCents: number, provider: string, status?: "succeeded") =>
      tx
        .insert(refunds)
        .values({
          orderId: order.id,
          amountCents,
          reason: reason.slice(0, REFUND_REASON_MAX),
          provider,
          actor: actorName(input.actor),
          ...(status ? { status } : {}),
        })
        .returning();
    let balanceRefund: RefundRow | null = null;
    if (given > 0) {
      [balanceRefund] = (await write(
        given,
        input.to === "credit" ? "store_credit" : "balances",
        "succeeded",
      )) as [RefundRow];
      await recordOrderEvent(tx, order.id, "refunded", { amountCents: given });
    }
    const cardRefund = cardCents > 0 ? ((await write(cardCents, order.provider)) as [RefundRow])[0] : null;
    const settled = given > 0 ? await settleRefundedCents(tx, order.id) : order;
    await recordAudit(tx, {
      actor: input.actor,
      action: "order.refund",
      targetType: "order",
      targetId: order.id,
      before: { refundedCents: committed },
      after: {
        refundedCents: committed + input.amountCents,
        amountCents: input.amountCents,
        reason,
        ...(given > 0 ? { toBalancesCents: given } : {}),
        ...(giftCardPart > 0 ? { fromGiftCardsBoughtCents: giftCardPart } : {}),
      },
    });
    return { order: settled, balanceRefund, cardRefund, paymentId, takenBack };
  });

  let emailed = false;
  if (asked.balanceRefund) {
    const sent = await emailSucceeded(deps, {
      order: asked.order,
      refunds: [],
      newlySucceeded: [asked.balanceRefund],
    });
    emailed = sent.length > 0;
  }
  if (!asked.cardRefund || !asked.paymentId)
    return { order: asked.order, refund: asked.balanceRefund as RefundRow, emailed };

  let answer: ProviderRefund;
  try {
    answer = await deps.payments.refund({
      paymentId: asked.paymentId,
      amountCents: asked.cardRefund.amountCents,
      refundId: asked.cardRefund.id,
      orderId: asked.order.id,
    });
  } catch (err) {
    const failedId = asked.cardRefund.id;
    await deps.db.transaction(async (tx) => {
      const failed = await tx
        .update(refunds)
        .set({ status: "failed", updatedAt: sql`now()` })
        .where(and(eq(refunds.id, failedId), eq(refunds.status, "pending")))
        .returning({ id: refunds.id });
      if (failed.length > 0)
        await giveBackTakenGiftCards(tx, {
          orderId: asked.order.id,
          taken: asked.takenBack,
          actor: actorName(input.actor),
        });
    });
    throw err;
  }
  const cardRefundId = asked.cardRefund.id;
  const settled = await applyProviderRefunds(deps.db, asked.order.id, [
    { ...answer, shopRefundId: cardRefundId },
  ]);
  const sent = await emailSucceeded(deps, settled);
  const refund = settled.refunds.find((r) => r.id === cardRefundId) ?? asked.cardRefund;
  return { order: settled.order, refund, emailed: emailed || sent.includes(refund.id) };
}

/**
 * Gives back what gift cards, store credit and points paid of the order, up to `amountCents` and in the
 * documented order, and with `cardToCredit` the card's part too, as store credit: all in the order's
 * currency (decision 051). Answers the cents given back this way (the rest is the card's).
 */
async function giveBackToBalances(tx: Tx, order: OrderRow, amountCents: number, cardToCredit: boolean) {
  const tenders = await tx
    .select()
    .from(orderTenders)
    .where(and(eq(orderTenders.orderId, order.id), eq(orderTenders.status, "captured")))
    .orderBy(orderTenders.createdAt, orderTenders.id);
  const parts = refundSplit(
    amountCents,
    tenders.map((t) => ({
      id: t.id,
      kind: t.kind as "gift_card" | "credit" | "points",
      cents: t.amountCents,
      refundedCents: t.refundedCents,
    })),
  );
  let given = 0;
  for (const part of parts) {
    if (part.kind === "card") {
      if (!cardToCredit || !order.userId) continue;
      await addLedgerEntry(tx, {
        userId: order.userId,
        kind: "credit",
        reason: "refund",
        amount: part.cents,
        currency: storedCurrency(order.currency),
        orderId: order.id,
      });
      given += part.cents;
      continue;
    }
    const tender = tenders.find((t) => t.id === part.tenderId);
    if (!tender) continue;
    if (part.kind === "gift_card" && tender.giftCardId)
      await addGiftCardEntry(tx, {
        giftCardId: tender.giftCardId,
        kind: "refunded",
        amountCents: part.cents,
        orderId: order.id,
      });
    else if (order.userId)
      await addLedgerEntry(tx, {
        userId: order.userId,
        kind: part.kind === "credit" ? "credit" : "points",
        reason: "refund",
        amount: part.kind === "credit" ? part.cents : pointsForCents(part.cents),
        currency: storedCurrency(order.currency),
        orderId: order.id,
      });
    await tx
      .update(orderTenders)
      .set({ refundedCents: sql`${orderTenders.refundedCents} + ${part.cents}` })
      .where(eq(orderTenders.id, tender.id));
    given += part.cents;
  }
  return given;
}

interface Settled {
  order: OrderRow;
  refunds: RefundRow[];
  /** Refunds that became succeeded in this call: each gets its timeline step and its e-mail. */
  newlySucceeded: RefundRow[];
}

/**
 * Brings the shop's refunds of an order in line with what the provider reports, under the order's lock:
 * a known refund (by the provider's id, or the shop's id in its metadata) takes the provider's status; one
 * made in the provider's own dashboard is added. A refund reaching "succeeded" adds the order's
 * "refunded" step once, whichever of the call's answer and the provider's event comes first.
 */
export async function applyProviderRefunds(
  db: Db,
  orderId: string,
  reported: ProviderRefund[],
): Promise<Settled> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new Error(`order ${orderId} is gone`);
    const newlySucceeded: RefundRow[] = [];
    for (const r of reported) {
      const [known] = await tx
        .select()
        .from(refunds)
        .where(
          and(
            eq(refunds.orderId, orderId),
            r.shopRefundId
              ? or(eq(refunds.providerRefundId, r.providerRefundId), eq(refunds.id, r.shopRefundId))
              : eq(refunds.providerRefundId, r.providerRefundId),
          ),
        );
      if (known) {
        // A refund's end is final: a late "pending" never undoes "succeeded" or "failed".
        const status = known.status === "pending" ? r.status : known.status;
        const [row] = await tx
          .update(refunds)
          .set({ status, providerRefundId: r.providerRefundId, updatedAt: sql`now()` })
          .where(eq(refunds.id, known.id))
          .returning();
        if (known.status !== "succeeded" && status === "succeeded") newlySucceeded.push(row as RefundRow);
      } else {
        const [row] = await tx
          .insert(refunds)
          .values({
            orderId,
            amountCents: r.amountCents,
            reason: "Refunded in the payment provider's dashboard",
            status: r.status,
            provider: order.provider,
            providerRefundId: r.providerRefundId,
            actor: "provider",
          })
          .returning();
        if (r.status === "succeeded") newlySucceeded.push(row as RefundRow);
      }
    }
    for (const r of newlySucceeded)
      await recordOrderEvent(tx, orderId, "refunded", { amountCents: r.amountCents });
    const settled = await settleRefundedCents(tx, orderId);
    const all = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
      .orderBy(refunds.createdAt);
    return { order: settled, refunds: all, newlySucceeded };
  });
}

/** The customer's e-mail for each refund that just succeeded; returns the ids that were e-mailed. */
export async function emailSucceeded(
  deps: Pick<ShopDeps, "mailer" | "origin">,
  settled: Settled,
): Promise<string[]> {
  const sent: string[] = [];
  for (const r of settled.newlySucceeded) {
    if (await deps.mailer.send(orderRefundedEmail(settled.order, r, deps.origin))) sent.push(r.id);
  }
  return sent;
}

export type RefundReportOutcome = "refunds_updated" | "unknown_order";

/**
 * A provider reported refunds on a payment (Stripe's charge.refunded, also for a refund made in its own
 * dashboard): the shop re-reads every refund of that payment and applies them, so the same event twice,
 * or events in any order, end in one state.
 */
export async function recordReportedRefunds(
  deps: Pick<ShopDeps, "db" | "payments" | "mailer" | "origin">,
  paymentId: string | null,
): Promise<RefundReportOutcome> {
  if (!paymentId) return "unknown_order";
  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.providerPaymentId, paymentId), eq(orders.provider, deps.payments.name)));
  if (!order) return "unknown_order";
  const reported = await deps.payments.listRefunds(paymentId);
  if (!reported) return "unknown_order";
  const settled = await applyProviderRefunds(deps.db, order.id, reported);
  await emailSucceeded(deps, settled);
  return "refunds_updated";
}
