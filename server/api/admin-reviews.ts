import { Hono } from "hono";
import {
  type AdminReviewsResponse,
  adminReviewMoveBody,
  adminReviewsQuery,
  reviewSettingsBody,
} from "../../core/contracts/reviews.ts";
import { uuidField } from "../../core/uuid.ts";
import { requireDashboard } from "../admin/access.ts";
import type { AppServices } from "../context.ts";
import { parseWith, readJsonBody, readQuery } from "../http/validate.ts";
import { changeReviewSettings, listAdminReviews, moderateReview } from "../reviews/moderation.ts";
import { shown } from "./reviews.ts";

const reviewId = uuidField("must be a review id");

/**
 * /api/admin/reviews: the reviews by state (pending first) with their reports, publish or hide one with a
 * reason from HIDE_REASONS (review:moderate, staff too), and whether new reviews publish at once (review:settings, admin only).
 */
export function adminReviewsApi(services: AppServices) {
  const db = services.database.db;
  const actorOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });
  return new Hono()
    .get("/", async (c) => {
      await requireDashboard(services, c.req.raw.headers, { review: ["read"] });
      return c.json<AdminReviewsResponse>(await listAdminReviews(db, readQuery(c, adminReviewsQuery)));
    })
    .put("/settings", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { review: ["settings"] });
      const { autoPublish } = await readJsonBody(c, reviewSettingsBody);
      await changeReviewSettings(db, autoPublish, actorOf(user));
      return c.json({ autoPublish });
    })
    .post("/:id/status", async (c) => {
      const user = await requireDashboard(services, c.req.raw.headers, { review: ["moderate"] });
      const id = parseWith(reviewId, c.req.param("id"), "review id");
      const move = await readJsonBody(c, adminReviewMoveBody);
      const moved = await moderateReview(db, id, move, actorOf(user));
      shown(services);
      return c.json(moved);
    });
}
