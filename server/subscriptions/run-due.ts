import { and, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { applyPromo, promoActive } from "../../core/renewal-promo.ts";
import {
  addDays,
  addMonths,
  afterFailedCharge,
  pendingPriceApplies,
  REMINDER_DAYS_BEFORE,
} from "../../core/subscription-rules.ts";
import { subscriptions } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { orderConfirmationEmail } from "../orders/confirmation-email.ts";
import { loadOneOrderTaxLines, loadOrderLines } from "../orders/order-rows.ts";
import { chargeSandboxCard } from "../payments/sandbox-cards.ts";
import { promoTermsOf } from "../promotions/renewal-promo.ts";
import { createRenewalOrder } from "./renewal-order.ts";
import { chargedTaxes, renewalTaxQuote } from "./renewal-tax.ts";
import {
  renewalCancelledEmail,
  renewalFailedEmail,
  renewalReminderEmail,
  termsReminderEmail,
} from "./subscription-emails.ts";
import { recordSubscriptionEvent } from "./subscription-rows.ts";

export interface RunDueReport {
  resumed: number;
  reminded: number;
  renewed: number;
  failed: number;
  cancelled: number;
  /** Yearly reminders of a subscription's terms (decision 043). */
  termsReminded: number;
}

type RunDueDeps = Pick<ShopDeps, "db" | "catalogue" | "mailer" | "origin" | "manageSecret" | "tax">;

/** Subscriptions whose renewals the shop charges itself: the sandbox's. Stripe Billing renews its own. */
const RENEWED_HERE = eq(subscriptions.provider, "sandbox");

const BATCH = 100;
/** A run stops after this many renewal attempts; the next run carries on. */
const MAX_ATTEMPTS_PER_RUN = 100_000;

/**
 * Everything due up to `asOf`: timed pauses that end, reminders three days ahead, renewals and the
 * retries of failed ones, and the yearly reminder of each subscription's terms. A renewal on or after the
 * date of a price change the owner announced charges the new price and makes it the subscription's own; a
 * discount code carried into renewals takes its part off the amount charged, and the taxes of the
 * subscription's address at renewal time are added to what is left (decision 050). Safe to run twice and from several processes at once: each renewal runs in one
 * transaction on its subscription's locked row (rows another run holds are skipped), and an order is
 * unique per subscription and billing date, so a period is charged once. E-mails follow each commit, each
 * with its dedupe key. `onlyId` renews that one subscription if it is due (a card just updated).
 */
export async function runDueSubscriptions(
  deps: RunDueDeps,
  asOf = new Date(),
  options: { onlyId?: string } = {},
): Promise<RunDueReport> {
  const report: RunDueReport = {
    resumed: 0,
    reminded: 0,
    renewed: 0,
    failed: 0,
    cancelled: 0,
    termsReminded: 0,
  };
  const only = options.onlyId ? eq(subscriptions.id, options.onlyId) : undefined;
  if (!only) report.resumed = await resumeEndedPauses(deps, asOf);

  let attempts = 0;
  for (;;) {
    const due = await deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(RENEWED_HERE, dueCondition(asOf), only))
      .orderBy(subscriptions.nextBillingDate, subscriptions.id)
      .limit(BATCH);
    if (due.length === 0) break;
    let progressed = false;
    for (const { id } of due) {
      const outcome = await renewOne(deps, id, asOf);
      if (outcome === "busy") continue;
      progressed = true;
      report[outcome] += 1;
      attempts += 1;
    }
    // Every row left is held by another run: it will finish them.
    if (!progressed || attempts >= MAX_ATTEMPTS_PER_RUN) break;
  }

  if (!only) report.reminded = await sendReminders(deps, asOf);
  if (!only) report.termsReminded = await sendTermsReminders(deps, asOf);
  return report;
}

function dueCondition(asOf: Date) {
  return or(
    and(eq(subscriptions.status, "active"), lte(subscriptions.nextBillingDate, asOf)),
    and(eq(subscriptions.status, "past_due"), lte(subscriptions.retryAt, asOf)),
  );
}

