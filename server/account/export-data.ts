import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { isPlaceholderEmail } from "../../core/placeholder-email.ts";
import type { Db } from "../db/client.ts";
import {
  account,
  addresses,
  bookmarks,
  cartItems,
  carts,
  customerLedger,
  discountCodes,
  discountRedemptions,
  giftCards,
  newsletterSubscribers,
  orderEvents,
  orderLines,
  orders,
  orderTaxLines,
  profiles,
  quizAnswers,
  reactionReports,
  referrals,
  refunds,
  renewalConsents,
  reviewReports,
  reviews,
  stockNotifications,
  subscriptionEvents,
  subscriptions,
  user,
  userPreferences,
  wishlistItems,
} from "../db/schema.ts";
import { loadUserReturns } from "../returns/return-rows.ts";

/** A timestamp as the export writes it. */
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Everything the shop holds about one customer, for the customer's own download (GDPR Articles 15 and 20,
 * Cal. Civ. Code §1798.110; decision 045): only rows of theirs, and never a secret (no password hash,
 * session token, provider token or saved card token). Null when the account does not exist.
 */
export async function exportAccountData(db: Db, userId: string, now = new Date()) {
  const [u] = await db.select().from(user).where(eq(user.id, userId));
  if (!u) return null;
  const email = isPlaceholderEmail(u.email) ? null : u.email;
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const signIns = await db
    .select({ provider: account.providerId, since: account.createdAt })
    .from(account)
    .where(eq(account.userId, userId));
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  const orderIds = orderRows.map((o) => o.id);
  const [lines, events, refundRows, taxLines] = orderIds.length
    ? await Promise.all([
        db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)),
        db
          .select()
          .from(orderEvents)
          .where(inArray(orderEvents.orderId, orderIds))
          .orderBy(asc(orderEvents.createdAt)),
        db.select().from(refunds).where(inArray(refunds.orderId, orderIds)),
        db
          .select()
          .from(orderTaxLines)
          .where(inArray(orderTaxLines.orderId, orderIds))
          .orderBy(asc(orderTaxLines.position)),
      ])
    : [[], [], [], []];
  const subscriptionRows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
  const subscriptionIds = subscriptionRows.map((s) => s.id);
  const subscriptionEventRows = subscriptionIds.length
    ? await db
        .select()
        .from(subscriptionEvents)
        .where(inArray(subscriptionEvents.subscriptionId, subscriptionIds))
        .orderBy(asc(subscriptionEvents.createdAt))
    : [];
  const [
    consentRows,
    preferenceRows,
    addressRows,
    reviewRows,
    reportRows,
    wishlistRows,
    bookmarkRows,
    notifyRows,
    newsletterRows,
    reactionRows,
    cartRows,
    quizRows,
  ] = await Promise.all([
    db
      .select()
      .from(renewalConsents)
      .where(
        orderIds.length
          ? or(eq(renewalConsents.userId, userId), inArray(renewalConsents.orderId, orderIds))
          : eq(renewalConsents.userId, userId),
      ),
    db.select().from(userPreferences).where(eq(userPreferences.userId, userId)),
    db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt)),
    db.select().from(reviews).where(eq(reviews.userId, userId)),
    db.select().from(reviewReports).where(eq(reviewReports.reporterUserId, userId)),
    db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId)),
    db.select().from(bookmarks).where(eq(bookmarks.userId, userId)),
    db
      .select()
      .from(stockNotifications)
      .where(
        email
          ? or(eq(stockNotifications.userId, userId), eq(stockNotifications.email, email))
          : eq(stockNotifications.userId, userId),
      ),
    email ? db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)) : [],
    db.select().from(reactionReports).where(eq(reactionReports.userId, userId)),
    db
      .select({
        productId: cartItems.productId,
        quantity: cartItems.quantity,
        subscription: cartItems.isSubscription,
      })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.userId, userId)),
    db.select().from(quizAnswers).where(eq(quizAnswers.userId, userId)),
  ]);
  const newsletter = newsletterRows[0];
  // Decision 047's balances: the ledger rows, the gift cards received (once delivered, as the account shows
  // them) and bought (never a code: its last four only), the codes used and the referrals made.
  const cardBalance = sql<number>`coalesce((select sum(e.amount_cents) from gift_card_entries e where e.gift_card_id = gift_cards.id), 0)::int`;
  const [ledgerRows, receivedCards, boughtCards, codeUseRows, referralRows] = await Promise.all([
    db
      .select({
        kind: customerLedger.kind,
        reason: customerLedger.reason,
        amount: customerLedger.amount,
        currency: customerLedger.currency,
        orderNumber: orders.orderNumber,
        note: customerLedger.note,
        at: customerLedger.createdAt,
      })
      .from(customerLedger)
      .leftJoin(orders, eq(orders.id, customerLedger.orderId))
      .where(eq(customerLedger.userId, userId))
      .orderBy(asc(customerLedger.createdAt)),
    email
      ? db
          .select({ card: giftCards, balance: cardBalance })
          .from(giftCards)
          .where(and(eq(giftCards.recipientEmail, email.toLowerCase()), isNotNull(giftCards.deliveredAt)))
          .orderBy(asc(giftCards.createdAt))
      : [],
    db
      .select({ card: giftCards, balance: cardBalance, orderNumber: orders.orderNumber })
      .from(giftCards)
      .leftJoin(orders, eq(orders.id, giftCards.orderId))
      .where(eq(giftCards.purchaserUserId, userId))
      .orderBy(asc(giftCards.createdAt)),
    db
      .select({
        code: discountCodes.code,
        orderNumber: orders.orderNumber,
        email: discountRedemptions.email,
        status: discountRedemptions.status,
        amountCents: discountRedemptions.amountCents,
        currency: orders.currency,
        at: discountRedemptions.createdAt,
      })
      .from(discountRedemptions)
      .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.codeId))
      .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
      .where(
        email
          ? or(eq(discountRedemptions.userId, userId), eq(discountRedemptions.email, email.toLowerCase()))
          : eq(discountRedemptions.userId, userId),
      )
      .orderBy(asc(discountRedemptions.createdAt)),
    db.select().from(referrals).where(eq(referrals.referrerUserId, userId)).orderBy(asc(referrals.createdAt)),
  ]);

  const returnRows = await loadUserReturns(db, userId);

  return {
    exportedAt: now.toISOString(),
    about:
      "Everything MANA holds about your account. Payments are taken by the payment provider; the shop keeps no card numbers.",
    account: {
      id: u.id,
      name: u.name,
      email,
      emailVerified: u.emailVerified,
      phoneNumber: u.phoneNumber,
      phoneNumberVerified: u.phoneNumberVerified,
      image: u.image,
      role: u.role,
      createdAt: iso(u.createdAt),
      updatedAt: iso(u.updatedAt),
    },
    profile: profile
      ? {
          displayName: profile.displayName,
          email: isPlaceholderEmail(profile.email) ? null : profile.email,
          phoneNumber: profile.phoneNumber,
          photoUrl: profile.photoUrl,
          createdAt: iso(profile.createdAt),
          updatedAt: iso(profile.updatedAt),
        }
      : null,
    signInMethods: signIns.map((s) => ({ provider: s.provider, since: iso(s.since) })),
    addresses: addressRows.map((a) => ({
      fullName: a.fullName,
      line1: a.line1,
      line2: a.line2,
      city: a.city,
      region: a.region,
      postalCode: a.postalCode,
      country: a.country,
      phone: a.phone,
      isDefault: a.isDefault,
      createdAt: iso(a.createdAt),
    })),
    orders: orderRows.map((o) => ({
      orderNumber: o.orderNumber,
      email: o.email,
      status: o.status,
      currency: o.currency,
      subtotalCents: o.subtotalCents,
      discountCents: o.discountCents,
      shippingCents: o.shippingCents,
      taxCents: o.taxCents,
      // Each tax on its own (included: a VAT the prices contain, not added to the total).
      taxLines: taxLines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({
          name: l.name,
          ratePercent: l.ratePercent,
          amountCents: l.amountCents,
          currency: l.currency,
          included: l.included,
        })),
      totalCents: o.totalCents,
      refundedCents: o.refundedCents,
      paymentProvider: o.provider,
      shippingAddress: o.shippingAddress,
      carrier: o.carrier,
      trackingCode: o.trackingCode,
      placedAt: iso(o.createdAt),
      paidAt: iso(o.paidAt),
      shippedAt: iso(o.shippedAt),
      deliveredAt: iso(o.deliveredAt),
      cancelledAt: iso(o.cancelledAt),
      renewalDate: iso(o.renewalDate),
      lines: lines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({
          productId: l.productId,
          productName: l.productName,
          quantity: l.quantity,
          subscription: l.isSubscription,
          bundle: l.bundleId || null,
          unitPriceCents: l.unitPriceCents,
          discountPercent: l.discountPercent,
          lineTotalCents: l.lineTotalCents,
        })),
      events: events
        .filter((e) => e.orderId === o.id)
        .map((e) => ({ type: e.type, detail: e.detail, at: iso(e.createdAt) })),
      refunds: refundRows
        .filter((r) => r.orderId === o.id)
        .map((r) => ({ amountCents: r.amountCents, status: r.status, at: iso(r.createdAt) })),
    })),
    // The returns of their orders (docs/decisions/055-returns.md), as their order page shows them.
    returns: returnRows,
    subscriptions: subscriptionRows.map((s) => ({
      id: s.id,
      orderNumber: orderRows.find((o) => o.id === s.orderId)?.orderNumber ?? null,
      email: s.email,
      productName: s.productName,
      quantity: s.quantity,
      amountCents: s.amountCents,
      // Every amount beside its currency, as stored (decision 051).
      currency: s.currency,
      intervalMonths: s.intervalMonths,
      status: s.status,
      nextBillingDate: iso(s.nextBillingDate),
      pausedUntil: iso(s.pausedUntil),
      endsAt: iso(s.endsAt),
      cancelReason: s.cancelReason,
      shippingAddress: s.shippingAddress,
      card: s.cardLabel,
      paymentProvider: s.provider,
      createdAt: iso(s.createdAt),
      events: subscriptionEventRows
        .filter((e) => e.subscriptionId === s.id)
        .map((e) => ({ type: e.type, by: e.actor, detail: e.detail, at: iso(e.createdAt) })),
    })),
    renewalConsents: consentRows.map((c) => ({
      orderNumber: orderRows.find((o) => o.id === c.orderId)?.orderNumber ?? null,
      email: c.email,
      termsVersion: c.termsVersion,
      disclosure: c.disclosure,
      ipAddress: c.ipAddress,
      userAgent: c.userAgent,
      consentedAt: iso(c.consentedAt),
    })),
    preferences: preferenceRows[0]?.preferences ?? null,
    // The quiz's answers, kept only with the customer's consent (docs/decisions/053-quiz.md).
    quizAnswers: quizRows[0]
      ? {
          answers: quizRows[0].answers,
          consentedAt: iso(quizRows[0].consentedAt),
          updatedAt: iso(quizRows[0].updatedAt),
        }
      : null,
    cart: cartRows,
    reviews: reviewRows.map((r) => ({
      productId: r.productId,
      rating: r.rating,
      title: r.title,
      body: r.body,
      signedAs: r.authorName,
      status: r.status,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    })),
    reviewReportsMade: reportRows.map((r) => ({ reason: r.reason, at: iso(r.createdAt) })),
    wishlist: wishlistRows.map((w) => ({ productId: w.productId, stackId: w.stackId, at: iso(w.createdAt) })),
    readingList: bookmarkRows.map((b) => ({ articleId: b.articleId, at: iso(b.createdAt) })),
    backInStockRequests: notifyRows.map((n) => ({
      productId: n.productId,
      email: n.email,
      notifiedAt: iso(n.notifiedAt),
      at: iso(n.createdAt),
    })),
    newsletter: newsletter
      ? {
          email: newsletter.email,
          subscribed: newsletter.unsubscribedAt === null,
          consentAt: iso(newsletter.consentAt),
          unsubscribedAt: iso(newsletter.unsubscribedAt),
          since: iso(newsletter.createdAt),
        }
      : null,
    reactionReports: reactionRows.map((r) => ({
      productId: r.productId,
      orderNumber: orderRows.find((o) => o.id === r.orderId)?.orderNumber ?? null,
      name: r.name,
      email: r.email,
      phone: r.phone,
      description: r.description,
      status: r.status,
      at: iso(r.createdAt),
    })),
    // A friend's order is theirs: a referral says only when it was made and what became of it.
    storeCreditAndPoints: ledgerRows.map((l) => ({
      kind: l.kind,
      reason: l.reason,
      amount: l.amount,
      // The balance's currency, as stored (decision 051): credit in its minor units, points of it.
      currency: l.currency,
      orderNumber: l.orderNumber,
      note: l.note,
      at: iso(l.at),
    })),
    giftCardsReceived: receivedCards.map(({ card, balance }) => ({
      last4: card.last4,
      initialCents: card.initialCents,
      balanceCents: balance,
      currency: card.currency,
      status: card.status,
      from: card.senderName,
      message: card.message,
      deliveredAt: iso(card.deliveredAt),
    })),
    giftCardsBought: boughtCards.map(({ card, balance, orderNumber }) => ({
      last4: card.last4,
      orderNumber,
      initialCents: card.initialCents,
      balanceCents: balance,
      currency: card.currency,
      status: card.status,
      recipientEmail: card.recipientEmail,
      recipientName: card.recipientName,
      senderName: card.senderName,
      message: card.message,
      deliverOn: iso(card.deliverOn),
      deliveredAt: iso(card.deliveredAt),
      boughtAt: iso(card.createdAt),
    })),
    discountCodesUsed: codeUseRows.map((c) => ({
      code: c.code,
      orderNumber: c.orderNumber,
      email: c.email,
      status: c.status,
      amountCents: c.amountCents,
      currency: c.currency,
      at: iso(c.at),
    })),
    referralsMade: referralRows.map((r) => ({
      status: r.status,
      voidReason: r.voidReason,
      creditedAt: iso(r.creditedAt),
      at: iso(r.createdAt),
    })),
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccountData>>>;
