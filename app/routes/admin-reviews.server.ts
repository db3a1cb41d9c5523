import { data } from "react-router";
import { adminReviewsQuery } from "../../core/contracts/reviews.ts";
import { allows } from "../../server/admin/roles.ts";
import { listAdminReviews } from "../../server/reviews/moderation.ts";
import { dashboardPage } from "../admin.server.ts";
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