/** Paused subscriptions whose pause has run out are active again, due on the date the pause moved them to. */
async function resumeEndedPauses(deps: Pick<ShopDeps, "db">, asOf: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const resumed = await tx
      .update(subscriptions)
      .set({ status: "active", pausedUntil: null, updatedAt: sql`now()` })
      .where(and(eq(subscriptions.status, "paused"), lte(subscriptions.pausedUntil, asOf)))
      .returning({ id: subscriptions.id });
    for (const { id } of resumed)
      await recordSubscriptionEvent(tx, id, "resumed", "scheduler", { by: "pause ended" });
    return resumed.length;
  });
}

type Outcome = "renewed" | "failed" | "cancelled" | "busy";

/** One renewal attempt on one subscription, all or nothing, then its e-mail. */
async function renewOne(deps: RunDueDeps, id: string, asOf: Date): Promise<Outcome> {
  const db = deps.db;
  const { origin } = deps;
  // Read before the transaction: the embedded database runs one statement at a time.
  const catalogue = await deps.catalogue.list();
  // The lists' product prices, for a renewal in another currency (the flat rate is not read: renewals ship free).
  const prices = await deps.catalogue.priceTable(0);
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), RENEWED_HERE, dueCondition(asOf)))
      .for("update", { skipLocked: true });
    if (!locked) return { outcome: "busy" as const };
    // From the date of an announced price change, renewals charge the new price (decision 043).
    const newPrice = pendingPriceApplies(locked);
    const sub = newPrice
      ? {
          ...locked,
          amountCents: locked.pendingAmountCents ?? locked.amountCents,
          pendingAmountCents: null,
          pendingAmountFrom: null,
        }
      : locked;

    // A code carried into renewals takes its part off whichever amount is charged, and counts this
    // renewal in the same transaction as its order (core/renewal-promo.ts).
    const promo = applyPromo(
      sub,
      promoActive(sub) ? await promoTermsOf(tx, sub.promoCode) : null,
      sub.amountCents,
    );
    // The taxes of the address the renewal ships to, on what it charges for the goods (renewals ship free).
    const taxes = renewalTaxQuote(deps.tax, sub, sub.amountCents - Math.min(promo.offCents, sub.amountCents));

    const charge = await chargeSandboxCard(tx, sub.paymentToken);
    if (charge.ok) {
      const order = await createRenewalOrder(
        tx,
        catalogue,
        sub,
        {
          provider: "sandbox",
          billingDate: sub.nextBillingDate,
          promo:
            sub.promoCode && promo.offCents > 0 ? { code: sub.promoCode, offCents: promo.offCents } : null,
          taxes: chargedTaxes(taxes),
        },
        prices,
      );
      const next = addMonths(sub.nextBillingDate, sub.intervalMonths);
      await tx
        .update(subscriptions)
        .set({
          status: "active",
          nextBillingDate: next,
          failedAttempts: 0,
          retryAt: null,
          promoCents: promo.after.promoCents,
          promoRenewalsLeft: promo.after.promoRenewalsLeft,
          ...(newPrice
            ? { amountCents: sub.amountCents, pendingAmountCents: null, pendingAmountFrom: null }
            : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.id, sub.id));
      await recordSubscriptionEvent(tx, sub.id, "renewed", "scheduler", {
        orderNumber: order.orderNumber,
        amountCents: order.totalCents,
        billingDate: sub.nextBillingDate.toISOString(),
        ...(order.discountCode
          ? { discountCode: order.discountCode, codeDiscountCents: order.codeDiscountCents }
          : {}),
        ...(order.taxCents > 0 ? { taxCents: order.taxCents } : {}),
      });
      return { outcome: "renewed" as const, order };
    }

    const failedAttempts = sub.failedAttempts + 1;
    const next = afterFailedCharge(sub.nextBillingDate, failedAttempts);
    const [updated] = await tx
      .update(subscriptions)
      .set(
        next.status === "past_due"
          ? { status: "past_due", failedAttempts, retryAt: next.retryAt, updatedAt: sql`now()` }
          : { status: "cancelled", failedAttempts, retryAt: null, endsAt: asOf, updatedAt: sql`now()` },
      )
      .where(eq(subscriptions.id, sub.id))
      .returning();
    if (!updated) throw new Error(`subscription ${sub.id} vanished while locked`);
    await recordSubscriptionEvent(
      tx,
      sub.id,
      next.status === "past_due" ? "renewal-failed" : "cancelled",
      "scheduler",
      {
        reason: charge.message,
        attempt: failedAttempts,
        retryAt: next.status === "past_due" ? next.retryAt.toISOString() : null,
      },
    );
    return {
      outcome: next.status === "past_due" ? ("failed" as const) : ("cancelled" as const),
      sub: updated,
      reason: charge.message,
      retryAt: next.status === "past_due" ? next.retryAt : null,
    };
  });

  if (result.outcome === "renewed") {
    const lines = await loadOrderLines(db, result.order.id);
    const taxLines = await loadOneOrderTaxLines(db, result.order.id);
    await deps.mailer.send(orderConfirmationEmail(result.order, lines, origin, null, taxLines));
  } else if (result.outcome === "failed") {
    await deps.mailer.send(
      renewalFailedEmail(
        result.sub,
        { retryAt: result.retryAt, failedAttempts: result.sub.failedAttempts, reason: result.reason },
        deps,
      ),
    );
  } else if (result.outcome === "cancelled") {
    await deps.mailer.send(renewalCancelledEmail(result.sub, deps));
  }
  return result.outcome;
}

