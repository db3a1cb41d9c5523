import { eq, sql } from "drizzle-orm";
import { canDo, refusal } from "../../core/subscription-rules.ts";
import type { DbOrTx } from "../db/client.ts";
import { subscriptions } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { Conflict, notFound } from "../domain-errors.ts";
import type { CardCheck } from "../payments/sandbox-card.ts";
import { checkSandboxCard } from "../payments/sandbox-card.ts";
import { saveSandboxCard } from "../payments/sandbox-cards.ts";
import { runDueSubscriptions } from "./run-due.ts";
import { subscriptionChangedEmail } from "./subscription-emails.ts";
import {
  billedByStripe,
  lockUserSubscription,
  recordSubscriptionEvent,
  type SubscriptionRow,
} from "./subscription-rows.ts";

/** The sandbox's card page in "save card" mode for one subscription. */
export function cardUpdatePath(subscriptionId: string): string {
  return `/account/subscriptions/${subscriptionId}/card`;
}

/**
 * A user's subscription whose card may be changed now: 404 when not theirs, 409 when its status forbids.
 * Inside a transaction (`db`), the row stays locked until it ends.
 */
export async function startCardUpdate(
  deps: Pick<ShopDeps, "db">,
  userId: string,
  id: string,
  db: DbOrTx = deps.db,
): Promise<SubscriptionRow> {
  const sub = await lockUserSubscription(db, userId, id);
  if (!sub) throw notFound("Subscription not found.");
  if (!canDo(sub.status, "payment-method"))
    throw new Conflict("not_allowed", refusal(sub.status, "payment-method"));
  if (billedByStripe(sub) && (!sub.providerSubscriptionId || !sub.providerCustomerId))
    throw new Conflict(
      "not_started",
      "This subscription is still being set up with Stripe: try again in a minute.",
    );
  return sub;
}

/** Stripe's page for replacing the customer's card (docs/decisions/016-stripe-subscriptions.md). */
export async function stripeCardUpdateUrl(
  deps: Pick<ShopDeps, "payments">,
  sub: SubscriptionRow,
  returnUrl: string,
): Promise<string> {
  const billing = deps.payments.billing;
  if (!billing || !sub.providerCustomerId) throw new Error(`subscription ${sub.id} is not billed by Stripe`);
  return billing.cardUpdateUrl(sub.providerCustomerId, returnUrl);
}

/**
 * Back from Stripe's card page: an unpaid renewal is charged again at once, and a changed card is
 * recorded and e-mailed (a customer who left the page without changing it is told so).
 */
export async function afterStripeCardUpdate(
  deps: Pick<ShopDeps, "db" | "payments" | "mailer" | "origin" | "manageSecret" | "tax">,
  sub: SubscriptionRow,
): Promise<"saved" | "unchanged" | "renewed" | "declined"> {
  const billing = deps.payments.billing;
  if (!billing || !sub.providerSubscriptionId || !sub.providerCustomerId)
    throw new Error(`subscription ${sub.id} is not billed by Stripe`);
  const after = await billing.afterCardUpdate(sub.providerSubscriptionId, sub.providerCustomerId);
  const changed = after.cardLabel !== null && after.cardLabel !== sub.cardLabel;
  if (changed) {
    const db = deps.db;
    const { row, eventId } = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(subscriptions)
        .set({ cardLabel: after.cardLabel, updatedAt: sql`now()` })
        .where(eq(subscriptions.id, sub.id))
        .returning();
      if (!updated) throw new Error(`subscription ${sub.id} vanished`);
      const eventId = await recordSubscriptionEvent(tx, sub.id, "card-updated", "customer", {
        card: after.cardLabel,
      });
      return { row: updated, eventId };
    });
    await deps.mailer.send(subscriptionChangedEmail(row, { type: "card-updated", eventId }, deps));
  }
  if (after.retried === "paid") return "renewed";
  if (after.retried === "declined") return "declined";
  return changed ? "saved" : "unchanged";
}

export type CardUpdateResult =
  | { kind: "saved"; subscription: SubscriptionRow; retried: "renewed" | "failed" | null }
  | Exclude<CardCheck, { kind: "accepted" }>;

/**
 * Saves a new test card on a subscription (its token, never the number) and e-mails the customer. A
 * subscription whose renewal failed is charged again at once with the new card, as a real provider
 * retries the open invoice when the card changes.
 */
export async function saveSubscriptionCard(
  deps: Pick<ShopDeps, "db" | "catalogue" | "mailer" | "origin" | "manageSecret" | "tax">,
  request: { userId: string; id: string; form: Record<string, unknown>; now?: Date },
): Promise<CardUpdateResult> {
  const now = request.now ?? new Date();
  const current = await startCardUpdate(deps, request.userId, request.id);
  if (billedByStripe(current))
    throw new Conflict("not_allowed", "This subscription's card is changed on Stripe's page.");
  const card = checkSandboxCard(request.form, now);
  if (card.kind !== "accepted") return card;

  const db = deps.db;
  const { row, eventId } = await db.transaction(async (tx) => {
    // Checked again under the row's lock: the status may have moved since the card was typed.
    const sub = await startCardUpdate(deps, request.userId, request.id, tx);
    const saved = await saveSandboxCard(tx, card.card);
    const [updated] = await tx
      .update(subscriptions)
      .set({
        paymentToken: saved.token,
        cardLabel: saved.label,
        // A failed renewal is retried now rather than on its schedule.
        ...(sub.status === "past_due" ? { retryAt: now } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    if (!updated) throw new Error(`subscription ${sub.id} vanished while locked`);
    const eventId = await recordSubscriptionEvent(tx, sub.id, "card-updated", "customer", {
      card: saved.label,
    });
    return { row: updated, eventId };
  });
  await deps.mailer.send(subscriptionChangedEmail(row, { type: "card-updated", eventId }, deps));

  if (row.status !== "past_due") return { kind: "saved", subscription: row, retried: null };
  const report = await runDueSubscriptions(deps, now, { onlyId: row.id });
  const [after] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
  return {
    kind: "saved",
    subscription: after ?? row,
    retried: report.renewed > 0 ? "renewed" : "failed",
  };
}
