import { data } from "react-router";
import { adminReturnsQuery } from "../../core/contracts/returns.ts";
import { listReturns } from "../../server/returns/owner.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-returns";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * The queue's `?status=&page=`: open returns by default, `status=all` every return (the API's `status=`),
 * else one status. A filter the owner mistyped is said in words and the open returns shown instead.
 */
export function readReturnsSearch(request: Request) {
  const params = new URL(request.url).searchParams;
  const status = params.get("status");
  const raw = {
    status: status === "all" ? "" : (status ?? undefined),
    page: params.get("page") ?? undefined,
  };
  const parsed = adminReturnsQuery.safeParse(raw);
  if (parsed.success) return { query: parsed.data, problem: null };
  const why = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  return {
    query: adminReturnsQuery.parse({}),
    problem: `The filter was not understood (${why}), so the open returns are shown.`,
  };
}

/**
 * /admin/returns?status=&page=: the returns queue, newest first (decision 055). Reading it needs dashboard
 * access (order:read); the actions on a return need order:refund, on its own page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { order: ["read"] });
  const { query, problem } = readReturnsSearch(request);
  const list = await listReturns(services.database.db, query);
  // The rows' ages are counted from the server's clock, so the page and its hydration agree.
  return data({ query, list, problem, now: new Date().toISOString() }, { headers: noStore });
}
