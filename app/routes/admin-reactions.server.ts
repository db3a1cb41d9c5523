import { data } from "react-router";
import { reactionReportsQuery } from "../../core/contracts/reactions.ts";
import { listReactionReports } from "../../server/reactions/reaction-reports.ts";
import { dashboardPage } from "../admin.server.ts";
import { readListSearch } from "../admin-list.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-reactions";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/reactions?status=&page=: reports of reactions, newest first (reaction:read, the admin's). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { reaction: ["read"] });
  const { query, problem } = readListSearch(reactionReportsQuery, request);
  const list = await listReactionReports(services.database.db, query);
  return data({ query, list, problem, ownerEmail: services.env.SUPPORT_EMAIL ?? null }, { headers: noStore });
}
