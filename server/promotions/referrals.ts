import { randomInt } from "node:crypto";
import { and, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { ShippingAddress } from "../../core/address.ts";
import { type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import type { Currency } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import { storedCurrency } from "../../core/order-totals.ts";
import type { ReferralVoidReason } from "../../core/referral-void.ts";
import { addLedgerEntry } from "../balances/customer-ledger.ts";
import type { Db, DbOrTx, Tx } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import { addresses, discountCodeAmounts, discountCodes, orders, referrals, user } from "../db/schema.ts";
import { Conflict } from "../domain-errors.ts";
import { customerLocale } from "../i18n/customer-locale.ts";
import { wordsIn } from "../i18n/words.ts";
import { emailLayout, linkBlock, paragraph, signature } from "../mail/layout.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { OrderRow } from "../orders/order-rows.ts";

/**
 * Referrals (docs/decisions/047-gift-cards-credit-and-points.md). Each customer's referral code is a
 * discount code that names them: $10 off a friend's first order of $40 or more, once per friend; every
 * code check applies to it, and nobody uses their own (same account or e-mail at the code's check, same
 * shipping address at checkout, same card at settlement). The friend's paid order records a referral; the
 * scheduled jobs credit the referrer $10 of store credit once the order was delivered 30 days ago and was
 * not refunded, or void the referral. In the other currencies the offer and the credit are REFERRAL_IN's.
 */
export const REFERRAL = {
  friendOffCents: 1000,
  minSubtotalCents: 4000,
  creditCents: 1000,
  waitDays: 30,
} as const;

/**
 * The same offer in the shop's other currencies (decision 051), round as the demo's codes are: the friend's
 * amount off and minimum (each referral code's discount_code_amounts rows, which the owner may change on
 * the codes list like any code's), and the referrer's credit, in the friend's order's currency.
 */
export const REFERRAL_IN: Record<
  Exclude<Currency, "USD">,
  { friendOffCents: number; minSubtotalCents: number; creditCents: number }
> = {
  CAD: { friendOffCents: 1500, minSubtotalCents: 5500, creditCents: 1500 },
  EUR: { friendOffCents: 1000, minSubtotalCents: 4000, creditCents: 1000 },
  GBP: { friendOffCents: 800, minSubtotalCents: 3500, creditCents: 800 },
};

/** The offer in a currency: the friend's amount off and minimum, the referrer's credit. */
export const referralOfferIn = (currency: Currency) =>
  currency === "USD"
    ? {
        friendOffCents: REFERRAL.friendOffCents,
        minSubtotalCents: REFERRAL.minSubtotalCents,
        creditCents: REFERRAL.creditCents,
      }
    : REFERRAL_IN[currency];

/** What the referrer is credited for a friend's order in `currency`. */
export const referralCreditIn = (currency: Currency): number =>
  currency === "USD" ? REFERRAL.creditCents : REFERRAL_IN[currency].creditCents;

/** A referral code's rows of amounts in the other currencies. */
export const referralCodeAmounts = (codeId: string) =>
  (Object.entries(REFERRAL_IN) as [Exclude<Currency, "USD">, (typeof REFERRAL_IN)["CAD"]][]).map(
    ([currency, a]) => ({
      codeId,
      currency,
      amountCents: a.friendOffCents,
      minSubtotalCents: a.minSubtotalCents,
    }),
  );

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

const referralCodeRead = perDatabase((db) =>
  db
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(
      and(eq(discountCodes.referrerUserId, sql.placeholder("userId")), eq(discountCodes.status, "active")),
    )
    .limit(1)
    .prepare("referral_code_of_user"),
);

/** The customer's referral code, made the first time it is asked for. */
export async function referralCodeOf(db: Db, userId: string): Promise<string> {
  const [found] = await referralCodeRead(db).execute({ userId });
  if (found) return found.code;
  for (;;) {
    let code = "FRIEND-";
    for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    const made = await db.transaction(async (tx) => {
      // One code per customer even when two pages ask at once: the customer's row is the queue.
      await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
      const [again] = await tx
        .select({ code: discountCodes.code })
        .from(discountCodes)
        .where(and(eq(discountCodes.referrerUserId, userId), eq(discountCodes.status, "active")))
        .limit(1);
      if (again) return again.code;
      const [row] = await tx
        .insert(discountCodes)
        .values({
          code,
          kind: "amount",
          amountCents: REFERRAL.friendOffCents,
          minSubtotalCents: REFERRAL.minSubtotalCents,
          oncePerCustomer: true,
          firstOrderOnly: true,
          combinesWithBundles: true,
          renewals: "first_order",
          referrerUserId: userId,
          createdBy: "referral",
        })
        .onConflictDoNothing({ target: discountCodes.code })
        .returning({ id: discountCodes.id, code: discountCodes.code });
      if (!row) return null;
      await tx.insert(discountCodeAmounts).values(referralCodeAmounts(row.id));
      return row.code;
    });
    if (made) return made;
  }
}

/** The link a customer shares: any page of the shop with their code, applied on arrival. */
export const referralUrl = (origin: string, code: string) => `${origin}/?code=${encodeURIComponent(code)}`;

const addressKey = (a: Pick<ShippingAddress, "line1" | "postalCode" | "country">) =>
  `${a.line1.trim().toLowerCase().replace(/\s+/g, " ")}|${a.postalCode.replace(/\s+/g, "").toUpperCase()}|${a.country}`;

/**
 * At checkout, once the address is known: a referral code shipped to one of its own customer's addresses
 * (saved, or of their paid orders) is their own (409).
 */
export async function assertNotOwnReferral(
  db: DbOrTx,
  code: { code: string; referrerUserId: string | null } | null,
  address: ShippingAddress | null,
): Promise<void> {
  if (!code?.referrerUserId || !address) return;
  const key = addressKey(address);
  const saved = await db.select().from(addresses).where(eq(addresses.userId, code.referrerUserId));
  const shipped = await db
    .select({ a: orders.shippingAddress })
    .from(orders)
    .where(and(eq(orders.userId, code.referrerUserId), sql`${orders.paidAt} is not null`));
  const theirs = [...saved, ...shipped.map((o) => o.a)].filter((a): a is NonNullable<typeof a> => Boolean(a));
  if (theirs.some((a) => addressKey(a) === key))
    throw new Conflict(
      "code_own_referral",
      `The code ${code.code} is a referral code for friends: it cannot ship to its owner's address.`,
    );
}

/** A paid order placed with a referral code records its referral (in the payment's transaction). */
export async function recordReferral(tx: Tx, order: OrderRow): Promise<void> {
  if (!order.discountCode) return;
  const [code] = await tx
    .select({ referrerUserId: discountCodes.referrerUserId })
    .from(discountCodes)
    .where(eq(discountCodes.code, order.discountCode))
    .limit(1);
  if (!code?.referrerUserId || code.referrerUserId === order.userId) return;
  await tx
    .insert(referrals)
    .values({ referrerUserId: code.referrerUserId, orderId: order.id })
    .onConflictDoNothing({ target: referrals.orderId });
}

export interface ReferralDeps {
  db: Db;
  mailer: Mailer;
  origin: string;
}

/**
 * Whether the friend's order was paid with a card that paid one of the referrer's own orders (the same
 * card fingerprint, `orders.card_fingerprint`): then the referrer referred themselves.
 */
async function paidWithReferrersCard(tx: Tx, referrerUserId: string, order: OrderRow): Promise<boolean> {
  if (!order.cardFingerprint) return false;
  const [theirs] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, referrerUserId),
        isNotNull(orders.paidAt),
        eq(orders.cardFingerprint, order.cardFingerprint),
        ne(orders.id, order.id),
      ),
    )
    .limit(1);
  return Boolean(theirs);
}

