import { createHash } from "node:crypto";
import { and, asc, eq, gte, lt } from "drizzle-orm";
import { RENEWAL_TERMS, type RenewalDisclosure, renewalDisclosure } from "../../core/renewal-disclosure.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { orders, renewalConsents } from "../db/schema.ts";
import type { PricedOrder } from "../orders/price-order.ts";

/**
 * The consent to automatic renewal given at checkout (docs/decisions/042-renewal-consent-at-checkout.md):
 * the disclosure rebuilt from the priced cart, its SHA-256, and the record of who agreed to which text, when
 * and from where.
 */

/** SHA-256 of the disclosure's text (UTF-8), in hex: what the page sends back and the record keeps. */
export function disclosureHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * The disclosure of a priced cart on `now`'s day, with its hash; null without subscription lines. A
 * discount code the price applies and that carries into renewals is part of it (core/renewal-promo.ts).
 */
export function checkoutDisclosure(
  priced: PricedOrder,
  now: Date,
): { disclosure: RenewalDisclosure; hash: string } | null {
  const code = priced.totals.code && !priced.totals.code.refusal ? priced.totals.code.terms : null;
  // Worded in the order's currency: its subscriptions renew in it (decision 051).
  const disclosure = renewalDisclosure(priced.lines, now, RENEWAL_TERMS, code, priced.totals.currency);
  return disclosure ? { disclosure, hash: disclosureHash(disclosure.text) } : null;
}

/** Where the consent came from: the client's address (server/http/client-ip.ts) and its user agent. */
export interface ConsentClient {
  ipAddress: string | null;
  userAgent: string | null;
}

export interface ConsentRecord {
  orderId: string;
  userId: string | null;
  email: string;
  disclosure: RenewalDisclosure;
  hash: string;
  client: ConsentClient;
}

const MAX_USER_AGENT = 512;

/**
 * Writes the order's consent, in the order's own transaction; a checkout started again for the same pending
 * order replaces it (one consent per order). Kept at least three years: nothing in the shop deletes these rows.
 */
export async function recordRenewalConsent(tx: Tx, record: ConsentRecord): Promise<void> {
  const values = {
    userId: record.userId,
    email: record.email,
    termsVersion: record.disclosure.termsVersion,
    disclosure: record.disclosure.text,
    disclosureHash: record.hash,
    ipAddress: record.client.ipAddress,
    userAgent: record.client.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    consentedAt: new Date(),
  };
  await tx
    .insert(renewalConsents)
    .values({ orderId: record.orderId, ...values })
    .onConflictDoUpdate({ target: renewalConsents.orderId, set: values });
}

export type RenewalConsentRow = typeof renewalConsents.$inferSelect;

/** The consent given for an order, if any. */
export async function renewalConsentOfOrder(db: DbOrTx, orderId: string): Promise<RenewalConsentRow | null> {
  const [row] = await db.select().from(renewalConsents).where(eq(renewalConsents.orderId, orderId));
  return row ?? null;
}

/** Every consent given in [from, to) (either bound optional), oldest first, with its order's number. */
export async function listRenewalConsents(
  db: DbOrTx,
  range: { from: Date | null; to: Date | null },
  page: { after: number; size: number },
): Promise<(RenewalConsentRow & { orderNumber: string })[]> {
  const rows = await db
    .select({ consent: renewalConsents, orderNumber: orders.orderNumber })
    .from(renewalConsents)
    .innerJoin(orders, eq(orders.id, renewalConsents.orderId))
    .where(
      and(
        range.from ? gte(renewalConsents.consentedAt, range.from) : undefined,
        range.to ? lt(renewalConsents.consentedAt, range.to) : undefined,
      ),
    )
    .orderBy(asc(renewalConsents.consentedAt), asc(renewalConsents.id))
    .limit(page.size)
    .offset(page.after);
  return rows.map((r) => ({ ...r.consent, orderNumber: r.orderNumber }));
}
