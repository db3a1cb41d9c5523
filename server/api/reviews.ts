import { type Context, Hono } from "hono";
import { z } from "zod";
import { reviewBody, reviewReportBody, reviewsPageQuery } from "../../core/contracts/reviews.ts";
import { uuidField } from "../../core/uuid.ts";
import { applyCatalogueChange } from "../catalogue-sync.ts";
import type { AppServices } from "../context.ts";
import { notFound } from "../domain-errors.ts";
import { requireUser } from "../http/require-user.ts";
import { requestHost, shopOrigin } from "../http/shop-origin.ts";
import { parseWith, readJsonBody, readQuery } from "../http/validate.ts";
import {
  createReview,
  deleteReview,
  productReviews,
  type ReactionNotice,
  reportReview,
  reviewViewer,
  updateReview,
} from "../reviews/reviews.ts";

const productId = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, "must be a positive whole number")
  .transform(Number);
const reviewId = uuidField("must be a review id");

/**
 * What the pages show may have changed: this process drops its copies at once (the others when the
 * transaction's announcement reaches them, server/catalogue-sync.ts).
 */
/** The owner's notice of a review that reads like a reaction report goes to the shop's address. */
const reactionNotice = (services: AppServices, req: Request): ReactionNotice => ({
  mailer: services.mailer,
  ownerEmail: services.env.SUPPORT_EMAIL,
  origin: shopOrigin(services.env, requestHost(req), "mail"),
});

export const shown = (services: AppServices) => applyCatalogueChange(services, { pages: true });

/**
 * A product's reviews (mounted at /api/products): `GET /:id/reviews?page=` the published ones with the
 * rating summary, `GET /:id/reviews/mine` what the signed-in viewer may do, `POST /:id/reviews` a verified
 * buyer's review.
 */
export function productReviewsApi(services: AppServices) {
  const db = services.database.db;
  async function product(raw: string) {
    const p = await services.catalogue.byId(parseWith(productId, raw, "product id"));
    if (!p) throw notFound("Product not found");
    return p;
  }
  return new Hono()
    .get("/:id/reviews", async (c) => {
      const p = await product(c.req.param("id"));
      const { page } = readQuery(c, reviewsPageQuery);
      return c.json(await productReviews(db, p.id, page));
    })
    .get("/:id/reviews/mine", async (c) => {
      const p = await product(c.req.param("id"));
      return c.json(await reviewViewer(db, await services.identity.getUser(c.req.raw.headers), p.id));
    })
    .post("/:id/reviews", requireUser(services, "Please sign in to review this product."), async (c) => {
      const { user } = c.var;
      const p = await product(c.req.param("id"));
      const input = await readJsonBody(c, reviewBody);
      const made = await createReview(db, user, p.id, input, reactionNotice(services, c.req.raw));
      if (made.status === "published") shown(services);
      return c.json(made, 201);
    });
}

/** The customer's own review (PATCH, DELETE; someone else's answers 404) and a shopper's report of one. */
export function reviewsApi(services: AppServices) {
  const db = services.database.db;
  const id = (c: Context) => parseWith(reviewId, c.req.param("id"), "review id");
  return new Hono()
    .patch("/:id", requireUser(services, "Please sign in to edit your review."), async (c) => {
      const { user } = c.var;
      const reviewIdValue = id(c);
      const input = await readJsonBody(c, reviewBody);
      const edited = await updateReview(db, user, reviewIdValue, input, reactionNotice(services, c.req.raw));
      shown(services);
      return c.json(edited);
    })
    .delete("/:id", requireUser(services, "Please sign in to delete your review."), async (c) => {
      const { user } = c.var;
      await deleteReview(db, user, id(c));
      shown(services);
      return c.body(null, 204);
    })
    .post("/:id/report", requireUser(services, "Please sign in to report a review."), async (c) => {
      const { user } = c.var;
      const reviewIdValue = id(c);
      const { reason } = await readJsonBody(c, reviewReportBody);
      await reportReview(db, user, reviewIdValue, reason);
      return c.json({ reported: true }, 201);
    });
}
