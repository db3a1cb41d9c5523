import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ShippingAddress } from "../../core/address.ts";
import type { QuizAnswers } from "../../core/quiz.ts";

/** Postgres's parsed text-search document; only the database reads it (never selected by the API). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The text-search configuration of a translation's language, from its locale column: a generated column's
 * expression is fixed, so it picks the configuration itself (to_tsvector(regconfig, text) is immutable).
 */
const SEARCH_CONFIG_OF_LOCALE =
  "case locale when 'es' then 'spanish'::regconfig else 'french'::regconfig end";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`);
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`);

// ---------------------------------------------------------------------------------------------------------
// Catalogue. Money is integer cents everywhere.

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    tagline: text("tagline").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** Percent off for subscription lines; null means the shop default (15). */
    subscriptionDiscount: integer("subscription_discount"),
    benefits: jsonb("benefits").$type<string[]>().notNull(),
    category: text("category").notNull(),
    packageSize: text("package_size").notNull(),
    imageUrl: text("image_url").notNull(),
    accent: text("accent").notNull(),
    /** Units the shop can still sell: a paid order takes its units, never below 0 (the check). */
    stockOnHand: integer("stock_on_hand").notNull().default(100),
    /** Name, tagline, description, benefits and category flattened by the seed, for the header's search. */
    searchText: text("search_text").notNull().default(""),
    /** `search_text` parsed once on write, as for articles. */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', search_text)`),
    /** The dashboard flags the product once stock on hand is at or below this. */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(10),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_stock_not_negative", sql`${t.stockOnHand} >= 0`),
    index("products_search_vector").using("gin", t.searchVector),
    index("products_name_trgm").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);
export type ProductRow = typeof products.$inferSelect;

/**
 * A product's words in Spanish or French, for searching in the page's language: the tagline a hit shows and
 * the text it is found by (name, tagline, description, benefits, category), as the seed writes them from
 * `content/i18n/<locale>/products.json`. The name is the brand's, the same in every language.
 */
export const productTranslations = pgTable(
  "product_translations",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    tagline: text("tagline").notNull(),
    searchText: text("search_text").notNull(),
    /** `search_text` parsed once on write with the language's configuration. */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector(${sql.raw(SEARCH_CONFIG_OF_LOCALE)}, search_text)`),
  },
  (t) => [
    uniqueIndex("product_translations_product_locale").on(t.productId, t.locale),
    check("product_translations_locale", sql`${t.locale} in ('es', 'fr')`),
    index("product_translations_search_vector").using("gin", t.searchVector),
  ],
);

/**
 * The price lists of the currencies other than the base (docs/decisions/051): one amount per item and
 * currency (`core/price-lists.ts` names the items), set by the owner; the US dollar list is the products'
 * and stacks' own prices. Currency in upper case, as the shop names it (`core/markets.ts`).
 */
export const priceListEntries = pgTable(
  "price_list_entries",
  {
    item: text("item").notNull(),
    currency: text("currency").notNull(),
    amountCents: integer("amount_cents").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.item, t.currency] }),
    check("price_list_entries_amount", sql`${t.amountCents} >= 0`),
    check("price_list_entries_currency", sql`${t.currency} in ('CAD', 'EUR', 'GBP')`),
  ],
);

/**
 * Every price a product or stack had, per price list and day (UTC): the lowest of the day. Written by the
 * database itself whenever a price is written (migration 0021's triggers on products, stacks and
 * price_list_entries), so no write path can skip it; read for the lowest price of the last 30 days that the
 * UK and EU require beside an announced reduction (decision 051).
 */
export const priceHistory = pgTable(
  "price_history",
  {
    item: text("item").notNull(),
    currency: text("currency").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.item, t.currency, t.day] })],
);

/** A stack is also a bundle: lines added from it carry its slug as `bundleId` and get its price. */
export const stacks = pgTable("stacks", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  expertEndorsed: boolean("expert_endorsed").notNull().default(false),
  popularityScore: integer("popularity_score").notNull(),
  targetOutcomes: jsonb("target_outcomes").$type<string[]>().notNull(),
  synergyExplanation: text("synergy_explanation").notNull(),
  productIds: jsonb("product_ids").$type<number[]>().notNull(),
  bundlePriceCents: integer("bundle_price_cents").notNull(),
  subscriptionDiscount: integer("subscription_discount").notNull(),
  updatedAt: updatedAt(),
});
export type StackRow = typeof stacks.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// Editorial content.

export const experts = pgTable("experts", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  credentials: text("credentials").notNull(),
  bio: text("bio").notNull(),
  authorityScore: integer("authority_score").notNull(),
  verifiedExpert: boolean("verified_expert").notNull().default(false),
  website: text("website"),
  headshotUrl: text("headshot_url").notNull(),
  featured: boolean("featured").notNull().default(false),
});

export const articles = pgTable(
  "articles",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    articleType: text("article_type").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull(),
    featuredProducts: jsonb("featured_products").$type<number[]>().notNull(),
    featuredImage: text("featured_image").notNull(),
    publishDate: timestamp("publish_date", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    readingTime: integer("reading_time").notNull(),
    wordCount: integer("word_count").notNull(),
    category: text("category").notNull(),
    expertAuthorId: integer("expert_author_id"),
    contentBlocks: jsonb("content_blocks").$type<unknown[]>().notNull(),
    /** Title, excerpt, tags and text blocks flattened by the seed, for full-text and trigram search. */
    searchText: text("search_text").notNull(),
    /** `search_text` parsed once on write: ranking a parse done per query cost 13 ms per pass in PGlite. */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', search_text)`),
  },
  (t) => [
    index("articles_search_vector").using("gin", t.searchVector),
    index("articles_title_trgm").using("gin", sql`${t.title} gin_trgm_ops`),
    index("articles_publish_date").on(t.publishDate),
  ],
);

