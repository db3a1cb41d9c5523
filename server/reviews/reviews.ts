import { and, count, desc, eq, sql } from "drizzle-orm";
import type {
  OwnReview,
  ProductReviewsResponse,
  PublicReview,
  RatingSummary,
  ReportReason,
  ReviewInput,
  ReviewStatus,
  ReviewViewer,
} from "../../core/contracts/reviews.ts";
import { REVIEWS_PAGE_SIZE } from "../../core/contracts/reviews.ts";
import { readsLikeReaction } from "../../core/reaction-words.ts";
import { announceCatalogueChange } from "../catalogue-sync.ts";
import type { SessionUser } from "../context.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { orderLines, orders, products, reviewReports, reviews } from "../db/schema.ts";
import { Conflict, Forbidden, InvalidInput, notFound } from "../domain-errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { reviewReactionEmail } from "../reactions/reaction-emails.ts";
import { reviewsAutoPublish } from "./settings.ts";

type ReviewRow = typeof reviews.$inferSelect;

const toPublic = (r: ReviewRow): PublicReview => ({
  id: r.id,
  rating: r.rating,
  title: r.title,
  body: r.body,
  authorName: r.authorName,
  createdAt: new Date(r.createdAt).toISOString(),
});
const toOwn = (r: ReviewRow): OwnReview => ({ ...toPublic(r), status: r.status as ReviewStatus });

/** How a review is signed: the first name and the initial of the last ("Sam S."), never the full name. */
export function authorNameOf(user: Pick<SessionUser, "name">): string {
  const words = (user.name ?? "").trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return "MANA customer";
  const last = rest.at(-1);
  return (last ? `${first} ${last[0]?.toUpperCase()}.` : first).slice(0, 60);
}

/** The customer's latest delivered order holding the product: what makes them a verified buyer. */
export async function deliveredOrderOf(
  db: DbOrTx,
  userId: string,
  productId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(eq(orders.userId, userId), eq(orders.status, "delivered"), eq(orderLines.productId, productId)),
    )
    .orderBy(desc(orders.deliveredAt))
    .limit(1);
  return row?.id ?? null;
}

/** What the viewer may do on the product's reviews: write one, see their own, or nothing. */
export async function reviewViewer(
  db: Db,
  user: SessionUser | null,
  productId: number,
): Promise<ReviewViewer> {
  if (!user) return { kind: "signed-out" };
  const [own] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, user.id)));
  if (own) return { kind: "reviewed", review: toOwn(own) };
  return (await deliveredOrderOf(db, user.id, productId)) ? { kind: "may-review" } : { kind: "not-buyer" };
}

const published = (productId: number) =>
  and(eq(reviews.productId, productId), eq(reviews.status, "published"));

/** Average, count and a count per star of the product's published reviews. */
export async function ratingSummary(db: DbOrTx, productId: number): Promise<RatingSummary> {
  const rows = await db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(published(productId))
    .groupBy(reviews.rating);
  const by = new Map(rows.map((r) => [r.rating, Number(r.n)]));
  const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
  const points = rows.reduce((sum, r) => sum + r.rating * Number(r.n), 0);
  return {
    average: total ? Math.round((points / total) * 10) / 10 : null,
    count: total,
    stars: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: by.get(stars) ?? 0 })),
  };
}

