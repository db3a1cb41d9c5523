import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The link in every subscription e-mail that opens the subscription's page without an account (decision 043):
 * the subscription's id, the moment the link stops working and an HMAC of both with the server's secret
 * (`unsubscribeSecret`, the secret that signs sessions) under a purpose of its own, so a manage token is good
 * for managing that one subscription and for nothing else (not another subscription, not an unsubscribe).
 * Nothing is stored: every e-mail carries a fresh link, and an expired one offers to e-mail a new one to the
 * subscription's own address.
 */

/** The page a manage link opens: `${MANAGE_PAGE_PATH}/<token>`. */
export const MANAGE_PAGE_PATH = "/subscriptions/manage";
/** How long a manage link works: longer than the longest gap between two e-mails of a subscription. */
export const MANAGE_LINK_DAYS = 100;

const PURPOSE = "subscription-manage";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (secret: string, subscriptionId: string, expiresAt: number) =>
  createHmac("sha256", secret).update(`${PURPOSE}\n${subscriptionId}\n${expiresAt}`).digest("base64url");

/** A token naming one subscription, good until `now` plus MANAGE_LINK_DAYS. */
export function manageToken(secret: string, subscriptionId: string, now: Date = new Date()): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + MANAGE_LINK_DAYS * 86_400;
  return `${subscriptionId}.${expiresAt}.${mac(secret, subscriptionId, expiresAt)}`;
}

/** The absolute link for e-mails. */
export function manageUrl(
  origin: string,
  secret: string,
  subscriptionId: string,
  now: Date = new Date(),
): string {
  return `${origin}${MANAGE_PAGE_PATH}/${manageToken(secret, subscriptionId, now)}`;
}

export type ManageTokenCheck =
  | { ok: true; subscriptionId: string; expiresAt: Date }
  /** Signed by the server but past its time: the page may offer a new link for this subscription. */
  | { ok: false; reason: "expired"; subscriptionId: string }
  | { ok: false; reason: "invalid" };

/**
 * What a token is good for. `expected`, when given, is the subscription the request acts on: a token for any
 * other subscription is invalid for it.
 */
export function checkManageToken(
  secret: string,
  token: string | null | undefined,
  now: Date = new Date(),
  expected?: string,
): ManageTokenCheck {
  if (!token || token.length > 200) return { ok: false, reason: "invalid" };
  const [subscriptionId, expires, signature, extra] = token.split(".");
  if (!subscriptionId || !expires || !signature || extra !== undefined)
    return { ok: false, reason: "invalid" };
  if (!UUID.test(subscriptionId) || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: "invalid" };
  const expiresAt = Number(expires);
  const wanted = Buffer.from(mac(secret, subscriptionId, expiresAt));
  const given = Buffer.from(signature);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
    return { ok: false, reason: "invalid" };
  if (expected !== undefined && expected !== subscriptionId) return { ok: false, reason: "invalid" };
  if (expiresAt * 1000 <= now.getTime()) return { ok: false, reason: "expired", subscriptionId };
  return { ok: true, subscriptionId, expiresAt: new Date(expiresAt * 1000) };
}
