import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, ne, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { ShippingAddress } from "../../core/address.ts";
import type { DeleteAccountBody, DeletionInfo, DeletionResult } from "../../core/contracts/account-data.ts";
import type { Locale } from "../../core/i18n/locales.ts";
import { DELETED_EMAIL_DOMAIN, deletedAccountEmail, realEmail } from "../../core/placeholder-email.ts";
import { recordAudit } from "../audit/audit.ts";
import type { DbOrTx } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import {
  account,
  addresses,
  adminAudit,
  discountCodes,
  discountRedemptions,
  giftCards,
  newsletterConfirmations,
  newsletterSubscribers,
  orderEvents,
  orders,
  outbox,
  profiles,
  rateLimit,
  refunds,
  returnRequests,
  reviews,
  sandboxCards,
  stockNotifications,
  subscriptionEvents,
  subscriptions,
  user,
  verification,
} from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import {
  Forbidden,
  InvalidInput,
  LimitExceeded,
  NotSignedIn,
  ProviderUnavailable,
} from "../domain-errors.ts";
import { customerLocale } from "../i18n/customer-locale.ts";
import { wordsIn } from "../i18n/words.ts";
import { accountDeletedEmail } from "../mail/templates/account-deleted.ts";
import { PaymentProviderError } from "../payments/provider.ts";
import { billingTermsOf } from "../subscriptions/provider-billing.ts";
import { recordSubscriptionEvent } from "../subscriptions/subscription-rows.ts";
import { DELETION_CODE_SENDS, issueDeletionCode, redeemDeletionCode } from "./deletion-code.ts";
import { checkPasskeyProof } from "./passkey-proof.ts";
import { isDashboardRole } from "./roles.ts";
import type { SmsSender } from "./sms-sender.ts";

/**
 * Deleting an account (GDPR Article 17, Cal. Civ. Code §1798.105, RCW 19.373.040; decision 045): the
 * customer proves it is them, every subscription ends now (at Stripe first), a confirmation goes to the
 * address the account had, every session ends, and in one transaction the personal data is erased
 * everywhere. Orders and subscriptions stay for the accounts with a placeholder address and the shipping
 * address cut to its country and region (sales tax); renewal consents and reaction reports stay as the law
 * asks, no longer linked to the account.
 */

export const STAFF_REFUSAL =
  "This account opens the shop's dashboard. An admin must remove its role (npm run admin -- users demote) before it can be deleted.";

type Deps = Pick<ShopDeps, "db" | "payments" | "mailer" | "logger" | "identity" | "origin">;

/** Whether the account signs in with a password (Better Auth's "credential" account). */
const passwordAccountOf = perDatabase((db) =>
  db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, sql.placeholder("userId")), eq(account.providerId, "credential")))
    .prepare("password_account_of_user"),
);

export async function hasPassword(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await passwordAccountOf(db).execute({ userId });
  return rows.length > 0;
}

/** How the account's deletion is confirmed, and why it cannot be, for the account page. */
export async function deletionInfo(db: DbOrTx, userId: string): Promise<DeletionInfo> {
  const [u] = await db.select().from(user).where(eq(user.id, userId));
  if (!u) throw new NotSignedIn("unauthorized", "Please sign in to continue.");
  const refusal = isDashboardRole(u.role) ? STAFF_REFUSAL : null;
  if (await hasPassword(db, userId)) return { proof: { kind: "password" }, refusal };
  const email = realEmail(u.email);
  if (email) return { proof: { kind: "code", channel: "email", to: email }, refusal };
  if (u.phoneNumber) return { proof: { kind: "code", channel: "sms", to: u.phoneNumber }, refusal };
  return { proof: { kind: "none" }, refusal };
}

/**
 * Sends a deletion code to an account without a password, by text message to its phone or by e-mail.
 * "limited": DELETION_CODE_SENDS reached.
 */
export async function sendDeletionCode(
  deps: Deps & { sms: SmsSender | null },
  userId: string,
  /** The asking page's language (server/i18n/customer-locale.ts). */
  pageLocale: Locale | null = null,
): Promise<{ sent: "email" | "sms"; to: string } | "limited"> {
  const info = await deletionInfo(deps.db, userId);
  if (info.refusal) throw new Forbidden("staff_account", info.refusal);
  const { proof } = info;
  if (proof.kind === "password")
    throw new InvalidInput("password_account", "This account is deleted with its password.");
  if (proof.kind === "none" || (proof.channel === "sms" && !deps.sms))
    throw new InvalidInput(
      "no_channel",
      "We have no way to send you a code. Write to us from the contact page to delete the account.",
    );
  const decision = await deps.identity.limits.consume(`delete-account-send:${userId}`, DELETION_CODE_SENDS);
  if (!decision.allowed) return "limited";
  const code = await issueDeletionCode(deps.db, userId);
  const { t, locale } = wordsIn(await customerLocale(deps.db, userId, pageLocale));
  const text = t("email.account.deletionCode.text", { code });
  if (proof.channel === "sms") await deps.sms?.send({ to: proof.to, text });
  else
    await deps.mailer.send({
      to: proof.to,
      subject: t("email.account.deletionCode.subject"),
      text,
      locale,
    });
  return { sent: proof.channel, to: proof.to };
}

