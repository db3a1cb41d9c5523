import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../server/db/client.ts";
import {
  account,
  addresses,
  adminAudit,
  bookmarks,
  customerLedger,
  discountCodes,
  discountRedemptions,
  giftCardEntries,
  giftCards,
  newsletterSubscribers,
  orderEvents,
  orderLines,
  orders,
  outbox,
  passkey,
  profiles,
  reactionReports,
  referrals,
  renewalConsents,
  returnRequests,
  reviews,
  session,
  stockNotifications,
  subscriptionEvents,
  subscriptions,
  user,
  userPreferences,
  wishlistItems,
} from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, lastSmsCode, solveHumanCheck, uniqueEmail } from "./auth-helpers.ts";

/**
 * A customer's own data (decision 045): the export holds everything of theirs and nothing of anyone else,
 * and deleting the account leaves no personal field behind, except where the law asks the shop to keep it.
 */

/**
 * Every text and JSON column of the shop's tables, each either checked for the deleted customer's
 * personal data or kept on purpose (with the reason). A new column fails the completeness test until it
 * is listed here.
 */
const CHECKED_COLUMNS: Record<string, string[]> = {
  user: ["id", "name", "email", "image", "phone_number", "role", "ban_reason"],
  session: ["id", "token", "ip_address", "user_agent", "impersonated_by", "user_id"],
  account: [
    "id",
    "account_id",
    "provider_id",
    "user_id",
    "access_token",
    "refresh_token",
    "id_token",
    "scope",
    "password",
  ],
  verification: ["id", "identifier", "value"],
  rate_limit: ["id", "key"],
  // A passkey's label may name the customer's device; the row goes with the user (decision 052).
  passkey: ["id", "name", "public_key", "user_id", "credential_id", "device_type", "transports", "aaguid"],
  profiles: ["user_id", "email", "display_name", "photo_url", "phone_number"],
  carts: ["guest_token_hash", "user_id", "discount_code", "gift_card_ids"],
  cart_gift_cards: ["recipient_email", "recipient_name", "sender_name", "message"],
  discount_redemptions: ["user_id", "email", "status"],
  gift_cards: [
    "code_hash",
    "last4",
    "currency",
    "purchaser_user_id",
    "purchaser_email",
    "recipient_email",
    "recipient_name",
    "sender_name",
    "message",
    "status",
    "issued_by",
    "note",
  ],
  gift_card_entries: ["kind", "actor", "note"],
  customer_ledger: ["user_id", "kind", "reason", "currency", "actor", "note"],
  order_tenders: ["kind", "status"],
  referrals: ["referrer_user_id", "status", "void_reason"],
  cart_items: ["bundle_id"],
  newsletter_subscribers: ["email"],
  newsletter_confirmations: ["email", "token_hash"],
  outbox: ["channel", "to", "subject", "text", "html", "status", "dedupe_key"],
  orders: [
    "order_number",
    "user_id",
    "cart_fingerprint",
    "card_fingerprint",
    "email",
    "locale",
    "status",
    "currency",
    "provider",
    "provider_session_id",
    "checkout_url",
    "provider_payment_id",
    "shipping_address",
    "carrier",
    "tracking_code",
    "discount_code",
  ],
  refunds: ["reason", "status", "provider", "provider_refund_id", "actor"],
  return_requests: [
    "user_id",
    "kind",
    "status",
    "reason",
    "comment",
    "refund_to",
    "subscription_choice",
    "note",
  ],
  order_events: ["type", "detail"],
  addresses: ["user_id", "full_name", "line1", "line2", "city", "region", "postal_code", "country", "phone"],
  order_lines: ["product_name", "bundle_id"],
  order_tax_lines: ["name", "rate_percent", "currency"],
  subscriptions: [
    "user_id",
    "email",
    "locale",
    "product_name",
    "bundle_id",
    "interval",
    "status",
    "cancel_reason",
    "shipping_address",
    "payment_token",
    "card_label",
    "provider",
    "provider_subscription_id",
    "provider_customer_id",
    "promo_code",
    "currency",
  ],
  subscription_events: ["type", "actor", "detail"],
  sandbox_cards: ["token", "brand", "last4", "renewal"],
  payment_events: ["id", "provider", "type"],
  admin_audit: ["actor_user_id", "actor", "action", "target_type", "target_id", "before", "after"],
  shop_settings: ["key", "value"],
  reviews: ["user_id", "title", "body", "author_name", "status", "hidden_reason", "moderated_by"],
  review_reports: ["reporter_user_id", "reason"],
  wishlist_items: ["user_id"],
  stock_notifications: ["email", "user_id"],
  user_preferences: ["user_id", "preferences"],
  bookmarks: ["user_id"],
  // Health data kept with consent only (decision 053): the row goes with the user.
  quiz_answers: ["user_id", "answers"],
  article_events: ["event_type", "visitor_key"],
};