/** Why a pending referral is void now, or null while it still stands. */
async function voidReasonOf(
  tx: Tx,
  referrerUserId: string,
  order: OrderRow | undefined,
): Promise<ReferralVoidReason | null> {
  if (order?.status === "cancelled") return "cancelled";
  if (!order || order.refundedCents > 0) return "refunded";
  if (await paidWithReferrersCard(tx, referrerUserId, order)) return "own_card";
  return null;
}

/**
 * Settles the referrals due by `asOf`: a friend's order cancelled, refunded, or paid with a card that paid
 * one of the referrer's own orders voids its referral; one delivered at least 30 days before `asOf`
 * credits the referrer once (a unique ledger row per order) and e-mails them. Safe to run twice and from
 * several processes (each referral under its row lock).
 */
export async function settleDueReferrals(
  deps: ReferralDeps,
  asOf = new Date(),
): Promise<{ credited: number; voided: number }> {
  const pending = await deps.db
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.status, "pending"))
    .orderBy(referrals.createdAt);
  let credited = 0;
  let voided = 0;
  for (const { id } of pending) {
    const outcome = await deps.db.transaction(async (tx) => {
      const [r] = await tx.select().from(referrals).where(eq(referrals.id, id)).for("update");
      if (r?.status !== "pending") return null;
      const [o] = await tx.select().from(orders).where(eq(orders.id, r.orderId));
      const voidReason = await voidReasonOf(tx, r.referrerUserId, o);
      if (voidReason) {
        await tx.update(referrals).set({ status: "void", voidReason }).where(eq(referrals.id, id));
        return "voided" as const;
      }
      if (!o?.deliveredAt || o.deliveredAt.getTime() + REFERRAL.waitDays * 86_400_000 > asOf.getTime())
        return null;
      const currency = storedCurrency(o.currency);
      await addLedgerEntry(tx, {
        userId: r.referrerUserId,
        kind: "credit",
        reason: "referral",
        // In the friend's order's currency (decision 051): a friend in Canada earns the referrer CA$ credit.
        amount: referralCreditIn(currency),
        currency,
        orderId: o.id,
      });
      await tx
        .update(referrals)
        .set({ status: "credited", creditedAt: sql`now()` })
        .where(eq(referrals.id, id));
      const [referrer] = await tx
        .select({ email: user.email })
        .from(user)
        .where(eq(user.id, r.referrerUserId));
      // In the referrer's saved display language (server/i18n/customer-locale.ts).
      const locale = await customerLocale(tx, r.referrerUserId);
      const mail = referrer
        ? await deps.mailer.queue(
            tx,
            referralCreditEmail(
              referrer.email,
              r.id,
              deps.origin,
              locale,
              formatMoney(referralCreditIn(currency), currency),
            ),
          )
        : null;
      return { mail };
    });
    if (outcome === "voided") voided += 1;
    else if (outcome) {
      credited += 1;
      if (outcome.mail) await deps.mailer.deliverQueued([outcome.mail]);
    }
  }
  return { credited, voided };
}

