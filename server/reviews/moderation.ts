import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type {
  AdminReviewItem,
  AdminReviewMove,
  AdminReviewsQuery,
  AdminReviewsResponse,
  HideReason,
  ReportReason,
  ReviewStatus,
} from "../../core/contracts/reviews.ts";
import { type AuditActor, actorName, recordAudit } from "../audit/audit.ts";
import { announceCatalogueChange } from "../catalogue-sync.ts";
import type { Db } from "../db/client.ts";
import { products, reviewReports, reviews, user } from "../db/schema.ts";
import { InvalidInput, notFound } from "../domain-errors.ts";
import { listPage } from "../lib/list-page.ts";
import { reviewsAutoPublish, setReviewsAutoPublish } from "./settings.ts";

const PAGE_SIZE = 20;

/** The dashboard's list of reviews in one state, newest first, each with its reports. */
export async function listAdminReviews(db: Db, query: AdminReviewsQuery): Promise<AdminReviewsResponse> {
  const [[{ n } = { n: 0 }], [{ pending } = { pending: 0 }], autoPublish] = await Promise.all([
    db.select({ n: count() }).from(reviews).where(eq(reviews.status, query.status)),
    db.select({ pending: count() }).from(reviews).where(eq(reviews.status, "pending")),
    reviewsAutoPublish(db),
  ]);
  const { page, pages, limit, offset } = listPage(Number(n), query.page, PAGE_SIZE);
  const rows = await db
    .select({
      review: reviews,
      productName: products.name,
      productSlug: products.slug,
      authorEmail: user.email,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(user, eq(user.id, reviews.userId))
    .where(eq(reviews.status, query.status))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((r) => r.review.id);
  const reports = ids.length
    ? await db
        .select({ reviewId: reviewReports.reviewId, reason: reviewReports.reason })
        .from(reviewReports)
        .where(inArray(reviewReports.reviewId, ids))
    : [];
  const list: AdminReviewItem[] = rows.map(({ review: r, productName, productSlug, authorEmail }) => {
    const mine = reports.filter((p) => p.reviewId === r.id).map((p) => p.reason as ReportReason);
    return {
      id: r.id,
      productId: r.productId,
      productName,
      productSlug,
      rating: r.rating,
      title: r.title,
      body: r.body,
      authorName: r.authorName,
      authorEmail,
      status: r.status as ReviewStatus,
      createdAt: new Date(r.createdAt).toISOString(),
      reportCount: mine.length,
      reportReasons: [...new Set(mine)],
      hiddenReason: r.status === "hidden" ? ((r.hiddenReason as HideReason | null) ?? null) : null,
      moderatedBy: r.moderatedBy,
      reactionFlag: r.reactionFlag,
    };
  });
  return { reviews: list, total: Number(n), page, pages, pendingCount: Number(pending), autoPublish };
}

/**
 * Publishes a review, or hides it for one of the fixed reasons (HIDE_REASONS: never its rating, 16 CFR
 * §465.7), audited; records who did it, and the reason while it stays hidden. The product's pages show the
 * change at once.
 */
export async function moderateReview(
  db: Db,
  id: string,
  move: AdminReviewMove,
  actor: AuditActor,
): Promise<{ id: string; status: ReviewStatus; hiddenReason: HideReason | null }> {
  const { status } = move;
  const hiddenReason = status === "hidden" ? (move.reason ?? null) : null;
  if (status === "hidden" && !hiddenReason)
    throw new InvalidInput("reason_required", "A reason is required to hide a review.");
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
    if (!before) throw notFound("Review not found");
    if (before.status !== status || before.hiddenReason !== hiddenReason) {
      await tx
        .update(reviews)
        .set({ status, hiddenReason, moderatedBy: actorName(actor), moderatedAt: sql`now()` })
        .where(and(eq(reviews.id, id)));
      await recordAudit(tx, {
        actor,
        action: status === "published" ? "review.published" : "review.hidden",
        targetType: "review",
        targetId: id,
        before: { status: before.status, reason: before.hiddenReason },
        after: { status, reason: hiddenReason },
      });
      if (before.status !== status) await announceCatalogueChange(tx, { pages: true });
    }
    return { id, status, hiddenReason };
  });
}

export async function changeReviewSettings(db: Db, autoPublish: boolean, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await reviewsAutoPublish(tx);
    await setReviewsAutoPublish(tx, autoPublish);
    await recordAudit(tx, {
      actor,
      action: "settings.reviews",
      targetType: "settings",
      targetId: "reviews.autoPublish",
      before: { autoPublish: before },
      after: { autoPublish },
    });
  });
}