/**
 * An article or story in Spanish or French, for searching in the page's language (the pages lay the words
 * over English from content/i18n themselves, docs/decisions/049-languages.md): the title and excerpt a hit
 * shows and the text it is found by, as the seed writes them from `content/i18n/<locale>/`.
 */
export const articleTranslations = pgTable(
  "article_translations",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    /** Title, excerpt, tags and text blocks in the language (English where a block has no translation). */
    searchText: text("search_text").notNull(),
    /** `search_text` parsed once on write with the language's configuration. */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector(${sql.raw(SEARCH_CONFIG_OF_LOCALE)}, search_text)`),
  },
  (t) => [
    uniqueIndex("article_translations_article_locale").on(t.articleId, t.locale),
    check("article_translations_locale", sql`${t.locale} in ('es', 'fr')`),
    index("article_translations_search_vector").using("gin", t.searchVector),
  ],
);

/** Article analytics: views (at most one per visitor per article per hour) and product clicks. */
export const articleEvents = pgTable(
  "article_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    articleId: integer("article_id").notNull(),
    eventType: text("event_type").notNull(),
    productId: integer("product_id"),
    visitorKey: text("visitor_key").notNull(),
    hourBucket: timestamp("hour_bucket", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("article_events_one_view_per_hour")
      .on(t.articleId, t.visitorKey, t.hourBucket)
      .where(sql`${t.eventType} = 'view'`),
    index("article_events_article").on(t.articleId, t.eventType),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Identity (Better Auth's core tables plus the phone-number plugin's fields).

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  phoneNumber: text("phone_number").unique(),
  phoneNumberVerified: boolean("phone_number_verified"),
  /** Better Auth's admin plugin: "user" (a customer), "staff" or "admin" (server/auth/roles.ts). */
  role: text("role").default("user"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Better Auth's admin plugin: the admin who opened this session as the user, when one did. */
    impersonatedBy: text("impersonated_by"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("session_user").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier").on(t.identifier)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Better Auth's passkey plugin (@better-auth/passkey): a customer's WebAuthn credentials, by which they sign
 * in and confirm sensitive changes (docs/decisions/052-passkeys.md). Only the public key is kept.
 */
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
  },
  (t) => [index("passkey_user").on(t.userId), uniqueIndex("passkey_credential").on(t.credentialID)],
);

/** The profile the sync-user call returns; editable display name and phone. */
export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  displayName: text("display_name"),
  photoUrl: text("photo_url"),
  phoneNumber: text("phone_number"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------------------
// Cart. A cart belongs to a guest (hash of the opaque cookie token) or to a user.

export const carts = pgTable("carts", {
  id: uuid("id").primaryKey().defaultRandom(),
  guestTokenHash: text("guest_token_hash").unique(),
  userId: text("user_id")
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  /** The discount code the visitor applied (canonical, upper-case); re-checked at checkout and payment. */
  discountCode: text("discount_code"),
  /** Gift cards the visitor applied (their ids: the codes are never stored), store credit to use, and how
   * many 100-point steps of Wellness Points to redeem. */
  giftCardIds: jsonb("gift_card_ids").$type<string[]>().notNull().default([]),
  useCredit: boolean("use_credit").notNull().default(false),
  pointSteps: integer("point_steps").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    quantity: integer("quantity").notNull(),
    isSubscription: boolean("is_subscription").notNull().default(false),
    /** Slug of the stack/bundle the line was added from; '' for a line added on its own. */
    bundleId: text("bundle_id").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One line per product, mode and bundle: concurrent adds meet here and add up (ON CONFLICT).
    uniqueIndex("cart_items_one_line").on(t.cartId, t.productId, t.isSubscription, t.bundleId),
    check("cart_items_quantity_range", sql`${t.quantity} between 1 and 99`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Newsletter and the outbox (e-mail and SMS kept for the dev outbox page, or sent and recorded).

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  /**
   * When the subscriber gave explicit consent: the confirmation link followed, or the form's box ticked by
   * a signed-in customer for their own verified address; null for rows from before double opt-in whose
   * call did not say (decision 026).
   */
  consentAt: timestamp("consent_at", { withTimezone: true }),
  /** Set by the one-click unsubscribe link or header; only a confirmed sign-up clears it (decision 026). */
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Sign-ups waiting for their address to confirm (double opt-in, decision 026): one per address, holding the
 * SHA-256 of the link's token (the token itself is only in the e-mail). Following the link deletes the row
 * (single use) and writes the subscriber; an expired row is replaced by the next sign-up.
 */
export const newsletterConfirmations = pgTable("newsletter_confirmations", {
  email: text("email").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  /** When the last link went out: a new one is sent at most once per NEWSLETTER_CONFIRMATION.resendAfter. */
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().default(sql`now()`),
  createdAt: createdAt(),
});

export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel").notNull(), // "email" | "sms"
    to: text("to").notNull(),
    subject: text("subject"),
    text: text("text").notNull(),
    html: text("html"),
    /** "stored" (dev outbox), "sent" (delivered to SMTP/Twilio), "failed", or "skipped" (an address that
     * cannot receive mail, such as a phone-only account's placeholder: server/mail/mailer.ts). */
    status: text("status").notNull().default("stored"),
    /** Deduplicates messages that must go out once (e.g. one confirmation per order). */
    dedupeKey: text("dedupe_key").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_created").on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------------
// Orders, subscriptions and payment events.

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    cartId: uuid("cart_id"),
    /** Hash of the cart's lines at checkout: the same cart submitted twice finds the same pending order. */
    cartFingerprint: text("cart_fingerprint").notNull(),
    email: text("email").notNull(),
    /** The language the order was placed in (the checkout page's, core/i18n/locales.ts): its e-mails and
     * its renewals' are written in it (docs/decisions/049-languages.md). */
    locale: text("locale").notNull().default("en"),
    status: text("status").notNull().default("pending"),
    currency: text("currency").notNull().default("usd"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id").unique(),
    checkoutUrl: text("checkout_url"),
    /** The payment a refund is made against: Stripe's payment intent (pi_...), the sandbox's session. */
    providerPaymentId: text("provider_payment_id"),
    /** Which card paid, never the card itself: an HMAC of the sandbox's test card number with the server's
     * secret, or Stripe's `card.fingerprint`; null when the provider does not say (and on renewals). Nobody
     * earns a referral with their own card (docs/decisions/047-gift-cards-credit-and-points.md). */
    cardFingerprint: text("card_fingerprint"),
    taxCents: integer("tax_cents").notNull().default(0),
    /** The discount code the order used (canonical) and what it took off, after the bundle savings and before
     * shipping (core/pricing.ts). */
    discountCode: text("discount_code"),
    codeDiscountCents: integer("code_discount_cents").notNull().default(0),
    /** What gift cards, store credit and points paid of the total (`order_tenders`); the card pays the rest. */
    tenderedCents: integer("tendered_cents").notNull().default(0),
    /** Gift cards bought with the order: part of its total, never discounted, shipped or paid by balances. */
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    /** The shipping address as the customer confirmed it at checkout (core/address.ts): a copy, so editing
     * the address book later never changes a placed order. Null only on orders placed before addresses. */
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    carrier: text("carrier"),
    trackingCode: text("tracking_code"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Set on a renewal: the subscription it renews and the billing date it pays for. One order per
     * subscription and date (the unique index), so a renewal run twice or by two processes charges once. */
    subscriptionId: uuid("subscription_id"),
    renewalDate: timestamp("renewal_date", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_one_renewal")
      .on(t.subscriptionId, t.renewalDate)
      .where(sql`${t.subscriptionId} is not null`),
    index("orders_user").on(t.userId, t.createdAt),
    index("orders_cart").on(t.cartId, t.status),
    index("orders_guest_email").on(t.email).where(sql`${t.userId} is null`),
  ],
);

/**
 * Money given back on an order, through its payment provider: one row per refund asked for. The order's
 * `refunded_cents` is the sum of its refunds that are not failed, so it never exceeds what was paid.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    /** "pending" (asked of the provider) | "succeeded" | "failed". */
    status: text("status").notNull().default("pending"),
    provider: text("provider").notNull(),
    /** The provider's refund id once it answered (Stripe's re_...). */
    providerRefundId: text("provider_refund_id").unique(),
    /** Who asked: a dashboard user's e-mail, "command line", "the shop" (a sold-out order), or "provider" for one made in Stripe's dashboard. */
    actor: text("actor").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("refunds_order").on(t.orderId, t.createdAt),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/** What happened to an order, in order: the timeline on the order page and the owner's record. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** "placed" | "paid" | "shipped" | "delivered" | "cancelled" | "refunded" */
    type: text("type").notNull(),
    /** Carrier and tracking code for "shipped", amount for "refunded". */
    detail: jsonb("detail").$type<Record<string, string | number>>(),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order").on(t.orderId, t.createdAt)],
);

/** A customer's saved shipping addresses; at most one is the default. */
export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    region: text("region").notNull(),
    postalCode: text("postal_code").notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    phone: text("phone"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("addresses_user").on(t.userId, t.createdAt),
    uniqueIndex("addresses_one_default").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    productName: text("product_name").notNull(),
    quantity: integer("quantity").notNull(),
    isSubscription: boolean("is_subscription").notNull(),
    bundleId: text("bundle_id").notNull().default(""),
    unitPriceCents: integer("unit_price_cents").notNull(),
    discountPercent: integer("discount_percent").notNull().default(0),
    lineTotalCents: integer("line_total_cents").notNull(),
    /** The line's share of its stack's saving (core/pricing.ts): a subscription line renews at
     * `lineTotalCents - savingCents`. */
    savingCents: integer("saving_cents").notNull().default(0),
    /** The line's share of the order's discount code (core/pricing.ts). */
    codeDiscountCents: integer("code_discount_cents").notNull().default(0),
  },
  (t) => [index("order_lines_order").on(t.orderId)],
);

/**
 * The taxes on an order, one row per tax (core/tax.ts): its name and rate as the order shows them, what it
 * came to, and whether the prices contained it (VAT) or it was added at checkout (sales tax, GST, HST, PST,
 * QST). The order's `tax_cents` is the sum of the added ones: the figures of every order view sum.
 */
export const orderTaxLines = pgTable(
  "order_tax_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The order in which the lines are shown (country-wide taxes first). */
    position: integer("position").notNull(),
    name: text("name").notNull(),
    /** The rate as a decimal percent string, exactly as the rate table gives it ("13", "9.975"). */
    ratePercent: text("rate_percent").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    included: boolean("included").notNull(),
  },
  (t) => [uniqueIndex("order_tax_lines_position").on(t.orderId, t.position)],
);

/**
 * A customer's subscription to one product (a stack subscribes to each of its products, each priced at
 * its share of the stack). Statuses and the moves between them: core/subscription-rules.ts.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** Where reminders and renewal e-mails go: the e-mail of the order it was bought with. */
    email: text("email").notNull().default(""),
    /** The language of its e-mails: the order's it was bought with. */
    locale: text("locale").notNull().default("en"),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    orderLineId: uuid("order_line_id").notNull().unique(),
    productId: integer("product_id").notNull(),
    productName: text("product_name").notNull(),
    quantity: integer("quantity").notNull().default(1),
    /** The stack the subscription came from ('' for a product on its own); dropped by a swap. */
    bundleId: text("bundle_id").notNull().default(""),
    discountPercent: integer("discount_percent").notNull().default(0),
    /** What each renewal charges, in minor units of `currency`: the subscription's price (renewals ship free). */
    amountCents: integer("amount_cents").notNull(),
    /** The currency it was bought in (lower case, as its order's): every renewal charges in it (decision 051). */
    currency: text("currency").notNull().default("usd"),
    interval: text("interval").notNull().default("month"),
    intervalMonths: integer("interval_months").notNull().default(1),
    /** "active" | "paused" | "past_due" | "cancelled" (core/subscription-rules.ts). */
    status: text("status").notNull().default("active"),
    /** The next date a renewal is charged (the end of the paid period once cancelled). */
    nextBillingDate: timestamp("next_billing_date", { withTimezone: true }).notNull(),
    /** A timed pause resumes itself on this date; null pauses until the customer resumes. */
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    /** Set on cancel: the end of the paid period, after which nothing ships. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    /** The sandbox's token for the saved test card (never the number) and how to show it. */
    paymentToken: text("payment_token"),
    cardLabel: text("card_label"),
    /** Failed renewal charges in a row, and when the next retry runs. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    retryAt: timestamp("retry_at", { withTimezone: true }),
    /** The billing date the last reminder e-mail was sent for: one reminder per renewal. */
    remindedFor: timestamp("reminded_for", { withTimezone: true }),
    /**
     * Who charges the renewals: "sandbox" (the shop's scheduler, with the saved test card) or "stripe"
     * (Stripe Billing, one Stripe subscription per row, started once the first payment is in).
     */
    provider: text("provider").notNull().default("sandbox"),
    /** Stripe's subscription id (null until it is started), or the sandbox's. */
    providerSubscriptionId: text("provider_subscription_id"),
    providerCustomerId: text("provider_customer_id"),
    /** When the yearly reminder of the subscription's terms and how to cancel was last sent (decision 043). */
    termsRemindedAt: timestamp("terms_reminded_at", { withTimezone: true }),
    /**
     * A price change the owner applied to existing subscriptions: the new renewal price and the first billing
     * date it applies to, e-mailed 7-30 days ahead; until then `amountCents` is charged (decision 043).
     */
    pendingAmountCents: integer("pending_amount_cents"),
    /** A discount code carried into renewals: each renewal charges `amountCents - promoCents` while
     * `promoRenewalsLeft` is above 0, or always when it is null (a code for every renewal). 0: none. */
    promoCode: text("promo_code"),
    promoCents: integer("promo_cents").notNull().default(0),
    promoRenewalsLeft: integer("promo_renewals_left"),
    pendingAmountFrom: timestamp("pending_amount_from", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscriptions_user").on(t.userId, t.createdAt),
    index("subscriptions_due").on(t.status, t.nextBillingDate),
  ],
);

/** What happened to a subscription and who did it: the customer, the owner or the scheduler. */
export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    actor: text("actor").notNull(),
    detail: jsonb("detail").$type<Record<string, string | number | null>>(),
    createdAt: createdAt(),
  },
  (t) => [index("subscription_events_subscription").on(t.subscriptionId, t.createdAt)],
);

/**
 * The sandbox provider's saved test cards: a token and what the test card does at renewal, never the
 * number. The shop keeps only the token (subscriptions.payment_token).
 */
export const sandboxCards = pgTable("sandbox_cards", {
  token: text("token").primaryKey(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  /** "succeed" | "decline": 4000 0000 0000 0341 pays once and declines at renewal. */
  renewal: text("renewal").notNull(),
  createdAt: createdAt(),
});

/** Provider events already handled: a webhook delivered twice has no second effect. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * Every owner action: who did it (a dashboard user, or the command line), what, on which record, and
 * the record's fields before and after. Shown on the record it touched.
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The dashboard user who acted; null for the command line and the shop. */
    actorUserId: text("actor_user_id"),
    /** How the actor is shown: their e-mail, "command line" or "the shop". */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_target").on(t.targetType, t.targetId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------------
// Shopper trust and discovery: reviews, wishlists, back-in-stock requests, saved preferences, bookmarks.

/** Shop-wide settings the owner changes on the dashboard, one row per key (e.g. `reviews.autoPublish`). */
export const shopSettings = pgTable("shop_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A verified buyer's review: one per customer and product (the unique index). New reviews wait for the
 * owner ("pending") unless the shop publishes them at once; the owner publishes or hides them.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The delivered order that made the customer a verified buyer of the product. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** How the review is signed: the customer's display name when it was written or last edited. */
    authorName: text("author_name").notNull(),
    /** "pending" (waits for the owner), "published" or "hidden". */
    status: text("status").notNull().default("pending"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    /** Why the owner hid it, from a fixed list (core/review-rules.ts; never the rating), and who decided. */
    hiddenReason: text("hidden_reason"),
    moderatedBy: text("moderated_by"),
    /** The text reads like a report of a reaction to the product: flagged to the owner (decision 044). */
    reactionFlag: boolean("reaction_flag").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_one_per_customer").on(t.productId, t.userId),
    index("reviews_product_status").on(t.productId, t.status, t.createdAt),
    index("reviews_status").on(t.status, t.createdAt),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/** A shopper's report that a review breaks the rules: at most one per review and reporter. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterUserId: text("reporter_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("review_reports_one_per_reporter").on(t.reviewId, t.reporterUserId)],
);

/** A signed-in customer's saved product or stack (a guest's stay in the browser until sign-in). */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    stackId: integer("stack_id").references(() => stacks.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("wishlist_one_product").on(t.userId, t.productId).where(sql`${t.productId} is not null`),
    uniqueIndex("wishlist_one_stack").on(t.userId, t.stackId).where(sql`${t.stackId} is not null`),
    check("wishlist_one_kind", sql`(${t.productId} is null) <> (${t.stackId} is null)`),
  ],
);

/**
 * "Notify Me": an e-mail address waiting for a product to come back in stock. Answered once: the
 * back-in-stock e-mail sets `notified_at`; a later request for the same product opens a new row.
 */
export const stockNotifications = pgTable(
  "stock_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stock_notifications_one_waiting")
      .on(t.productId, t.email)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

/** A signed-in customer's preferences (the preferences page's groups), validated on write. */
export const userPreferences = pgTable("user_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  preferences: jsonb("preferences").$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

/** An article on a signed-in customer's reading list. */
export const bookmarks = pgTable(
  "bookmarks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId] })],
);

/**
 * A customer's answers to the quiz (core/quiz.ts), kept only when they ticked "Save my answers to my
 * account" (docs/decisions/053-quiz.md): health data, one row per customer, replaced on each save, deleted
 * from the account in one click and with the account (cascade).
 */
export const quizAnswers = pgTable("quiz_answers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  answers: jsonb("answers").$type<QuizAnswers>().notNull(),
  consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------------------
// What the law asks the shop to keep: renewal consents and reports of reactions.

/**
 * A shopper's consent to the automatic renewal of the subscriptions in an order, given at checkout beside the
 * pay button: one per order (a checkout started again for the same order replaces it). Kept at least three
 * years, also when the customer deletes the account (decision 042).
 */
export const renewalConsents = pgTable(
  "renewal_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    /** The version of the renewal terms in `content/` the disclosure was written from. */
    termsVersion: text("terms_version").notNull(),
    /** The disclosure exactly as shown beside the pay button, and its SHA-256 (hex). */
    disclosure: text("disclosure").notNull(),
    disclosureHash: text("disclosure_hash").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("renewal_consents_consented").on(t.consentedAt)],
);

/**
 * A report of a reaction to a product (an adverse event): from the "Report a reaction" form, kept six years
 * (decision 044). The owner is e-mailed at once and follows it up on the dashboard.
 */
export const reactionReports = pgTable(
  "reaction_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: integer("product_id").references(() => products.id),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    description: text("description").notNull(),
    /** "new" | "in_review" | "closed". */
    status: text("status").notNull().default("new"),
    ownerNote: text("owner_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("reaction_reports_status").on(t.status, t.createdAt)],
);

/**
 * A discount code the owner created (core/discount-code.ts has its terms and the pure checks). `code` is
 * stored canonical (trimmed, upper-case), so codes are case-insensitive and unique.
 */
export const discountCodes = pgTable("discount_codes", {
  id: uuid("id").primaryKey().defaultRandom(),
  code: text("code").notNull().unique(),
  /** percent | amount | free_shipping */
  kind: text("kind").notNull(),
  percent: integer("percent"),
  amountCents: integer("amount_cents"),
  minSubtotalCents: integer("min_subtotal_cents"),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  /** Total uses (paid orders and checkouts under way); null: no limit. */
  maxUses: integer("max_uses"),
  oncePerCustomer: boolean("once_per_customer").notNull().default(false),
  firstOrderOnly: boolean("first_order_only").notNull().default(false),
  /** Only these products' lines are discounted; null: every product. */
  productIds: jsonb("product_ids").$type<number[]>(),
  /** Whether lines bought at a bundle or stack price are discounted too. */
  combinesWithBundles: boolean("combines_with_bundles").notNull().default(true),
  /** On subscriptions: first_order | first_n | every (renewals). */
  renewals: text("renewals").notNull().default("first_order"),
  renewalCount: integer("renewal_count"),
  /** active | paused | ended */
  status: text("status").notNull().default("active"),
  /** A customer's referral code: $10 off a friend's first order (docs/decisions/047-gift-cards-credit-and-points.md). */
  referrerUserId: text("referrer_user_id").references(() => user.id, { onDelete: "set null" }),
  createdBy: text("created_by"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One order's use of a code. A checkout reserves the use in the order's transaction with the code's row
 * locked, so concurrent checkouts never take more uses than the code has; the payment makes it `used`; a
 * cancelled or never-paid order `released`, which gives the use back.
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codeId: uuid("code_id")
      .notNull()
      .references(() => discountCodes.id),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** Lower-case: one use per customer is checked by account and by e-mail. */
    email: text("email").notNull(),
    /** reserved | used | released */
    status: text("status").notNull().default("reserved"),
    amountCents: integer("amount_cents").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("discount_redemptions_code").on(t.codeId, t.status),
    index("discount_redemptions_email").on(t.email),
  ],
);

/**
 * A discount code's amount off and minimum in a currency other than US dollars (docs/decisions/051), set
 * by the owner in the code's editor: the code's own `amount_cents` and `min_subtotal_cents` are the US
 * dollar ones. A code with an amount or a minimum and no row for a currency gives nothing in it. Currency in
 * upper case, as the price lists name it.
 */
export const discountCodeAmounts = pgTable(
  "discount_code_amounts",
  {
    codeId: uuid("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    amountCents: integer("amount_cents"),
    minSubtotalCents: integer("min_subtotal_cents"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.codeId, t.currency] }),
    check("discount_code_amounts_currency", sql`${t.currency} in ('CAD', 'EUR', 'GBP')`),
    check(
      "discount_code_amounts_positive",
      sql`(${t.amountCents} is null or ${t.amountCents} > 0) and (${t.minSubtotalCents} is null or ${t.minSubtotalCents} > 0)`,
    ),
  ],
);

/**
 * A gift card: bought in the shop or issued by the owner. Its code is shown once (in the e-mail that
 * delivers it) and stored only as a hash; `last4` names it elsewhere. The balance is the sum of its entries
 * (docs/decisions/047-gift-cards-credit-and-points.md).
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Set when the card is delivered (its code made and e-mailed then); null before: not redeemable. */
    codeHash: text("code_hash").unique(),
    last4: text("last4"),
    currency: text("currency").notNull().default("usd"),
    initialCents: integer("initial_cents").notNull(),
    /** The order that bought it (null: issued by the owner). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    purchaserUserId: text("purchaser_user_id").references(() => user.id, { onDelete: "set null" }),
    purchaserEmail: text("purchaser_email"),
    recipientEmail: text("recipient_email").notNull(),
    recipientName: text("recipient_name"),
    senderName: text("sender_name"),
    message: text("message"),
    /** The day it is e-mailed to the recipient (the scheduled jobs send it); null: at once. */
    deliverOn: timestamp("deliver_on", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** pending (its order not paid yet) | active | voided */
    status: text("status").notNull().default("pending"),
    issuedBy: text("issued_by"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("gift_cards_recipient").on(t.recipientEmail),
    index("gift_cards_purchaser").on(t.purchaserUserId),
    index("gift_cards_due").on(t.deliverOn).where(sql`${t.deliveredAt} is null`),
  ],
);

/** Every movement of a gift card's balance, signed cents: issued, redeemed, released, refunded, voided, adjusted. */
export const giftCardEntries = pgTable(
  "gift_card_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    giftCardId: uuid("gift_card_id")
      .notNull()
      .references(() => giftCards.id),
    kind: text("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    actor: text("actor"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("gift_card_entries_card").on(t.giftCardId)],
);

/**
 * A customer's store credit (cents) and Wellness Points (points), one row per movement, signed; the balance
 * is the sum per kind and currency. `reason`: refund, goodwill, referral, earned, redeemed, released,
 * reversed, adjusted.
 */
export const customerLedger = pgTable(
  "customer_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** credit | points */
    kind: text("kind").notNull(),
    reason: text("reason").notNull(),
    amount: integer("amount").notNull(),
    /** The balance's currency (lower case, as orders'): store credit in its minor units, points worth 5 of
     * them each; an order's rows are in its currency (decision 051). Rows before it are US dollars. */
    currency: text("currency").notNull().default("usd"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    actor: text("actor"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("customer_ledger_user").on(t.userId, t.kind),
    // Points are earned once per order, and a referral credited once per friend's order.
    uniqueIndex("customer_ledger_once")
      .on(t.userId, t.kind, t.reason, t.orderId)
      .where(sql`${t.reason} in ('earned', 'referral')`),
  ],
);

/**
 * What paid an order besides the card: gift cards, store credit, points (as their dollar value). Held by
 * the checkout with the order, captured by its payment, released by its cancellation.
 */
export const orderTenders = pgTable(
  "order_tenders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** gift_card | credit | points */
    kind: text("kind").notNull(),
    giftCardId: uuid("gift_card_id").references(() => giftCards.id),
    amountCents: integer("amount_cents").notNull(),
    /** For points: how many were spent. */
    points: integer("points"),
    /** held | captured | released */
    status: text("status").notNull().default("held"),
    /** What of it was given back by refunds. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("order_tenders_order").on(t.orderId)],
);

/** A gift card in a cart: its amount and, for a friend, who gets it, the message and the day. */
export const cartGiftCards = pgTable(
  "cart_gift_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    /** Null: to the buyer's own e-mail. */
    recipientEmail: text("recipient_email"),
    recipientName: text("recipient_name"),
    senderName: text("sender_name"),
    message: text("message"),
    deliverOn: timestamp("deliver_on", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("cart_gift_cards_cart").on(t.cartId)],
);

/**
 * A friend's order placed with a customer's referral code: the referrer is credited once the order is
 * delivered and 30 days have passed without a refund (the scheduled jobs), or the referral is void.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerUserId: text("referrer_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** pending | credited | void */
    status: text("status").notNull().default("pending"),
    voidReason: text("void_reason"),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("referrals_referrer").on(t.referrerUserId), index("referrals_status").on(t.status)],
);

// ---------------------------------------------------------------------------------------------------------
// Returns: the 60-day guarantee and the EU/UK right of withdrawal (docs/decisions/055-returns.md).

/**
 * A customer's claim on a delivered order: the guarantee (`kind` "guarantee") or a withdrawal within 14
 * days ("withdrawal"). Statuses and their moves: core/contracts/returns.ts. Its number is
 * `R-<order digits>-<sequence>`, the sequence counting the order's returns from 1.
 */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    sequence: integer("sequence").notNull(),
    /** guarantee | withdrawal */
    kind: text("kind").notNull(),
    /** requested | approved | received | refunded | declined */
    status: text("status").notNull().default("requested"),
    reason: text("reason").notNull(),
    comment: text("comment").notNull().default(""),
    /** The customer keeps the product (a reason that needs no return). */
    keep: boolean("keep").notNull().default(false),
    /** original | credit */
    refundTo: text("refund_to").notNull().default("original"),
    /** keep | end, for an order that started a subscription; null otherwise. */
    subscriptionChoice: text("subscription_choice"),
    /** Set when the owner approves: whether the product must come back. */
    returnNeeded: boolean("return_needed"),
    /** The owner's approval note (how to send it back) or the reason of a decline. */
    note: text("note").notNull().default(""),
    /** What the return refunds (its lines', and the shipping of a whole order withdrawn). */
    refundCents: integer("refund_cents").notNull(),
    /** The refund it was paid by, once refunded. */
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("return_requests_number").on(t.orderId, t.sequence),
    index("return_requests_status").on(t.status, t.createdAt),
    index("return_requests_user").on(t.userId),
    check("return_requests_refund_positive", sql`${t.refundCents} >= 0`),
  ],
);

/** The order lines a return claims, and how many of each. */
export const returnRequestLines = pgTable(
  "return_request_lines",
  {
    returnId: uuid("return_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    refundCents: integer("refund_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderLineId] }),
    index("return_request_lines_line").on(t.orderLineId),
    check("return_request_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