/** One reminder per renewal, three days ahead: claimed by setting `reminded_for`, then e-mailed. */
async function sendReminders(
  deps: Pick<ShopDeps, "db" | "mailer" | "origin" | "manageSecret" | "tax">,
  asOf: Date,
): Promise<number> {
  const claimed = await deps.db
    .update(subscriptions)
    .set({ remindedFor: subscriptions.nextBillingDate, updatedAt: sql`now()` })
    .where(
      and(
        eq(subscriptions.status, "active"),
        isNull(subscriptions.endsAt),
        gt(subscriptions.nextBillingDate, asOf),
        lte(subscriptions.nextBillingDate, addDays(asOf, REMINDER_DAYS_BEFORE)),
        sql`${subscriptions.remindedFor} is distinct from ${subscriptions.nextBillingDate}`,
      ),
    )
    .returning();
  for (const sub of claimed)
    await deps.mailer.send(
      renewalReminderEmail(sub, deps, promoActive(sub) ? await promoTermsOf(deps.db, sub.promoCode) : null),
    );
  return claimed.length;
}

/**
 * Once a year after a subscription started, and yearly after that, while it is active or paused: its terms
 * and how to cancel (California Business and Professions Code §17602(b)). Claimed by one conditional
 * UPDATE that moves `terms_reminded_at` to this run, so a run repeated, or two runs at once, send it once:
 * the second finds the row claimed (PostgreSQL re-checks the condition on the row it waited for).
 */
async function sendTermsReminders(
  deps: Pick<ShopDeps, "db" | "mailer" | "origin" | "manageSecret" | "tax">,
  asOf: Date,
): Promise<number> {
  const yearBefore = addMonths(asOf, -12);
  const claimed = await deps.db
    .update(subscriptions)
    .set({ termsRemindedAt: asOf, updatedAt: sql`now()` })
    .where(
      and(
        inArray(subscriptions.status, ["active", "paused"]),
        isNull(subscriptions.endsAt),
        sql`coalesce(${subscriptions.termsRemindedAt}, ${subscriptions.createdAt}) <= ${yearBefore.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  for (const sub of claimed) await deps.mailer.send(termsReminderEmail(sub, asOf, deps));
  return claimed.length;
}
