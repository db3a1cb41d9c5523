import { deliverDueGiftCards } from "../balances/issue-gift-cards.ts";
import type { ShopDeps } from "../deps.ts";
import { settleDueReferrals } from "../promotions/referrals.ts";
import { type RunDueReport, runDueSubscriptions } from "../subscriptions/run-due.ts";

/**
 * Everything that waits for a day, run up to `asOf`: subscriptions (renewals, retries, reminders, ended
 * pauses), gift cards sent on their day, and referrals credited 30 days after the friend's delivery. The scheduled jobs run each part on its own schedule
 * (server/jobs/scheduler.ts); `npm run admin -- jobs run-due --as-of` runs them all for a day. Each part is
 * safe to run twice and from several processes.
 */
export interface DueWorkReport {
  subscriptions: RunDueReport;
  giftCardsDelivered: number;
  referrals: { credited: number; voided: number };
}

export async function runDueWork(
  deps: Pick<ShopDeps, "db" | "catalogue" | "mailer" | "origin" | "manageSecret" | "tax">,
  asOf = new Date(),
): Promise<DueWorkReport> {
  const subscriptions = await runDueSubscriptions(deps, asOf);
  const giftCardsDelivered = await deliverDueGiftCards(deps, asOf);
  const referrals = await settleDueReferrals(deps, asOf);
  return { subscriptions, giftCardsDelivered, referrals };
}