/** A page of the product's published reviews, newest first (a page past the end is the last page). */
export async function productReviews(
  db: DbOrTx,
  productId: number,
  asked: number,
): Promise<ProductReviewsResponse> {
  const summary = await ratingSummary(db, productId);
  const pages = Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE));
  const page = Math.min(asked, pages);
  const rows = summary.count
    ? await db
        .select()
        .from(reviews)
        .where(published(productId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(REVIEWS_PAGE_SIZE)
        .offset((page - 1) * REVIEWS_PAGE_SIZE)
    : [];
  return { summary, reviews: rows.map(toPublic), page, pages };
}

/** Published reviews' average and count per product: the product cards' line. One grouped query. */
export async function cardRatings(db: DbOrTx): Promise<Map<number, { average: number; count: number }>> {
  const rows = await db
    .select({
      productId: reviews.productId,
      n: count(),
      average: sql<string>`round(avg(${reviews.rating}), 1)`,
    })
    .from(reviews)
    .where(eq(reviews.status, "published"))
    .groupBy(reviews.productId);
  return new Map(rows.map((r) => [r.productId, { average: Number(r.average), count: Number(r.n) }]));
}

/**
 * Pages show published reviews only: a write that publishes, edits or removes a published review clears
 * the cached pages and the card averages on every process (server/catalogue-sync.ts).
 */
async function announceIfShown(tx: DbOrTx, before: string | null, after: string | null) {
  if (before === "published" || after === "published") await announceCatalogueChange(tx, { pages: true });
}

/** A verified buyer's review of the product: 403 without a delivered order of it, 409 for a second one. */
export async function createReview(
  db: Db,
  user: SessionUser,
  productId: number,
  input: ReviewInput,
  notice?: ReactionNotice,
): Promise<OwnReview> {
  const queued: string[] = [];
  const made = await db.transaction(async (tx) => {
    const orderId = await deliveredOrderOf(tx, user.id, productId);
    if (!orderId)
      throw new Forbidden(
        "not_verified_buyer",
        "Only customers whose order of this product has been delivered can review it.",
      );
    const status: ReviewStatus = (await reviewsAutoPublish(tx)) ? "published" : "pending";
    const [row] = await tx
      .insert(reviews)
      .values({
        productId,
        userId: user.id,
        orderId,
        ...input,
        authorName: authorNameOf(user),
        status,
        moderatedAt: status === "published" ? sql`now()` : null,
        reactionFlag: readsLikeReaction(input.title, input.body),
      })
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning();
    if (!row)
      throw new Conflict(
        "already_reviewed",
        "You have already reviewed this product: edit your review instead.",
      );
    await announceIfShown(tx, null, row.status);
    await queueReactionNotice(tx, row, notice, queued);
    return toOwn(row);
  });
  await notice?.mailer.deliverQueued(queued);
  return made;
}

/** The customer's own review, locked for a change; someone else's is "not found" so ids cannot be probed. */
async function ownReview(tx: DbOrTx, user: SessionUser, id: string): Promise<ReviewRow> {
  const [row] = await tx
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.userId, user.id)))
    .for("update");
  if (!row) throw notFound("Review not found");
  return row;
}

/**
 * The customer's edit. The owner reads it again (pending) unless the shop publishes at once; a review the
 * owner hid always goes back to them.
 */
export async function updateReview(
  db: Db,
  user: SessionUser,
  id: string,
  input: ReviewInput,
  notice?: ReactionNotice,
): Promise<OwnReview> {
  const queued: string[] = [];
  const edited = await db.transaction(async (tx) => {
    const before = await ownReview(tx, user, id);
    const auto = before.status !== "hidden" && (await reviewsAutoPublish(tx));
    const status: ReviewStatus = auto ? "published" : "pending";
    const [row] = await tx
      .update(reviews)
      .set({
        ...input,
        authorName: authorNameOf(user),
        status,
        moderatedAt: auto ? sql`now()` : null,
        // An edit reads the text again: the flag follows what the review says now.
        reactionFlag: readsLikeReaction(input.title, input.body),
        hiddenReason: null,
        updatedAt: sql`now()`,
      })
      .where(eq(reviews.id, id))
      .returning();
    await announceIfShown(tx, before.status, status);
    await queueReactionNotice(tx, row as ReviewRow, notice, queued);
    return toOwn(row as ReviewRow);
  });
  await notice?.mailer.deliverQueued(queued);
  return edited;
}

/** Where the owner is told of a review that reads like a reaction report: the shop's address, if it has one. */
export interface ReactionNotice {
  mailer: Mailer;
  ownerEmail: string | undefined;
  origin: string;
}

/**
 * A review whose text reads like a reaction (core/reaction-words.ts) is flagged in the queue, and the owner
 * is e-mailed about it once: the message's dedupe key is the review's, so an edit does not mail again.
 */
async function queueReactionNotice(
  tx: DbOrTx,
  row: ReviewRow,
  notice: ReactionNotice | undefined,
  queued: string[],
) {
  if (!row.reactionFlag || !notice?.ownerEmail) return;
  const [product] = await tx
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, row.productId));
  const id = await notice.mailer.queue(
    tx,
    reviewReactionEmail(
      notice.ownerEmail,
      { ...row, productName: product?.name ?? "a product" },
      notice.origin,
    ),
  );
  if (id) queued.push(id);
}

export async function deleteReview(db: Db, user: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await ownReview(tx, user, id);
    await tx.delete(reviews).where(eq(reviews.id, id));
    await announceIfShown(tx, before.status, null);
  });
}

/** A shopper's report of a published review: once per review and reporter (409 the second time). */
export async function reportReview(
  db: Db,
  user: SessionUser,
  id: string,
  reason: ReportReason,
): Promise<void> {
  const [review] = await db
    .select({ userId: reviews.userId })
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.status, "published")));
  if (!review) throw notFound("Review not found");
  if (review.userId === user.id)
    throw new InvalidInput("own_review", "You cannot report your own review: edit or delete it instead.");
  const [row] = await db
    .insert(reviewReports)
    .values({ reviewId: id, reporterUserId: user.id, reason })
    .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.reporterUserId] })
    .returning({ id: reviewReports.id });
  if (!row) throw new Conflict("already_reported", "You have already reported this review. Thank you.");
}
