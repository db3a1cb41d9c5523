import { data } from "react-router";
import { z } from "zod";
import { adminReviewMoveBody, adminReviewsQuery } from "../../core/contracts/reviews.ts";
import { uuidField } from "../../core/uuid.ts";
import { allows } from "../../server/auth/roles.ts";
import { applyCatalogueChange } from "../../server/catalogue-sync.ts";
import { changeReviewSettings, listAdminReviews, moderateReview } from "../../server/reviews/moderation.ts";
import {
  attempt,
  dashboardAction,
  dashboardPage,
  invalid,
  parseForm,
  readForm,
  requireRight,
} from "../admin.server.ts";
import { readListSearch } from "../admin-list.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-reviews";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/reviews?status=&page=: reviews by state (waiting first), their reports, and the shop's setting. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { review: ["read"] });
  const { query, problem } = readListSearch(adminReviewsQuery, request);
  const list = await listAdminReviews(services.database.db, query);
  return data(
    {
      query,
      list,
      problem,
      may: {
        moderate: allows(user.role, { review: ["moderate"] }),
        settings: allows(user.role, { review: ["settings"] }),
      },
    },
    { headers: noStore },
  );
}

const moveForm = z.object({
  id: uuidField("There is no such review."),
  status: adminReviewMoveBody.shape.status,
  // The form's select sends "" for "Choose a reason"; the API's own schema words the refusal.
  reason: z.string().optional(),
});

/**
 * Publish or hide one review (`intent` status: review:moderate, staff too), or whether new reviews publish
 * at once (`intent` settings: review:settings, admin only): the domain functions /api/admin/reviews calls.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, {});
  const { intent, fields } = await readForm(request);
  const db = services.database.db;
  const actor = { userId: user.id, email: user.email };
  if (intent === "settings") {
    requireRight(user.role, { review: ["settings"] });
    const autoPublish = fields.autoPublish === "on";
    return attempt(intent, () => changeReviewSettings(db, autoPublish, actor));
  }
  if (intent !== "status")
    return invalid(intent, { form: "The page sent a form it does not have. Reload it and try again." });
  requireRight(user.role, { review: ["moderate"] });
  const form = parseForm(moveForm, fields);
  if (!form.ok) return invalid(intent, form.errors);
  const { id, status } = form.value;
  const move = adminReviewMoveBody.safeParse(
    status === "hidden" ? { status, reason: form.value.reason || undefined } : { status },
  );
  if (!move.success)
    return invalid(intent, {
      reason: move.error.issues.some((i) => i.path[0] === "reason" && form.value.reason)
        ? "Choose one of the reasons listed: a review is never hidden for its rating."
        : "Choose why the review is hidden.",
    });
  return attempt(intent, async () => {
    await moderateReview(db, id, move.data, actor);
    applyCatalogueChange(services, { pages: true });
  });
}