function referralCreditEmail(to: string, referralId: string, origin: string, locale: Locale, amount: string) {
  const { t } = wordsIn(locale);
  const subject = t("email.referral.subject", { amount });
  const { text, html } = emailLayout({
    locale,
    heading: subject,
    home: origin,
    blocks: [
      paragraph(t("email.account.helloNoName")),
      paragraph(t("email.referral.body", { amount })),
      linkBlock(t("email.referral.account"), `${origin}${pathInLocale("/account", locale)}`),
      signature([t("email.account.team")]),
    ],
  });
  return { to, subject, text, html, dedupeKey: `referral-credit:${referralId}`, locale };
}

const referralsRead = perDatabase((db) =>
  db
    .select({
      id: referrals.id,
      status: referrals.status,
      voidReason: referrals.voidReason,
      createdAt: referrals.createdAt,
      creditedAt: referrals.creditedAt,
      orderNumber: orders.orderNumber,
      currency: orders.currency,
    })
    .from(referrals)
    .innerJoin(orders, eq(orders.id, referrals.orderId))
    .where(eq(referrals.referrerUserId, sql.placeholder("userId")))
    .orderBy(desc(referrals.createdAt))
    .prepare("referrals_of_user"),
);

/** A customer's referrals, newest first, for their account and the owner's customer page. */
export function referralsOf(db: DbOrTx, userId: string) {
  return referralsRead(db).execute({ userId });
}