/** An order's or subscription's address cut to what sales tax needs: the country and the region. */
function taxAddress(a: ShippingAddress | null): ShippingAddress | null {
  if (!a) return null;
  return {
    fullName: "",
    line1: "",
    line2: null,
    city: "",
    region: a.region,
    postalCode: "",
    country: a.country,
    phone: null,
  };
}

/** SQL true when the text of `column` holds any of `needles` (case-insensitive, no patterns). */
function mentions(column: SQLWrapper, needles: string[]): SQL {
  const tests = needles.map((n) => sql`strpos(lower(${column}::text), ${n.toLowerCase()}) > 0`);
  return or(...tests) ?? sql`false`;
}

const REMOVED = { removed: "personal data erased with the customer's account" };

/** Proves it is the account's owner asking: the password, or the code sent, or one of their passkeys. */
async function checkProof(deps: Deps, userId: string, body: DeleteAccountBody) {
  // A passkey stands in for the password or the code (docs/decisions/052-passkeys.md).
  if (body.passkey) {
    if (!(await checkPasskeyProof(deps.db, deps.origin, userId, body.passkey)))
      throw new InvalidInput("wrong_passkey", "That passkey could not confirm it is you. Please try again.");
    return;
  }
  if (await hasPassword(deps.db, userId)) {
    if (!body.password)
      throw new InvalidInput("password_required", "Enter your password to delete your account.", {
        fields: { password: "Enter your password." },
      });
    const ok = await deps.identity.checkPassword(userId, body.password);
    if (!ok)
      throw new InvalidInput("wrong_password", "That password is not right.", {
        fields: { password: "That password is not right." },
      });
    return;
  }
  if (!body.code)
    throw new InvalidInput("code_required", "Enter the 6-digit code we sent you.", {
      fields: { code: "Enter the 6-digit code." },
    });
  const used = await redeemDeletionCode(deps.db, deps.identity.limits, userId, body.code);
  if (used === "limited")
    throw new LimitExceeded("too_many_tries", "Too many wrong codes. Ask for a new code in ten minutes.");
  if (used === "wrong")
    throw new InvalidInput("wrong_code", "That code is not right, or it has expired.", {
      fields: { code: "That code is not right, or it has expired." },
    });
}

