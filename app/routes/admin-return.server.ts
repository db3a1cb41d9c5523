import { data } from "react-router";
import { approveReturnBody, declineReturnBody } from "../../core/contracts/returns.ts";
import { allows, type Permission } from "../../server/auth/roles.ts";
import { shopDeps } from "../../server/deps.ts";
import {
  approveReturn,
  declineReturn,
  markReturnReceived,
  refundReturn,
  returnDetail,
} from "../../server/returns/owner.ts";
import {
  attempt,
  dashboardAction,
  dashboardPage,
  invalid,
  parseForm,
  readForm,
  requireRight,
} from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-return";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/returns/{id}: one return, and whether the signed-in role may act on it (order:refund). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { order: ["read"] });
  const ret = await returnDetail(services.database.db, params.id);
  if (!ret) throw data(null, { status: 404, headers: noStore });
  return data(
    { ret, may: { act: allows(user.role, { order: ["refund"] }) }, now: new Date().toISOString() },
    { headers: noStore },
  );
}

/** Every move on a return needs the dashboard's refund permission, as POST /api/admin/returns/:id/… does. */
const RIGHT: Permission = { order: ["refund"] };
const INTENTS = ["approve", "received", "refund", "decline"] as const;

/**
 * The return's forms (`intent`: approve, received, refund, decline), each calling the function its
 * /api/admin/returns endpoint calls, with the signed-in owner as the actor. A move the return's status no
 * longer allows (another owner was first) answers its 409 in words on the form; the router then reads the
 * return again, so the page shows its status as it is now.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, {});
  const { intent, fields } = await readForm(request);
  if (!(INTENTS as readonly string[]).includes(intent))
    return invalid(intent, { form: "The page sent a form it does not have. Reload it and try again." });
  requireRight(user.role, RIGHT);
  const deps = shopDeps(services);
  const actor = { userId: user.id, email: user.email };
  const id = params.id;

  if (intent === "approve") {
    if (fields.returnNeeded !== "yes" && fields.returnNeeded !== "no")
      return invalid(intent, { returnNeeded: "Choose whether the product comes back." });
    const form = parseForm(approveReturnBody, {
      returnNeeded: fields.returnNeeded === "yes",
      // The note is how to send it back: it goes with a prepaid label only.
      note: fields.returnNeeded === "yes" ? (fields.note ?? "") : "",
    });
    if (!form.ok) return invalid(intent, form.errors);
    return attempt(intent, () => approveReturn(deps, id, form.value, actor));
  }
  if (intent === "decline") {
    const form = parseForm(declineReturnBody, { reason: fields.reason ?? "" });
    if (!form.ok) return invalid(intent, form.errors);
    return attempt(intent, () => declineReturn(deps, id, form.value, actor));
  }
  if (intent === "received") return attempt(intent, () => markReturnReceived(deps, id, actor));
  return attempt(intent, () => refundReturn(deps, id, actor));
}
