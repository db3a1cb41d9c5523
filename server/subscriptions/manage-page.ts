import { eq } from "drizzle-orm";
import { UUID } from "../../core/uuid.ts";
import { subscriptions } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { notFound } from "../domain-errors.ts";
import { checkManageToken } from "./manage-link.ts";
import { manageLinkEmail } from "./subscription-emails.ts";
import type { SubscriptionRow } from "./subscription-rows.ts";

/**
 * New manage links e-mailed for one subscription: a few an hour, like the other e-mails a visitor can make
 * the shop send (a deletion code, a newsletter confirmation). Each goes only to the subscription's own
 * address, so the limit keeps a mailbox from being flooded, not a stranger from reading it.
 */
export const MANAGE_LINK_SENDS = { window: 3600, max: 3 };

export type OpenedManageLink =
  | { state: "open"; row: SubscriptionRow; expiresAt: Date }
  | { state: "expired"; row: SubscriptionRow };

/**
 * The subscription a manage link opens (decision 043). A token the server did not sign, one for another
 * subscription than `expected`, or one for a subscription that does not exist is a 404 that names nothing;
 * a signed one past its time is "expired" (the page offers a fresh link to the subscription's address).
 */
export async function openManageLink(
  deps: Pick<ShopDeps, "db" | "manageSecret">,
  token: string | undefined,
  now: Date,
  expected?: string,
): Promise<OpenedManageLink> {
  if (expected !== undefined && !UUID.test(expected)) throw notFound("Subscription not found.");
  const check = checkManageToken(deps.manageSecret, token, now, expected);
  if (!check.ok && check.reason === "invalid") throw notFound("Subscription not found.");
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, check.subscriptionId));
  if (!row) throw notFound("Subscription not found.");
  return check.ok ? { state: "open", row, expiresAt: check.expiresAt } : { state: "expired", row };
}

/**
 * From a signed link, good or expired: a fresh one e-mailed to the subscription's own address (never to an
 * address the visitor gives). Over MANAGE_LINK_SENDS nothing is sent ("limited": the page answers 429).
 */
export async function sendFreshManageLink(
  deps: Pick<ShopDeps, "db" | "mailer" | "identity" | "origin" | "manageSecret" | "tax">,
  token: string | undefined,
  now: Date,
): Promise<"sent" | "limited"> {
  const { row } = await openManageLink(deps, token, now);
  const decision = await deps.identity.limits.consume(`manage-link-send:${row.id}`, MANAGE_LINK_SENDS);
  if (!decision.allowed) return "limited";
  await deps.mailer.send(manageLinkEmail(row, now, deps));
  return "sent";
}