/** Deletes the signed-in customer's account (see the module's comment). */
export async function deleteAccount(
  deps: Deps,
  userId: string,
  body: DeleteAccountBody,
  /** The asking page's language (server/i18n/customer-locale.ts). */
  pageLocale: Locale | null = null,
): Promise<DeletionResult> {
  const { db } = deps;
  const [u] = await db.select().from(user).where(eq(user.id, userId));
  if (!u) throw new NotSignedIn("unauthorized", "Please sign in to continue.");
  // The shop never loses its last admin to a click: a dashboard account is demoted first.
  if (isDashboardRole(u.role)) throw new Forbidden("staff_account", STAFF_REFUSAL);
  await checkProof(deps, userId, body);
  // Read before the preferences are erased: the confirmation's language.
  const locale = await customerLocale(db, userId, pageLocale);

  const email = realEmail(u.email);
  const ownOrders = or(
    eq(orders.userId, userId),
    // Guest orders placed with the account's proven address are the customer's too.
    email && u.emailVerified ? and(isNull(orders.userId), eq(orders.email, email)) : undefined,
  );
  const orderRows = await db
    .select({ id: orders.id, email: orders.email, shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(ownOrders);
  const subscriptionRows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

  // At Stripe first: if it refuses, nothing is erased and the customer can try again. A subscription that
  // is not active is cancelled at once by the provider's rule (stripeSubscriptionChange), which is what
  // deleting asks for, so the terms are given as past due.
  const billing = deps.payments.billing;
  for (const s of subscriptionRows) {
    if (s.status === "cancelled" || !s.providerSubscriptionId || s.provider === "sandbox" || !billing)
      continue;
    const terms = billingTermsOf(s);
    try {
      await billing.update(
        s.providerSubscriptionId,
        { ...terms, status: "past_due" },
        { ...terms, status: "cancelled" },
        `mana-account-deleted:${s.id}`,
      );
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      deps.logger.error(
        { err, subscriptionId: s.id },
        "Stripe refused to cancel a deleted account's subscription",
      );
      throw new ProviderUnavailable(
        "payment_provider_unavailable",
        "Stripe could not cancel your subscriptions just now. Nothing was deleted: please try again.",
      );
    }
  }

  const confirmationKey = `account-deleted:${userId}`;
  if (email)
    await deps.mailer.send(
      accountDeletedEmail({
        to: email,
        origin: deps.origin,
        ordersKept: orderRows.length,
        dedupeKey: confirmationKey,
        locale,
      }),
    );
  await deps.identity.endSessions(userId);

  const result = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    if (!locked) throw new NotSignedIn("unauthorized", "Please sign in to continue.");
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
    const addressRows = await tx.select().from(addresses).where(eq(addresses.userId, userId));

    // Everything that names the customer, to find it in free text (events, audit, outbox).
    const emails = [
      u.email,
      profile?.email,
      ...orderRows.map((o) => o.email),
      ...subscriptionRows.map((s) => s.email),
    ]
      .filter((e): e is string => Boolean(e?.trim()) && !e?.endsWith(`@${DELETED_EMAIL_DOMAIN}`))
      .map((e) => e.trim());
    const phones = [u.phoneNumber, profile?.phoneNumber, ...addressRows.map((a) => a.phone)].filter(
      (p): p is string => Boolean(p?.trim()),
    );
    const addressTexts = [
      ...addressRows,
      ...orderRows.map((o) => o.shippingAddress),
      ...subscriptionRows.map((s) => s.shippingAddress),
    ]
      .flatMap((a) => (a ? [a.fullName, a.line1, a.line2, a.phone] : []))
      .filter((t): t is string => Boolean(t?.trim()));
    const names = [u.name, profile?.displayName].filter((n): n is string => Boolean(n?.trim()));
    const needles = [
      ...new Set([...emails, ...phones, ...addressTexts, ...names].map((n) => n.trim())),
    ].filter((n) => n.length >= 4);
    const contacts = [...new Set([...emails, ...phones])];

    const placeholder = deletedAccountEmail(randomBytes(6).toString("hex"));
    const orderIds = orderRows.map((o) => o.id);
    for (const o of orderRows) {
      await tx
        .update(orders)
        .set({
          email: placeholder,
          shippingAddress: taxAddress(o.shippingAddress),
          // Which card paid identifies the customer across orders (decision 047): it goes with them.
          cardFingerprint: null,
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, o.id));
    }
    let subscriptionsCancelled = 0;
    const now = new Date();
    for (const s of subscriptionRows) {
      const live = s.status !== "cancelled";
      if (live) subscriptionsCancelled += 1;
      await tx
        .update(subscriptions)
        .set({
          email: placeholder,
          shippingAddress: taxAddress(s.shippingAddress),
          paymentToken: null,
          cardLabel: null,
          providerCustomerId: null,
          retryAt: null,
          ...(live ? { status: "cancelled", endsAt: now, cancelReason: "account deleted" } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(subscriptions.id, s.id));
      if (live)
        await recordSubscriptionEvent(tx, s.id, "cancelled", "customer", { reason: "account deleted" });
    }
    const cardTokens = subscriptionRows.map((s) => s.paymentToken).filter((t): t is string => Boolean(t));
    if (cardTokens.length) await tx.delete(sandboxCards).where(inArray(sandboxCards.token, cardTokens));
    const subscriptionIds = subscriptionRows.map((s) => s.id);

    if (needles.length) {
      if (orderIds.length) {
        await tx
          .update(orderEvents)
          .set({ detail: REMOVED })
          .where(and(inArray(orderEvents.orderId, orderIds), mentions(orderEvents.detail, needles)));
        await tx
          .update(refunds)
          .set({ reason: REMOVED.removed })
          .where(and(inArray(refunds.orderId, orderIds), mentions(refunds.reason, needles)));
        // A return's comment (the customer's words) and note (the owner's) go when they name the customer.
        await tx
          .update(returnRequests)
          .set({
            comment: sql`case when ${mentions(returnRequests.comment, needles)} then ${REMOVED.removed} else ${returnRequests.comment} end`,
            note: sql`case when ${mentions(returnRequests.note, needles)} then ${REMOVED.removed} else ${returnRequests.note} end`,
          })
          .where(
            and(
              inArray(returnRequests.orderId, orderIds),
              or(mentions(returnRequests.comment, needles), mentions(returnRequests.note, needles)),
            ),
          );
      }
      if (subscriptionIds.length)
        await tx
          .update(subscriptionEvents)
          .set({ detail: REMOVED })
          .where(
            and(
              inArray(subscriptionEvents.subscriptionId, subscriptionIds),
              mentions(subscriptionEvents.detail, needles),
            ),
          );
      await tx
        .update(adminAudit)
        .set({ before: REMOVED, after: REMOVED })
        .where(or(mentions(adminAudit.before, needles), mentions(adminAudit.after, needles)));
    }

    // The customer's referral code ends with the account (its uses stay counted).
    await tx
      .update(discountCodes)
      .set({ status: "ended", updatedAt: sql`now()` })
      .where(eq(discountCodes.referrerUserId, userId));
    // A code's uses stay counted (a limited code is not given back), without the customer's e-mail; gift
    // cards keep their value for whoever holds them, without the deleted customer's name, address or words.
    const lowerEmails = emails.map((e) => e.toLowerCase());
    await tx
      .update(discountRedemptions)
      .set({ email: placeholder })
      .where(
        lowerEmails.length
          ? or(eq(discountRedemptions.userId, userId), inArray(discountRedemptions.email, lowerEmails))
          : eq(discountRedemptions.userId, userId),
      );
    await tx
      .update(giftCards)
      .set({ purchaserEmail: null, senderName: null })
      .where(
        emails.length
          ? or(eq(giftCards.purchaserUserId, userId), inArray(giftCards.purchaserEmail, emails))
          : eq(giftCards.purchaserUserId, userId),
      );
    if (emails.length)
      await tx
        .update(giftCards)
        .set({ recipientEmail: placeholder, recipientName: null, message: null })
        .where(inArray(giftCards.recipientEmail, emails));

    const deletedReviews = await tx
      .delete(reviews)
      .where(eq(reviews.userId, userId))
      .returning({ id: reviews.id });
    await tx
      .delete(stockNotifications)
      .where(
        emails.length
          ? or(eq(stockNotifications.userId, userId), inArray(stockNotifications.email, emails))
          : eq(stockNotifications.userId, userId),
      );
    if (emails.length) {
      await tx.delete(newsletterSubscribers).where(inArray(newsletterSubscribers.email, emails));
      await tx.delete(newsletterConfirmations).where(inArray(newsletterConfirmations.email, emails));
    }
    await tx
      .delete(verification)
      .where(
        or(
          eq(verification.value, userId),
          sql`${verification.identifier} like ${`%${userId}%`}`,
          contacts.length ? inArray(verification.identifier, contacts) : undefined,
          contacts.length ? mentions(verification.identifier, contacts) : undefined,
        ),
      );
    await tx.delete(rateLimit).where(mentions(rateLimit.key, [userId, ...contacts]));

    // The outbox: the confirmation stays, addressed to the placeholder (it names no one); every other
    // message to or about the customer goes.
    await tx.update(outbox).set({ to: placeholder }).where(eq(outbox.dedupeKey, confirmationKey));
    const removedMessages = contacts.length
      ? await tx
          .delete(outbox)
          .where(
            and(
              or(
                inArray(outbox.to, contacts),
                mentions(outbox.text, contacts),
                mentions(outbox.html, contacts),
                mentions(outbox.subject, contacts),
              ),
              or(isNull(outbox.dedupeKey), ne(outbox.dedupeKey, confirmationKey)),
            ),
          )
          .returning({ id: outbox.id })
      : [];

    // The user row last: sessions, sign-in methods, profile, preferences, addresses, wishlist, reading
    // list, cart and review reports go with it (their foreign keys cascade); orders, subscriptions, renewal
    // consents and reaction reports lose the link (set null).
    await tx.delete(user).where(eq(user.id, userId));

    const counts = {
      ordersKept: orderRows.length,
      subscriptionsCancelled,
      reviewsDeleted: deletedReviews.length,
      addressesDeleted: addressRows.length,
      messagesRemoved: removedMessages.length,
    };
    await recordAudit(tx, {
      actor: "the shop",
      action: "account deleted",
      targetType: "user",
      targetId: userId,
      before: null,
      after: { ...counts, requestedBy: "the customer" },
    });
    return counts;
  });
  deps.logger.info({ userId, ...result }, "account deleted by its owner");
  return {
    deleted: true,
    ordersKept: result.ordersKept,
    subscriptionsCancelled: result.subscriptionsCancelled,
    reviewsDeleted: result.reviewsDeleted,
  };
}
