import { data } from "react-router";
import { z } from "zod";
import { reactionReportChangeBody } from "../../core/contracts/reactions.ts";
import { UUID } from "../../core/uuid.ts";
import { auditViewOf } from "../../server/audit/audit.ts";
import { allows } from "../../server/auth/roles.ts";
import { NotFound } from "../../server/domain-errors.ts";
import { changeReactionReport, reactionReport } from "../../server/reactions/reaction-reports.ts";
import { attempt, dashboardAction, dashboardPage, invalid, parseForm, readForm } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-reaction";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/reactions/:id: one report, with its audit trail; 404 for an unknown id. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { reaction: ["read"] });
  if (!UUID.test(params.id)) throw data(null, { status: 404, headers: noStore });
  const db = services.database.db;
  const report = await reactionReport(db, params.id).catch((err) => {
    if (err instanceof NotFound) return null;
    throw err;
  });
  if (!report) throw data(null, { status: 404, headers: noStore });
  const audit = await auditViewOf(db, "reaction_report", report.id);
  return data(
    { report, audit, may: { handle: allows(user.role, { reaction: ["handle"] }) } },
    { headers: noStore },
  );
}

const changeForm = z.object({
  status: reactionReportChangeBody.shape.status.unwrap(),
  ownerNote: z.string().optional().default(""),
});

/** The report's status and the owner's note (reaction:handle), audited, as PATCH /api/admin/reactions/:id. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, { reaction: ["handle"] });
  const { intent, fields } = await readForm(request);
  if (intent !== "change")
    return invalid(intent, { form: "The page sent a form it does not have. Reload it and try again." });
  if (!UUID.test(params.id)) throw data(null, { status: 404, headers: noStore });
  const form = parseForm(changeForm, fields);
  if (!form.ok) return invalid(intent, form.errors);
  const change = reactionReportChangeBody.safeParse(form.value);
  if (!change.success)
    return invalid(intent, { ownerNote: change.error.issues[0]?.message ?? "Check the note." });
  return attempt(intent, () =>
    changeReactionReport(services.database.db, params.id, change.data, {
      userId: user.id,
      email: user.email,
    }),
  );
}