/** Kept after deletion because a law asks it (decision 045), no longer linked to the account. */
const KEPT_BY_LAW: Record<string, string[]> = {
  // Consent to automatic renewal: at least three years (decision 042).
  renewal_consents: [
    "user_id",
    "email",
    "terms_version",
    "disclosure",
    "disclosure_hash",
    "ip_address",
    "user_agent",
  ],
  // Reports of a reaction to a product: six years (decision 044).
  reaction_reports: ["user_id", "name", "email", "phone", "description", "status", "owner_note"],
};

/** The catalogue and editorial content: the shop's own text, never a customer's. */
const CATALOGUE_TABLES = [
  "products",
  "stacks",
  "experts",
  "articles",
  "discount_codes",
  "discount_code_amounts",
  "article_translations",
  "product_translations",
  "price_list_entries",
  "price_history",
];

const NAME = "Rosalind Quincey-Fairweather";
const PHONE = "+15557340981";
const STREET = "42 Evergreen Terrace";
const ADDRESS = {
  fullName: NAME,
  line1: STREET,
  line2: "Apt 9",
  city: "Springfield",
  region: "OR",
  postalCode: "97403",
  country: "US",
  phone: PHONE,
};

describe.each(testDatabases)("a customer's own data on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true });
  });
  afterAll(() => shop.close());
  const db = () => shop.services.database.db;

  /** A signed-up customer with a row in every table that can hold their data. */
  async function seededCustomer(tag: string) {
    const email = uniqueEmail(tag);
    // Each customer's own name and street, so that one customer's deletion is checked against their own.
    const name = `${NAME} ${tag}`;
    const street = `${STREET}, ${tag} wing`;
    const b = new Browser(shop);
    const up = await b.signUp(email, "correct horse 7", name);
    expect(up.status).toBe(200);
    const userId = up.body.user.id as string;
    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    await db().update(user).set({ phoneNumber: phone }).where(eq(user.id, userId));
    await db()
      .insert(profiles)
      .values({ userId, email, displayName: name, phoneNumber: phone })
      .onConflictDoUpdate({ target: profiles.userId, set: { displayName: name, phoneNumber: phone } });
    const address = { ...ADDRESS, fullName: name, line1: street, phone };
    await db()
      .insert(addresses)
      .values({ userId, ...address, isDefault: true });
    const orderNumber = `MANA-${randomUUID().slice(0, 8).toUpperCase()}`;
    const cardFingerprint = `card-${randomUUID()}`;
    const [order] = await db()
      .insert(orders)
      .values({
        orderNumber,
        userId,
        cartFingerprint: randomUUID(),
        // Which card paid (decision 047): the customer's too, checked like their name.
        cardFingerprint,
        email,
        status: "delivered",
        subtotalCents: 3000,
        totalCents: 3595,
        shippingCents: 595,
        provider: "sandbox",
        shippingAddress: address,
        paidAt: new Date(),
      })
      .returning();
    if (!order) throw new Error("no order");
    const [line] = await db()
      .insert(orderLines)
      .values({
        orderId: order.id,
        productId: 1,
        productName: "Korean Ginseng",
        quantity: 1,
        isSubscription: true,
        unitPriceCents: 3000,
        lineTotalCents: 2550,
        discountPercent: 15,
      })
      .returning();
    await db().insert(orderEvents).values({ orderId: order.id, type: "placed" });
    await db()
      .insert(orderEvents)
      .values({ orderId: order.id, type: "note", detail: { to: name, at: street } });
    // A return whose comment names them (docs/decisions/055-returns.md): exported, erased with the account.
    await db()
      .insert(returnRequests)
      .values({
        orderId: order.id,
        userId,
        sequence: 1,
        kind: "guarantee",
        reason: "other",
        comment: `Please write to ${name} at ${street}`,
        refundCents: 0,
      });
    const [sub] = await db()
      .insert(subscriptions)
      .values({
        userId,
        email,
        orderId: order.id,
        orderLineId: line?.id ?? randomUUID(),
        productId: 1,
        productName: "Korean Ginseng",
        amountCents: 2550,
        nextBillingDate: new Date(Date.now() + 20 * 86_400_000),
        shippingAddress: address,
        paymentToken: `tok_${randomUUID()}`,
        cardLabel: "Visa ending 4242",
      })
      .returning();
    if (!sub) throw new Error("no subscription");
    await db()
      .insert(subscriptionEvents)
      .values({
        subscriptionId: sub.id,
        type: "address-changed",
        actor: "customer",
        detail: { line1: street },
      });
    await db()
      .insert(renewalConsents)
      .values({
        orderId: order.id,
        userId,
        email,
        termsVersion: "2026-11",
        disclosure: "Renews every month until you cancel.",
        disclosureHash: "0".repeat(64),
        ipAddress: "203.0.113.7",
        userAgent: "Test browser",
        consentedAt: new Date(),
      });
    await db()
      .insert(reviews)
      .values({
        productId: 1,
        userId,
        orderId: order.id,
        rating: 5,
        title: "Steady energy",
        body: `Signed ${name}`,
        authorName: name,
      });
    await db().insert(wishlistItems).values({ userId, productId: 2 });
    await db().insert(bookmarks).values({ userId, articleId: 1 });
    await db().insert(stockNotifications).values({ productId: 3, email, userId });
    await db().insert(newsletterSubscribers).values({ email, consentAt: new Date() });
    await db()
      .insert(userPreferences)
      .values({ userId, preferences: { display: { theme: "dark" } } });
    await db().insert(reactionReports).values({
      productId: 1,
      orderId: order.id,
      userId,
      name,
      email,
      phone,
      description: "A mild headache after the first week.",
    });
    await db()
      .insert(outbox)
      .values([
        { channel: "email", to: email, subject: "Your order", text: `Hello ${name}, ${street}` },
        { channel: "sms", to: phone, text: "Your MANA verification code is 123456." },
        { channel: "email", to: "owner@mana.example", subject: "New order", text: `Order from ${email}` },
      ]);
    return {
      b,
      email,
      userId,
      phone,
      name,
      street,
      cardFingerprint,
      orderNumber,
      orderId: order.id,
      subscriptionId: sub.id,
    };
  }

  describe("export", () => {
    it("answers a guest 401", async () => {
      const guest = new Browser(shop);
      const res = await guest.call("GET", "/api/account/export");
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Please sign in to see or delete your data.");
    });

    it("downloads everything of the customer's as an attachment, nothing of another's, no secret", async () => {
      const me = await seededCustomer("export-me");
      const other = await seededCustomer("export-other");
      const res = await me.b.call("GET", "/api/account/export");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toMatch(
        /^attachment; filename="mana-my-data-\d{4}-\d\d-\d\d\.json"$/,
      );
      const data = res.body;
      expect(data.account).toMatchObject({
        id: me.userId,
        email: me.email,
        name: me.name,
        phoneNumber: me.phone,
      });
      expect(data.profile).toMatchObject({ displayName: me.name });
      expect(data.signInMethods).toEqual([expect.objectContaining({ provider: "credential" })]);
      expect(data.addresses).toEqual([expect.objectContaining({ line1: me.street, isDefault: true })]);
      expect(data.orders).toHaveLength(1);
      expect(data.orders[0]).toMatchObject({
        orderNumber: me.orderNumber,
        email: me.email,
        status: "delivered",
      });
      expect(data.orders[0].lines).toEqual([
        expect.objectContaining({ productName: "Korean Ginseng", quantity: 1 }),
      ]);
      expect(data.orders[0].events.map((e: { type: string }) => e.type)).toContain("placed");
      expect(data.subscriptions).toEqual([
        expect.objectContaining({
          id: me.subscriptionId,
          orderNumber: me.orderNumber,
          card: "Visa ending 4242",
          currency: "usd",
        }),
      ]);
      expect(data.subscriptions[0].events).toEqual([expect.objectContaining({ type: "address-changed" })]);
      expect(data.renewalConsents).toEqual([
        expect.objectContaining({ orderNumber: me.orderNumber, ipAddress: "203.0.113.7" }),
      ]);
      expect(data.preferences).toEqual({ display: { theme: "dark" } });
      expect(data.reviews).toEqual([expect.objectContaining({ title: "Steady energy", rating: 5 })]);
      expect(data.wishlist).toEqual([expect.objectContaining({ productId: 2 })]);
      expect(data.readingList).toEqual([expect.objectContaining({ articleId: 1 })]);
      expect(data.backInStockRequests).toEqual([expect.objectContaining({ productId: 3, email: me.email })]);
      expect(data.newsletter).toMatchObject({ email: me.email, subscribed: true });
      expect(data.reactionReports).toEqual([
        expect.objectContaining({ description: "A mild headache after the first week." }),
      ]);

      const text = JSON.stringify(data);
      for (const theirs of [other.email, other.orderNumber, other.userId, other.name, other.phone])
        expect(text).not.toContain(theirs);
      // No secret: the password hash, session tokens, the saved card's token.
      const [credential] = await db()
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, me.userId), eq(account.providerId, "credential")));
      expect(credential?.password).toBeTruthy();
      expect(text).not.toContain(credential?.password as string);
      for (const s of await db()
        .select({ token: session.token })
        .from(session)
        .where(eq(session.userId, me.userId)))
        expect(text).not.toContain(s.token);
      const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, me.subscriptionId));
      expect(text).not.toContain(sub?.paymentToken as string);
      expect(text).not.toMatch(/"(password|token|paymentToken|accessToken|refreshToken|idToken)"/);
    });
  });

  describe("export of balances", () => {
    it("holds the customer's points and credit, gift cards (never a code), codes used and referrals", async () => {
      const me = await seededCustomer("export-balances");
      const friend = await seededCustomer("export-friend");
      await db()
        .insert(customerLedger)
        .values([
          { userId: me.userId, kind: "points", reason: "earned", amount: 35, orderId: me.orderId },
          {
            userId: me.userId,
            kind: "credit",
            reason: "goodwill",
            amount: 1500,
            actor: "owner",
            note: "Sorry",
          },
          { userId: friend.userId, kind: "credit", reason: "goodwill", amount: 999 },
        ]);
      const received = `SECRETHASH${randomUUID()}`;
      const [toMe] = await db()
        .insert(giftCards)
        .values({
          codeHash: received,
          last4: "Q7RT",
          initialCents: 5000,
          recipientEmail: me.email.toLowerCase(),
          senderName: "Aunt May",
          message: "For your rest",
          status: "active",
          deliveredAt: new Date(),
        })
        .returning();
      if (!toMe) throw new Error("no gift card");
      await db()
        .insert(giftCardEntries)
        .values([
          { giftCardId: toMe.id, kind: "issued", amountCents: 5000 },
          { giftCardId: toMe.id, kind: "redeemed", amountCents: -1200 },
        ]);
      const bought = `SECRETHASH${randomUUID()}`;
      const [fromMe] = await db()
        .insert(giftCards)
        .values({
          codeHash: bought,
          last4: "K2LM",
          initialCents: 2500,
          orderId: me.orderId,
          purchaserUserId: me.userId,
          purchaserEmail: me.email,
          recipientEmail: "a.friend@example.com",
          recipientName: "A friend",
          message: "Happy birthday",
          status: "active",
          deliverOn: new Date(Date.now() + 5 * 86_400_000),
        })
        .returning();
      if (!fromMe) throw new Error("no gift card");
      const [code] = await db()
        .insert(discountCodes)
        .values({
          code: `FRIEND-${randomUUID().slice(0, 6).toUpperCase()}`,
          kind: "amount",
          amountCents: 1000,
        })
        .returning();
      if (!code) throw new Error("no code");
      await db().insert(discountRedemptions).values({
        codeId: code.id,
        orderId: me.orderId,
        userId: me.userId,
        email: me.email,
        status: "used",
        amountCents: 1000,
      });
      await db()
        .insert(referrals)
        .values({ referrerUserId: me.userId, orderId: friend.orderId, status: "pending" });

      const res = await me.b.call("GET", "/api/account/export");
      expect(res.status).toBe(200);
      const data = res.body;
      expect(data.storeCreditAndPoints).toEqual([
        expect.objectContaining({
          kind: "points",
          reason: "earned",
          amount: 35,
          // Each row with its balance's currency, as stored (decision 051).
          currency: "usd",
          orderNumber: me.orderNumber,
        }),
        expect.objectContaining({
          kind: "credit",
          reason: "goodwill",
          amount: 1500,
          currency: "usd",
          note: "Sorry",
        }),
      ]);
      expect(data.giftCardsReceived).toEqual([
        expect.objectContaining({
          last4: "Q7RT",
          initialCents: 5000,
          balanceCents: 3800,
          currency: "usd",
          from: "Aunt May",
        }),
      ]);
      expect(data.giftCardsBought).toEqual([
        expect.objectContaining({
          last4: "K2LM",
          orderNumber: me.orderNumber,
          recipientEmail: "a.friend@example.com",
          message: "Happy birthday",
          deliveredAt: null,
        }),
      ]);
      expect(data.discountCodesUsed).toEqual([
        expect.objectContaining({
          code: code.code,
          orderNumber: me.orderNumber,
          status: "used",
          amountCents: 1000,
          currency: "usd",
        }),
      ]);
      // The friend's order is the friend's: the referral names neither it nor them.
      expect(data.referralsMade).toEqual([expect.objectContaining({ status: "pending", creditedAt: null })]);
      const text = JSON.stringify(data);
      for (const secret of [received, bought, friend.orderNumber, friend.email, "999"])
        expect(text).not.toContain(secret);
      expect(text).not.toMatch(/"codeHash"/);
    });
  });

  describe("deletion", () => {
    it("refuses a guest, a wrong password, a missing one, and an admin or staff account", async () => {
      const guest = new Browser(shop);
      expect((await guest.call("POST", "/api/account/delete", { password: "x" })).status).toBe(401);
      expect((await guest.call("GET", "/api/account/deletion")).status).toBe(401);

      const me = await seededCustomer("delete-refused");
      const wrong = await me.b.call("POST", "/api/account/delete", { password: "not my password" });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: "wrong_password", message: "That password is not right." });
      const missing = await me.b.call("POST", "/api/account/delete", {});
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe("password_required");
      const forged = await me.b.call("POST", "/api/account/delete", {
        password: "correct horse 7",
        userId: "x",
      });
      expect(forged.status).toBe(400);
      expect((await me.b.session()).body?.user?.id).toBe(me.userId);

      for (const role of ["admin", "staff"]) {
        const owner = await seededCustomer(`delete-${role}`);
        await db().update(user).set({ role }).where(eq(user.id, owner.userId));
        const info = await owner.b.call("GET", "/api/account/deletion");
        expect(info.body.refusal).toMatch(/must remove its role/);
        const refused = await owner.b.call("POST", "/api/account/delete", { password: "correct horse 7" });
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe("staff_account");
        expect(await db().select().from(user).where(eq(user.id, owner.userId))).toHaveLength(1);
      }
    });

    it("leaves no personal field behind, keeps the order and what the law keeps, and ends every session", async () => {
      const me = await seededCustomer("delete-me");
      const bystander = await seededCustomer("delete-bystander");
      // A passkey labelled with the customer's name goes with the account (decision 052).
      await db()
        .insert(passkey)
        .values({
          id: `pk-${me.userId}`,
          name: `${me.name}'s phone`,
          publicKey: "public-key",
          userId: me.userId,
          credentialID: `cred-${me.userId}`,
          counter: 0,
          deviceType: "singleDevice",
          backedUp: false,
        });
      const oldCookie = me.b.cookie;
      expect((await me.b.call("GET", "/api/account/deletion")).body).toEqual({
        proof: { kind: "password" },
        refusal: null,
      });

      const res = await me.b.call("POST", "/api/account/delete", { password: "correct horse 7" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        deleted: true,
        ordersKept: 1,
        subscriptionsCancelled: 1,
        reviewsDeleted: 1,
      });

      // Every column of every table, but what the law keeps, is free of the customer's e-mail, name, phone
      // and street address.
      const needles = [me.email, me.name, me.phone, me.phone.slice(1), me.street, me.cardFingerprint];
      const found: string[] = [];
      for (const [table, columns] of Object.entries(CHECKED_COLUMNS)) {
        for (const column of columns) {
          for (const needle of needles) {
            const rows = rowsOf<{ n: number | string }>(
              await db().execute(
                sql`select count(*) as n from ${sql.identifier(table)} where strpos(lower(${sql.identifier(column)}::text), ${needle.toLowerCase()}) > 0`,
              ),
            );
            if (Number(rows[0]?.n) > 0) found.push(`${table}.${column} holds ${needle}`);
          }
        }
      }
      expect(found).toEqual([]);

      // The old session cookie opens nothing; signing in fails.
      const stale = new Browser(shop);
      for (const pair of oldCookie.split("; ")) {
        const i = pair.indexOf("=");
        stale.jar.set(pair.slice(0, i), pair.slice(i + 1));
      }
      expect((await stale.call("GET", "/api/account/export")).status).toBe(401);
      expect((await stale.session()).body).toBeNull();
      expect(await db().select().from(session).where(eq(session.userId, me.userId))).toEqual([]);
      expect((await new Browser(shop).signIn(me.email)).status).toBe(401);

      // The order stays for the accounts, with a placeholder and the address cut to country and region.
      const [order] = await db().select().from(orders).where(eq(orders.orderNumber, me.orderNumber));
      expect(order?.userId).toBeNull();
      expect(order?.email).toMatch(/^deleted-[a-f0-9]{12}@deleted\.mana\.invalid$/);
      expect(order?.shippingAddress).toMatchObject({ country: "US", region: "OR", line1: "", fullName: "" });
      expect(order?.totalCents).toBe(3595);
      expect(await db().select().from(orderLines).where(eq(orderLines.orderId, me.orderId))).toHaveLength(1);
      const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.id, me.subscriptionId));
      expect(sub).toMatchObject({
        status: "cancelled",
        userId: null,
        paymentToken: null,
        cancelReason: "account deleted",
      });

      // Renewal consent and reaction report stay, without the link to the account.
      const [consent] = await db()
        .select()
        .from(renewalConsents)
        .where(eq(renewalConsents.orderId, me.orderId));
      expect(consent).toMatchObject({ userId: null, email: me.email });
      const [report] = await db()
        .select()
        .from(reactionReports)
        .where(eq(reactionReports.orderId, me.orderId));
      expect(report).toMatchObject({ userId: null, name: me.name });

      // The confirmation went to the address the account had and its stored copy names no one.
      const [confirmation] = await db()
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `account-deleted:${me.userId}`));
      expect(confirmation?.subject).toBe("Your MANA account is deleted");
      expect(confirmation?.to).toMatch(/@deleted\.mana\.invalid$/);
      expect(confirmation?.text).not.toContain(me.name);
      // The owner's message that quoted the customer's e-mail is gone; the audit has counts only.
      const [audit] = await db()
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.action, "account deleted"), eq(adminAudit.targetId, me.userId)));
      expect(audit?.after).toMatchObject({ ordersKept: 1, subscriptionsCancelled: 1, reviewsDeleted: 1 });

      // Another customer keeps everything.
      const theirs = await bystander.b.call("GET", "/api/account/export");
      expect(theirs.status).toBe(200);
      expect(theirs.body.orders[0].email).toBe(bystander.email);
      expect(theirs.body.reviews).toHaveLength(1);
    });

    it("lists every text and JSON column of the shop's tables", async () => {
      const rows = rowsOf<{ table_name: string; column_name: string }>(
        await db().execute(sql`
          select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying')`),
      );
      const known = new Set(
        [...Object.entries(CHECKED_COLUMNS), ...Object.entries(KEPT_BY_LAW)].flatMap(([t, cs]) =>
          cs.map((c) => `${t}.${c}`),
        ),
      );
      const missing = rows
        .filter((r) => !CATALOGUE_TABLES.includes(r.table_name))
        .map((r) => `${r.table_name}.${r.column_name}`)
        .filter((c) => !known.has(c))
        .sort();
      expect(missing).toEqual([]);
    });

    it("confirms an account without a password with a code sent by text message", async () => {
      const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
      const b = new Browser(shop);
      await b.call(
        "POST",
        "/api/auth/phone-number/send-otp",
        { phoneNumber: phone },
        { "x-human-check": await solveHumanCheck(b) },
      );
      const verified = await b.call("POST", "/api/auth/phone-number/verify", {
        phoneNumber: phone,
        code: await lastSmsCode(shop, phone),
      });
      expect(verified.status).toBe(200);
      const info = await b.call("GET", "/api/account/deletion");
      expect(info.body).toEqual({ proof: { kind: "code", channel: "sms", to: phone }, refusal: null });
      expect((await b.call("POST", "/api/account/delete", { password: "anything" })).body.code).toBe(
        "code_required",
      );
      // Asked from a Spanish page: the code's text is in Spanish (the sign-in code, asked without one, English).
      const sent = await b.call("POST", "/api/account/deletion/code", {}, { "x-mana-locale": "es" });
      expect(sent.body).toEqual({ sent: "sms", to: phone });
      const code = await lastSmsCode(shop, phone);
      const texts = (await db().select().from(outbox).where(eq(outbox.to, phone))).map((r) => r.text).sort();
      expect(texts).toEqual([
        `Tu código de MANA para eliminar tu cuenta es ${code}. Caduca en 10 minutos. Si no lo pediste, ignora este mensaje.`,
        expect.stringMatching(/^Your MANA verification code is \d{6}\. It expires in 5 minutes\.$/),
      ]);
      const wrongCode = code === "000000" ? "111111" : "000000";
      const wrong = await b.call("POST", "/api/account/delete", { code: wrongCode });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe("wrong_code");
      const done = await b.call("POST", "/api/account/delete", { code });
      expect(done.status).toBe(200);
      expect(await db().select().from(user).where(eq(user.phoneNumber, phone))).toEqual([]);
      // Its text messages went with it.
      expect(await db().select().from(outbox).where(eq(outbox.to, phone))).toEqual([]);
    });
  });
});
